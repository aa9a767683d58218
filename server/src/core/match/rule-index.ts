/**
 * Finds the winning rule without trying every rule. A pattern can only match targets that
 * start with its literal prefix (the text before its first `*`), so the rules hang in a trie
 * of literal prefixes; walking the target down the trie visits exactly the rules that can
 * match, and among those the best-ranked one that really matches wins. The walk is linear
 * in the target's length and each candidate check is linear too (see pattern.ts).
 */

import { matches } from './pattern';
import type { CompiledPattern } from './pattern';

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
  /** For each rule (same order), the characters it needs after its literal prefix. */
  readonly needs: CharSet[];
}

/**
 * ASCII characters a wildcard rule needs after its literal prefix, as a 128-bit set. A
 * target lacking one of them cannot match, which rules out most `/*?x=` style rules
 * without running the matcher.
 */
interface CharSet {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

function charSetOf(text: string): CharSet {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) continue;
    const bit = 1 << (code & 31);
    if (code < 32) a |= bit;
    else if (code < 64) b |= bit;
    else if (code < 96) c |= bit;
    else d |= bit;
  }
  return { a, b, c, d };
}

function hasAll(have: CharSet, need: CharSet): boolean {
  return (have.a & need.a) === need.a && (have.b & need.b) === need.b && (have.c & need.c) === need.c && (have.d & need.d) === need.d;
}

export class RuleIndex<R extends IndexedRule> {
  private readonly root: TrieNode = { label: '', children: new Map(), rules: [], needs: [] };

  constructor(rules: readonly R[]) {
    for (const rule of rules) this.add(rule);
    sortNode(this.root);
  }

  /**
   * The best-ranked rule matching `target`, if any. The nodes on the target's path hold
   * every candidate; they are tried in global rank order (a k-way merge of the nodes'
   * rank-sorted lists), so the first that matches is the winner.
   */
  best(target: string): R | undefined {
    const path = this.path;
    const heads = this.heads;
    let count = 0;
    let node: TrieNode | undefined = this.root;
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
    let targetChars: CharSet | undefined;
    for (;;) {
      let bestNode = -1;
      let bestRank = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        // Bounds-checked on purpose: reading past an array's end is a slow path in V8.
        const rules = path[i]!.rules;
        const head = heads[i]!;
        if (head >= rules.length) continue;
        const rule = rules[head]!;
        if (rule.rank < bestRank) {
          bestRank = rule.rank;
          bestNode = i;
        }
      }
      if (bestNode < 0) return undefined;
      const rule = path[bestNode]!.rules[heads[bestNode]!]!;
      // A literal-only rule on the path matches by construction, unless `$` demands the end here.
      let ok: boolean;
      if (rule.literalOnly) {
        ok = !rule.pattern.anchored || rule.pattern.pieces[0]!.length === target.length;
      } else {
        targetChars ??= charSetOf(target);
        ok = hasAll(targetChars, path[bestNode]!.needs[heads[bestNode]!]!) && matches(rule.pattern, target);
      }
      if (ok) return rule as R;
      heads[bestNode] = heads[bestNode]! + 1;
    }
  }

  // Scratch arrays reused across calls: `best` runs millions of times in a replay.
  private readonly path: TrieNode[] = [];
  private readonly heads: number[] = [];

  private add(rule: R): void {
    const prefix = rule.pattern.pieces[0]!;
    let node = this.root;
    let pos = 0;
    while (pos < prefix.length) {
      const c = prefix.charCodeAt(pos);
      const child = node.children.get(c);
      if (!child) {
        const leaf: TrieNode = { label: prefix.slice(pos), children: new Map(), rules: [], needs: [] };
        node.children.set(c, leaf);
        node = leaf;
        pos = prefix.length;
        break;
      }
      let common = 0;
      while (common < child.label.length && pos + common < prefix.length && child.label.charCodeAt(common) === prefix.charCodeAt(pos + common)) common++;
      if (common < child.label.length) {
        // Split the edge: the shared part becomes a node of its own.
        const middle: TrieNode = { label: child.label.slice(0, common), children: new Map(), rules: [], needs: [] };
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
}

function sortNode(node: TrieNode): void {
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    n.rules.sort((a, b) => a.rank - b.rank);
    for (const rule of n.rules) n.needs.push(charSetOf(rule.pattern.pieces.slice(1).join('')));
    for (const child of n.children.values()) stack.push(child);
  }
}
