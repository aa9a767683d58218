/**
 * Finds the winning rule without trying every rule. A pattern can only match targets that
 * start with its literal prefix (the text before its first `*`), so the rules hang in a trie
 * of literal prefixes; walking the target down the trie visits exactly the rules that can
 * match, and among those the best-ranked one that really matches wins. The walk is linear
 * in the target's length and each candidate check is linear too (see pattern.ts). The trie
 * is built once a group has been searched a few times (SEARCHES_BEFORE_TRIE); before, the
 * rules are tried in rank order.
 */

import { matches } from './pattern';
import type { CompiledPattern } from './pattern';
import { NO_RULE, RuleAutomaton, UNANSWERED } from './rule-automaton';

export interface IndexedRule {
  /** Position in rank order (lower wins): longest first, Allow before Disallow on ties. */
  readonly rank: number;
  readonly pattern: CompiledPattern;
  /** No `*`: matching is decided by the walk itself (plus the `$` anchor). */
  readonly literalOnly: boolean;
}

/** A node of a radix tree: single-child chains are merged into one edge label. */
interface TrieNode {
  /** The text on the edge from the parent to this node. */
  label: string;
  readonly children: Map<number, TrieNode>;
  readonly rules: IndexedRule[];
  /** For each rule (same order), its sentinel character code, or -1 (literal-only or nothing to require). */
  readonly sentinels: number[];
}

/**
 * A wildcard rule can only match a target containing every character of its later
 * pieces. One of them, the rarest by a rough table of URL character frequency, is its
 * sentinel: most `/*?x=` style rules are ruled out by one native `indexOf`, shared by all
 * rules with the same sentinel, before the matcher runs.
 */
const COMMON = 'etaoinsrhldcumfpgwybvkxjqz/-0123456789ETAOINSRHLDCUMFPGWYBVKXJQZ._';

