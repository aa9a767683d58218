/**
 * The paths whose verdict differs between two rule sets (one crawler's group in the old
 * and the new version), as regions of the prefix tree.
 *
 * Every rule has a literal prefix (the text before its first `*`). Those prefixes, plus
 * `/`, are the nodes of a tree; the *cell* of a node P is every target starting with P
 * but with none of its children. A plain-prefix rule matches a whole cell or none of it,
 * so without wildcards the verdict is constant on each cell and P itself, evaluated in
 * both versions, tells the cell's change. Wildcard and anchored rules can only match in
 * cells below their own literal prefix; where one can outrank the plain rules of a cell,
 * the cell is searched (see `exploreRegion`) for every combination of matching wildcard
 * rules, which splits it into a *base* part (no varying rule matches — the plain rules
 * decide) and parts described by "paths matching `pattern`".
 *
 * Cells with the same change merge along the tree: "P and everything under it, except
 * Q…". Only cells that a rule present in just one version can reach are looked at: where
 * no such rule matches, both versions pool the same matching rules and agree.
 */

import { compilePattern, matches, patternLanguage } from '@robots-lens/kernel/match';
import { cellStatus, NONE } from './cell-status';
import type { CellStatus, Config, ExceptRule } from './cell-status';
import type { WorkBudget } from './explore';
import { memoizedRelations } from './region-relations';
import type { Relations } from './region-relations';
import { bothRule, outranks, stronger, unique } from './region-rules';
import type { BothRule } from './region-rules';
import { rankCompare } from './selection';
import type { RuleSet } from './selection';
import type { VerdictChangeKind } from './types';

/** A region claim before verification and wording. */
export interface RegionClaim {
  readonly kind: VerdictChangeKind;
  readonly exact: boolean;
  /** Exact: the prefix P. Inexact: the normalised pattern of the rule involved. */
  readonly pattern: string;
  /** Excluded longer prefixes (exact claims). */
  readonly exceptPrefixes: readonly string[];
  /** Excluded wildcard rules (exact claims), with what is known about their paths. */
  readonly exceptRules: readonly ExceptRule[];
  /** `/robots.txt` lies in the region and is aimed at: it is always allowed. */
  readonly exceptRobotsTxt: boolean;
  /** The rule whose paths an inexact claim is about. */
  readonly rule?: BothRule;
  /** Deciding rules in each version (none: no rule matched, allowed). */
  readonly oldRules: readonly BothRule[];
  readonly newRules: readonly BothRule[];
  /** Targets (normalised) in the region found to change this way, shortest first. */
  readonly witnesses: readonly string[];
  readonly undecided: boolean;
  /** Undecided claims: how many wildcard rules interact in the cell. */
  readonly interacting?: number;
}

const MAX_WITNESSES = 5;

