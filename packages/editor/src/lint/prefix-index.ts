/**
 * The rules of one pool by literal prefix (the text before a pattern's first `*`). Every
 * URL a pattern matches starts with its literal prefix, so a rule can only be contained in
 * a rule whose prefix is a prefix of its own (an ancestor), and can only share URLs with
 * an ancestor or a rule whose prefix extends its own (a descendant). The index finds both
 * without looking at the other rules, and gives up, rather than slow down, past a limit.
 */

export interface Prefixed {
  readonly prefix: string;
}

const NONE: readonly never[] = Object.freeze([]);

export class PrefixIndex<T extends Prefixed> {
  private readonly byPrefix = new Map<string, T[]>();
  /** The lengths some prefix has, ascending: only those can name an ancestor. */
  private readonly lengths: readonly number[];
  /**
   * The prefixes in order, with their lists, sorted on first need: a prefix's descendants
   * are one run of it.
   */
  private sorted: { readonly prefixes: readonly string[]; readonly lists: ReadonlyArray<readonly T[]> } | undefined;

  /** `items` in rank order; each prefix's list keeps that order. */
  constructor(items: readonly T[]) {
    const lengths = new Set<number>();
    for (const item of items) {
      const list = this.byPrefix.get(item.prefix);
      if (list) list.push(item);
      else {
        this.byPrefix.set(item.prefix, [item]);
        lengths.add(item.prefix.length);
      }
    }
    this.lengths = [...lengths].sort((a, b) => a - b);
  }

  /**
   * The items other than `self` whose prefix is a prefix of `self`'s, shortest prefix
   * first and in rank order within one prefix; undefined when there are more than `limit`.
   */
  ancestors(self: T, limit: number): readonly T[] | undefined {
    // Most rules have none: they share one empty list instead of each allocating its own.
    let out: T[] | undefined;
    const prefix = self.prefix;
    for (const k of this.lengths) {
      if (k > prefix.length) break;
      const list = this.byPrefix.get(k === prefix.length ? prefix : prefix.slice(0, k));
      if (!list) continue;
      // Give up before copying: 10,000 rules sharing the prefix `/` would make this quadratic.
      if ((out?.length ?? 0) + list.length > limit + 1) return undefined;
      for (const other of list) if (other !== self) (out ??= []).push(other);
    }
    if (!out) return NONE;
    return out.length > limit ? undefined : out;
  }

  /**
   * The lists of the prefixes that strictly extend `prefix`; undefined when there are more
   * than `limit` such prefixes.
   */
  descendants(prefix: string, limit: number): Array<readonly T[]> | undefined {
    const { prefixes, lists } = (this.sorted ??= this.sort());
    const out: Array<readonly T[]> = [];
    for (let i = lowerBound(prefixes, prefix); i < prefixes.length && prefixes[i]!.startsWith(prefix); i++) {
      if (prefixes[i] === prefix) continue;
      if (out.length >= limit) return undefined;
      out.push(lists[i]!);
    }
    return out;
  }

  private sort(): { prefixes: string[]; lists: Array<readonly T[]> } {
    const prefixes = [...this.byPrefix.keys()].sort();
    return { prefixes, lists: prefixes.map((p) => this.byPrefix.get(p)!) };
  }
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