function sentinelOf(rule: IndexedRule): number {
  const rest = rule.pattern.pieces.slice(1).join('');
  let best = -1;
  let bestScore = -1;
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    const rank = COMMON.indexOf(rest[i]!);
    const score = rank < 0 ? COMMON.length : rank;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

// Per-call memo of sentinel lookups, keyed by character code and stamped per call; shared
// by every index because matching never re-enters itself.
let sentinelStamp = 0;
const sentinelSeen = new Int32Array(0x10000);
const sentinelPresent = new Uint8Array(0x10000);

/**
 * Queries an index answers by searching before it builds an automaton: one-off questions
 * (a hover, a lint proof) should not pay for states they never reuse.
 */
const QUERIES_BEFORE_AUTOMATON = 64;
/**
 * Questions asked as bytes before the automaton is built. Bytes are asked in bulk (`test
 * --batch`), so sooner than text: each question before it goes the general way (in the
 * bench's batch, 64 a group were 3,000 lines), yet a batch of a few hundred lines should
 * not build states it never reuses (building at the first one made 1,000 lines slower).
 */
const BYTES_BEFORE_AUTOMATON = 16;
/**
 * Each new automaton state steps every rule still live, so a group of thousands of rules
 * makes states too dear to build (and too many to keep): such groups keep the search.
 */
const MAX_AUTOMATON_RULES = 1_000;
/**
 * Searches answered by trying the rules in rank order, before the trie is built: the first
 * rule that matches is the answer the trie gives. A group asked a few questions (a hover, a
 * lint proof, the first answers of a batch before the automaton) should not pay for a tree
 * of all its rules: building it took 14 ms of a 200,000-line batch over 48 groups, for
 * searches that tried a few dozen rules each.
 */
const SEARCHES_BEFORE_TRIE = 32;

export class RuleIndex<R extends IndexedRule> {
  private root: TrieNode | undefined;
  private readonly ranked: R[];
  private automaton: RuleAutomaton | undefined;
  private queries = 0;
  private bytesQueries = 0;
  private searches = 0;

  constructor(rules: readonly R[]) {
    this.ranked = [...rules].sort((a, b) => a.rank - b.rank);
  }

  /** The best-ranked rule matching `target`, if any. */
  best(target: string): R | undefined {
    const automaton = this.automaton ?? this.automatonAfter(++this.queries, QUERIES_BEFORE_AUTOMATON);
    if (automaton) {
      const rank = automaton.best(target);
      if (rank !== UNANSWERED) return rank === NO_RULE ? undefined : this.ranked[rank];
    }
    return this.search(target);
  }

  /**
   * `best` for the path of `text` from `from` up to its end or `#`, read in place and
   * normalised on the way; null when the automaton declines (non-ASCII) or is not built
   * yet: then slice, normalise and call `best`. `readPlainPath` says whether the answer
   * read every character and none needed normalising.
   */
  bestInPath(text: string, from: number): R | undefined | null {
    const automaton = this.automaton;
    if (!automaton) return null;
    const rank = automaton.bestInPath(text, from);
    if (rank === UNANSWERED) return null;
    this.readPlainPath = automaton.readPlainPath;
    return rank === NO_RULE ? undefined : this.ranked[rank];
  }

  readPlainPath = false;

  /**
   * `bestInPath` for a path given as its UTF-8 bytes (see the automaton's `bestInBytes`); null
   * when that cannot answer or no automaton is built yet (see BYTES_BEFORE_AUTOMATON).
   */
  bestInBytes(bytes: Uint8Array, from: number, end: number): R | undefined | null {
    const automaton = this.automaton ?? this.automatonAfter(++this.bytesQueries, BYTES_BEFORE_AUTOMATON);
    if (!automaton) return null;
    const rank = automaton.bestInBytes(bytes, from, end);
    if (rank === UNANSWERED) return null;
    return rank === NO_RULE ? undefined : this.ranked[rank];
  }

  /** The automaton, built now if `asked` questions of one kind just reached its `threshold` and the group is small enough (MAX_AUTOMATON_RULES). */
  private automatonAfter(asked: number, threshold: number): RuleAutomaton | undefined {
    if (asked !== threshold || this.ranked.length > MAX_AUTOMATON_RULES) return undefined;
    return (this.automaton = new RuleAutomaton(this.ranked.map((rule) => rule.pattern)));
  }

  /**
   * The search: the nodes on the target's path hold every candidate; they are tried in
   * global rank order (a k-way merge of the nodes' rank-sorted lists), so the first that
   * matches is the winner.
   */
  private search(target: string): R | undefined {
    if (this.root === undefined && ++this.searches <= SEARCHES_BEFORE_TRIE) return this.ranked.find((rule) => matches(rule.pattern, target));
    const path = this.path;
    const heads = this.heads;
    let count = 0;
    let node: TrieNode | undefined = (this.root ??= trieOf(this.ranked));
    let depth = 0;
    while (node) {
      if (node.rules.length > 0) {
        path[count] = node;
        heads[count] = 0;
        count++;
      }
      if (depth >= target.length) break;
      const child: TrieNode | undefined = node.children.get(target.charCodeAt(depth));
      if (!child || !target.startsWith(child.label, depth)) break;
      depth += child.label.length;
      node = child;
    }
    sentinelStamp++;
    if (count === 1) {
      // The common case: every candidate hangs in one node, already in rank order.
      const only = path[0]!;
      for (let k = 0; k < only.rules.length; k++) {
        if (this.accepts(only, k, target)) return only.rules[k] as R;
      }
      return undefined;
    }
    for (;;) {
      let bestNode = -1;
      let bestRank = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        // Bounds-checked on purpose: reading past an array's end is a slow path in V8.
        const rules = path[i]!.rules;
        const head = heads[i]!;
        if (head >= rules.length) continue;
        const rank = rules[head]!.rank;
        if (rank < bestRank) {
          bestRank = rank;
          bestNode = i;
        }
      }
      if (bestNode < 0) return undefined;
      const node = path[bestNode]!;
      const k = heads[bestNode]!;
      if (this.accepts(node, k, target)) return node.rules[k] as R;
      heads[bestNode] = k + 1;
    }
  }

  /** Does the k-th rule of a node on the target's path match it? */
  private accepts(node: TrieNode, k: number, target: string): boolean {
    const rule = node.rules[k]!;
    const pattern = rule.pattern;
    // A literal-only rule on the path matches by construction, unless `$` demands the end here.
    if (rule.literalOnly) return !pattern.anchored || pattern.pieces[0]!.length === target.length;
    const sentinel = node.sentinels[k]!;
    if (sentinel >= 0) {
      // Searched from the start, so one answer serves rules of every prefix length.
      if (sentinelSeen[sentinel] !== sentinelStamp) {
        sentinelSeen[sentinel] = sentinelStamp;
        sentinelPresent[sentinel] = target.indexOf(String.fromCharCode(sentinel)) >= 0 ? 1 : 0;
      }
      if (sentinelPresent[sentinel] === 0) return false;
    }
    return matches(pattern, target);
  }

  // Scratch arrays reused across calls: `best` runs millions of times in a replay.
  private readonly path: TrieNode[] = [];
  private readonly heads: number[] = [];

}

/** The radix tree of `rules` by their literal prefixes, each node's rules in rank order. */
function trieOf(rules: readonly IndexedRule[]): TrieNode {
  const root: TrieNode = { label: '', children: new Map(), rules: [], sentinels: [] };
  for (const rule of rules) addToTrie(root, rule);
  sortNode(root);
  return root;
}

function addToTrie(root: TrieNode, rule: IndexedRule): void {
  const prefix = rule.pattern.pieces[0]!;
  let node = root;
  let pos = 0;
  while (pos < prefix.length) {
    const c = prefix.charCodeAt(pos);
    const child = node.children.get(c);
    if (!child) {
      const leaf: TrieNode = { label: prefix.slice(pos), children: new Map(), rules: [], sentinels: [] };
      node.children.set(c, leaf);
      node = leaf;
      pos = prefix.length;
      break;
    }
    let common = 0;
    while (common < child.label.length && pos + common < prefix.length && child.label.charCodeAt(common) === prefix.charCodeAt(pos + common)) common++;
    if (common < child.label.length) {
      // Split the edge: the shared part becomes a node of its own.
      const middle: TrieNode = { label: child.label.slice(0, common), children: new Map(), rules: [], sentinels: [] };
      child.label = child.label.slice(common);
      middle.children.set(child.label.charCodeAt(0), child);
      node.children.set(c, middle);
      node = middle;
    } else {
      node = child;
    }
    pos += common;
  }
  node.rules.push(rule);
}

function sortNode(node: TrieNode): void {
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    n.rules.sort((a, b) => a.rank - b.rank);
    for (const rule of n.rules) n.sentinels.push(rule.literalOnly ? -1 : sentinelOf(rule));
    for (const child of n.children.values()) stack.push(child);
  }
}