/** The regions whose verdict changes from `oldRules` to `newRules` (undefined: no group, everything allowed). */
export function changedRegions(oldRules: RuleSet | undefined, newRules: RuleSet | undefined, work: WorkBudget): RegionClaim[] {
  const both = new Map<string, BothRule>();
  for (const [key, { rule, lines }] of oldRules?.rules ?? []) both.set(key, bothRule(rule, lines, null));
  for (const [key, { rule, lines }] of newRules?.rules ?? []) both.set(key, bothRule(rule, both.get(key)?.oldLines ?? null, lines));
  const onlyInOne = (r: BothRule): boolean => (r.oldLines === null) !== (r.newLines === null);
  if (![...both.values()].some(onlyInOne)) return [];

  // The tree: `/` and every literal prefix of a rule; rules starting with `*` sit above `/`.
  const byPrefix = new Map<string, { plain: BothRule[]; wild: BothRule[] }>([['/', { plain: [], wild: [] }]]);
  const globals: BothRule[] = [];
  for (const rule of both.values()) {
    const prefix = rule.lang.literalPrefix;
    if (prefix === '') {
      globals.push(rule);
      continue;
    }
    let node = byPrefix.get(prefix);
    if (!node) byPrefix.set(prefix, (node = { plain: [], wild: [] }));
    (rule.plain ? node.plain : node.wild).push(rule);
  }
  const prefixes = [...byPrefix.keys()].sort();
  const n = prefixes.length;
  const parent = new Array<number>(n).fill(-1);
  const children: number[][] = prefixes.map(() => []);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    while (stack.length > 0 && !prefixes[i]!.startsWith(prefixes[stack[stack.length - 1]!]!)) stack.pop();
    if (stack.length > 0) {
      parent[i] = stack[stack.length - 1]!;
      children[parent[i]!]!.push(i);
    }
    stack.push(i);
  }

  const relations = memoizedRelations(work);
  const bestOld = new Array<BothRule | undefined>(n);
  const bestNew = new Array<BothRule | undefined>(n);
  const touched = new Array<boolean>(n);
  const status = new Array<CellStatus>(n);
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    const node = byPrefix.get(prefixes[i]!)!;
    let bo = p >= 0 ? bestOld[p] : undefined;
    let bn = p >= 0 ? bestNew[p] : undefined;
    for (const rule of node.plain) {
      if (rule.oldLines) bo = stronger(bo, rule);
      if (rule.newLines) bn = stronger(bn, rule);
    }
    bestOld[i] = bo;
    bestNew[i] = bn;
    touched[i] = (p >= 0 ? touched[p]! : globals.some(onlyInOne)) || node.plain.some(onlyInOne) || node.wild.some(onlyInOne);
    if (!touched[i]) {
      status[i] = NONE;
      continue;
    }
    // Rules that can outrank the cell's strongest plain rule of their version; where no
    // rule of only one version can win, both versions pick the same winner everywhere.
    const wild: BothRule[] = globals.filter((r) => outranks(r, bo, bn));
    for (let j = i; j >= 0; j = parent[j]!) for (const r of byPrefix.get(prefixes[j]!)!.wild) if (outranks(r, bo, bn)) wild.push(r);
    if (!(bo && onlyInOne(bo)) && !(bn && onlyInOne(bn)) && !wild.some(onlyInOne)) {
      status[i] = NONE;
      continue;
    }
    const suffixes = children[i]!.map((c) => prefixes[c]!.slice(prefixes[i]!.length));
    status[i] = cellStatus(prefixes[i]!, suffixes, bo, bn, wild, relations, work);
  }

  const claims: RegionClaim[] = [];
  const hedged = prefixes.map(() => new Set<VerdictChangeKind>());
  const inexact = new Map<string, { kind: VerdictChangeKind; rule: BothRule; configs: Config[] }>();
  for (let i = 0; i < n; i++) {
    const st = status[i]!;
    const here = new Map<string, { kind: VerdictChangeKind; rule: BothRule; configs: Config[] }>();
    for (const config of st.inexact) {
      const rule = responsibleRule(config, st.exceptRules);
      const key = `${config.change}\u0000${rule.key}`;
      const entry = here.get(key);
      if (entry) entry.configs.push(config);
      else here.set(key, { kind: config.change as VerdictChangeKind, rule, configs: [config] });
    }
    for (const [key, group] of here) {
      const whole = wholeRuleRegion(prefixes[i]!, children[i]!.map((c) => prefixes[c]!), group, st.configs, relations);
      if (whole) {
        claims.push(whole);
        continue;
      }
      const entry = inexact.get(key);
      if (entry) entry.configs.push(...group.configs);
      else inexact.set(key, group);
    }
    if (st.undecided) {
      for (const claim of undecidedClaims(prefixes[i]!, st, bestOld[i], bestNew[i])) {
        // One hedge per direction covers the whole subtree below it.
        let covered = false;
        for (let a = parent[i]!; a >= 0 && !covered; a = parent[a]!) covered = hedged[a]!.has(claim.kind);
        if (!covered) claims.push(claim);
        hedged[i]!.add(claim.kind);
      }
    }
    if (st.base === 'none') continue;
    const p = parent[i]!;
    if (p >= 0 && status[p]!.key === st.key) continue;
    // A new region starts here: gather the cells below with the same status.
    const members: number[] = [];
    const exceptions: number[] = [];
    const walk = (j: number): void => {
      members.push(j);
      for (const c of children[j]!) {
        if (status[c]!.key === st.key) walk(c);
        else exceptions.push(c);
      }
    };
    walk(i);
    const prefix = prefixes[i]!;
    const exceptPrefixes = exceptions.map((c) => prefixes[c]!);
    const exceptRobotsTxt =
      prefix.length > 1 &&
      '/robots.txt'.startsWith(prefix) &&
      !exceptPrefixes.some((q) => '/robots.txt'.startsWith(q)) &&
      !st.exceptRules.some((e) => matches(compilePattern(e.rule.normalized), '/robots.txt'));
    claims.push({
      kind: st.base,
      exact: true,
      pattern: prefix,
      exceptPrefixes,
      exceptRules: st.exceptRules,
      exceptRobotsTxt,
      oldRules: unique(members.map((m) => status[m]!.baseOld)),
      newRules: unique(members.map((m) => status[m]!.baseNew)),
      witnesses: members.map((m) => status[m]!.baseWitness).filter((w): w is string => w !== undefined && w !== '/robots.txt').slice(0, MAX_WITNESSES),
      undecided: false,
    });
  }
  for (const { kind, rule, configs } of inexact.values()) {
    // The simplest cases first: fewest other wildcard rules involved, then shortest.
    configs.sort((a, b) => a.matched.length - b.matched.length || a.witness.length - b.witness.length || (a.witness < b.witness ? -1 : 1));
    claims.push({
      kind,
      exact: false,
      pattern: rule.normalized,
      exceptPrefixes: [],
      exceptRules: [],
      exceptRobotsTxt: false,
      rule,
      oldRules: unique(configs.map((c) => c.oldWinner)),
      newRules: unique(configs.map((c) => c.newWinner)),
      witnesses: [...new Set(configs.map((c) => c.witness).filter((w) => w !== '/robots.txt'))].slice(0, MAX_WITNESSES),
      undecided: false,
    });
  }
  return claims;
}

