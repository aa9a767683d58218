/**
 * The order rules are tried in (docs/spec/robots-semantics.md §4): the longest pattern in octets wins, Allow wins
 * a tie with Disallow, and then the earlier line (Google's implicit `/dir/$` of an
 * `Allow: /dir/index.html` right after its own rule). The matcher ranks its compiled rules
 * with it and lint's shadowing proofs rank theirs with it, so the two never disagree.
 */

/** What the order reads of a rule (or of the implicit `/dir/$` that competes beside it). */
export interface Rankable {
  /** Octets of the normalised pattern that competes. */
  readonly octets: number;
  readonly allow: boolean;
  /** The rule's line. */
  readonly line: number;
  /** Google's implicit `/dir/$`: ranked right after its own rule on a tie. */
  readonly implicit: boolean;
}

/** The rank order as a comparator: negative when `a` is tried before `b`. */
export function byRank(a: Rankable, b: Rankable): number {
  return b.octets - a.octets || Number(b.allow) - Number(a.allow) || a.line - b.line || Number(a.implicit) - Number(b.implicit);
}

/**
 * Sorts `pool` into rank order, in place. A pool built group by group in file order is
 * already in line order (an implicit `/dir/$` right after its rule), so the order is octets
 * and kind, then position in the pool: one number per rule, sorted as numbers, where a
 * comparator would be called some 140,000 times for 10,000 rules. Any other pool is sorted
 * by `byRank`.
 */
export function sortByRank<T extends Rankable>(pool: T[]): void {
  let maxOctets = 0;
  let inLineOrder = true;
  for (let i = 0; i < pool.length; i++) {
    const r = pool[i]!;
    maxOctets = Math.max(maxOctets, r.octets);
    const prev = pool[i - 1];
    if (prev && !(r.implicit ? prev.line === r.line && !prev.implicit : r.line > prev.line)) inLineOrder = false;
  }
  const slots = 2 ** Math.ceil(Math.log2(pool.length + 1));
  // Keys must stay exact doubles; past that (or out of line order) the comparator decides.
  if (inLineOrder && (maxOctets + 1) * 2 * slots < Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(pool.length);
    for (let i = 0; i < pool.length; i++) {
      const r = pool[i]!;
      keys[i] = ((maxOctets - r.octets) * 2 + (r.allow ? 0 : 1)) * slots + i;
    }
    keys.sort();
    const byPosition = pool.slice();
    for (let i = 0; i < keys.length; i++) pool[i] = byPosition[keys[i]! % slots]!;
  } else pool.sort(byRank);
}