/**
 * A wildcard rule whose literal prefix is the cell's own, where every path of the cell it
 * matches changes the same way: then "every path matching it" is exact (its paths all
 * start with the prefix, so the cell is that set minus the longer prefixes).
 */
function wholeRuleRegion(
  prefix: string,
  childPrefixes: readonly string[],
  group: { kind: VerdictChangeKind; rule: BothRule; configs: readonly Config[] },
  configs: readonly Config[],
  relations: Relations,
): RegionClaim | undefined {
  const { kind, rule } = group;
  if (rule.lang.literalPrefix !== prefix) return undefined;
  if (!configs.every((c) => !c.matched.includes(rule) || c.change === kind)) return undefined;
  const exceptPrefixes = childPrefixes.filter((q) => relations.intersects(rule.lang, patternLanguage(q)) !== false);
  const sorted = [...group.configs].sort((a, b) => a.matched.length - b.matched.length || a.witness.length - b.witness.length || (a.witness < b.witness ? -1 : 1));
  return {
    kind,
    exact: true,
    pattern: rule.normalized,
    exceptPrefixes,
    exceptRules: [],
    exceptRobotsTxt: prefix.length > 1 && matches(compilePattern(rule.normalized), '/robots.txt') && !exceptPrefixes.some((q) => '/robots.txt'.startsWith(q)),
    rule,
    oldRules: unique(sorted.map((c) => c.oldWinner)),
    newRules: unique(sorted.map((c) => c.newWinner)),
    witnesses: sorted.map((c) => c.witness).filter((w) => w !== '/robots.txt').slice(0, MAX_WITNESSES),
    undecided: false,
  };
}

/** The rule an inexact claim names: the one that decides the change, else a wildcard rule the paths match. */
function responsibleRule(config: Config, cut: readonly ExceptRule[]): BothRule {
  const varying = (r: BothRule | undefined): r is BothRule => r !== undefined && config.matched.includes(r);
  if (varying(config.newWinner)) return config.newWinner;
  if (varying(config.oldWinner)) return config.oldWinner;
  const cutRules = new Set(cut.map((e) => e.rule));
  return config.matched.filter((r) => cutRules.has(r)).sort((a, b) => rankCompare(b, a))[0] ?? config.matched[0]!;
}

function undecidedClaims(prefix: string, st: CellStatus, oldWinner: BothRule | undefined, newWinner: BothRule | undefined): RegionClaim[] {
  const u = st.undecided!;
  const kinds: VerdictChangeKind[] = [];
  if (u.disallowPossible) kinds.push('newly-disallowed');
  if (u.allowPossible) kinds.push('newly-allowed');
  return kinds.map((kind) => ({
    kind,
    exact: false,
    pattern: prefix,
    interacting: u.rules,
    exceptPrefixes: [],
    exceptRules: [],
    exceptRobotsTxt: false,
    oldRules: oldWinner ? [oldWinner] : [],
    newRules: newWinner ? [newWinner] : [],
    witnesses: [],
    undecided: true,
  }));
}
