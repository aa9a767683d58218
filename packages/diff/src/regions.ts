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

import { compilePattern, contains, intersects, matches, patternLanguage } from '@robots-lens/kernel/match';
import type { PatternLanguage } from '@robots-lens/kernel/match';
import { exploreRegion } from './explore';
import type { WorkBudget } from './explore';
import { rankCompare } from './selection';
import type { EffectiveRule, RuleSet } from './selection';
import type { VerdictChangeKind } from './types';

/** A rule of either version, with its lines in each (null: absent from that version). */
export interface BothRule extends EffectiveRule {
  readonly oldLines: readonly number[] | null;
  readonly newLines: readonly number[] | null;
}

export type Change = 'none' | VerdictChangeKind;

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

export interface ExceptRule {
  readonly rule: BothRule;
  /** Every path of the region matching the rule keeps this verdict in both versions. */
  readonly stays?: 'allowed' | 'disallowed';
}

interface Config {
  readonly matched: readonly BothRule[];
  readonly witness: string;
  readonly oldWinner: BothRule | undefined;
  readonly newWinner: BothRule | undefined;
  readonly change: Change;
}

interface CellStatus {
  /** Cells with equal keys merge. */
  readonly key: string;
  readonly base: Change;
  readonly exceptRules: readonly ExceptRule[];
  readonly baseWitness?: string;
  readonly baseOld?: BothRule;
  readonly baseNew?: BothRule;
  readonly inexact: readonly Config[];
  /** Every combination found in the cell (uniform cells: none). */
  readonly configs: readonly Config[];
  readonly undecided?: { readonly disallowPossible: boolean; readonly allowPossible: boolean; readonly witness: string; readonly rules: number };
}

const NONE: CellStatus = { key: 'none', base: 'none', exceptRules: [], inexact: [], configs: [] };

const MAX_WITNESSES = 5;
/** More wildcard rules than this varying in one cell are not searched together. */
const MAX_VARYING = 16;
/** More candidate wildcard rules than this in one cell are not classified one by one. */
const MAX_CANDIDATES = 64;
/** Work units (glob steps) one cell's search may use. */
const CELL_LIMIT = 400_000;
/** Work units charged for one containment or intersection proof. */
const RELATION_COST = 200;

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

function cellStatus(
  prefix: string,
  excluded: readonly string[],
  plainOld: BothRule | undefined,
  plainNew: BothRule | undefined,
  wild: readonly BothRule[],
  relations: Relations,
  work: WorkBudget,
): CellStatus {
  let constOld = plainOld;
  let constNew = plainNew;
  const cell = patternLanguage(prefix);
  const varying: BothRule[] = [];
  // Strongest first, so that a wildcard matching the whole cell can outrank weaker ones.
  const candidates = [...wild].sort((a, b) => rankCompare(b, a));
  // Past the limits (or once the analysis has spent its budget), say only what needs no search.
  if (candidates.length > MAX_CANDIDATES || work.left <= 0) return undecided(prefix, candidates, constOld, constNew);
  for (const rule of candidates) {
    if (!outranks(rule, constOld, constNew)) continue;
    if (relations.contains(rule.lang, cell) === true) {
      if (rule.oldLines) constOld = stronger(constOld, rule);
      if (rule.newLines) constNew = stronger(constNew, rule);
      continue;
    }
    if (relations.intersects(rule.lang, cell) === false) continue;
    varying.push(rule);
  }
  const vars = varying.filter((rule) => outranks(rule, constOld, constNew));
  if (vars.length === 0) return uniform(prefix, constOld, constNew);

  const combos = vars.length <= MAX_VARYING ? exploreRegion({ prefix, excluded, globs: vars.map((v) => v.lang.glob), budget: work, limit: CELL_LIMIT }) : undefined;
  if (!combos) return undecided(prefix, vars, constOld, constNew);
  const configs: Config[] = combos.map(({ matched, witness }) => {
    const rules = matched.map((i) => vars[i]!);
    let oldWinner = constOld;
    let newWinner = constNew;
    for (const rule of rules) {
      if (rule.oldLines) oldWinner = stronger(oldWinner, rule);
      if (rule.newLines) newWinner = stronger(newWinner, rule);
    }
    return { matched: rules, witness, oldWinner, newWinner, change: changeOf(oldWinner, newWinner) };
  });
  const baseConfig = configs.find((c) => c.matched.length === 0);
  const base: Change = baseConfig ? baseConfig.change : 'none';
  const off = configs.filter((c) => c.change !== base);
  // Cut out as few wildcard rules as will separate every off-base combination from the base.
  const cut = new Set<BothRule>();
  let uncovered = off;
  while (uncovered.length > 0) {
    let best: BothRule | undefined;
    let bestCount = 0;
    for (const rule of vars) {
      if (cut.has(rule)) continue;
      const count = uncovered.filter((c) => c.matched.includes(rule)).length;
      if (count > bestCount) {
        best = rule;
        bestCount = count;
      }
    }
    if (!best) break;
    cut.add(best);
    uncovered = uncovered.filter((c) => !c.matched.includes(best));
  }
  const exceptRules: ExceptRule[] = [...cut].sort((a, b) => rankCompare(b, a) || (a.key < b.key ? -1 : 1)).map((rule) => {
    const verdicts = new Set(configs.filter((c) => c.matched.includes(rule)).map((c) => `${allowedBy(c.oldWinner)}${allowedBy(c.newWinner)}`));
    const only = verdicts.size === 1 ? [...verdicts][0] : undefined;
    return only === 'truetrue' ? { rule, stays: 'allowed' } : only === 'falsefalse' ? { rule, stays: 'disallowed' } : { rule };
  });
  const inexact = configs.filter((c) => c.change !== 'none' && c.matched.some((r) => cut.has(r)));
  // Same key as a uniform cell when nothing is cut out, so that the two merge.
  const key = exceptRules.length === 0 ? base : `${base}\u0000${exceptRules.map((e) => `${e.rule.key}\u0001${e.stays ?? ''}`).join('\u0000')}`;
  return {
    key,
    base,
    exceptRules,
    inexact,
    configs,
    ...(baseConfig ? { baseWitness: baseConfig.witness } : {}),
    ...(baseConfig?.oldWinner ? { baseOld: baseConfig.oldWinner } : {}),
    ...(baseConfig?.newWinner ? { baseNew: baseConfig.newWinner } : {}),
  };
}

/**
 * Too many wildcard rules interact to search the cell. What is still proved: where none of
 * them matches, the plain rules decide, so that part changes like P itself (an exact
 * claim cutting all of them out, when P matches none); the rest may change either way.
 */
function undecided(prefix: string, vars: readonly BothRule[], constOld: BothRule | undefined, constNew: BothRule | undefined): CellStatus {
  const inNew = vars.filter((v) => v.newLines);
  const inOld = vars.filter((v) => v.oldLines);
  const prefixIsBase = !vars.some((v) => matches(compilePattern(v.normalized), prefix));
  const base = prefixIsBase ? changeOf(constOld, constNew) : 'none';
  const exceptRules = base === 'none' ? [] : [...vars].sort((a, b) => rankCompare(b, a) || (a.key < b.key ? -1 : 1)).map((rule) => ({ rule }));
  return {
    key: `undecided\u0000${prefix}`,
    base,
    exceptRules,
    inexact: [],
    configs: [],
    ...(base !== 'none' ? { baseWitness: prefix } : {}),
    ...(base !== 'none' && constOld ? { baseOld: constOld } : {}),
    ...(base !== 'none' && constNew ? { baseNew: constNew } : {}),
    undecided: {
      disallowPossible: [constNew, ...inNew].some((r) => r && !r.allow),
      allowPossible: [constOld, ...inOld].some((r) => r && !r.allow),
      witness: prefix,
      rules: vars.length,
    },
  };
}

function uniform(prefix: string, oldWinner: BothRule | undefined, newWinner: BothRule | undefined): CellStatus {
  const base = changeOf(oldWinner, newWinner);
  if (base === 'none') return NONE;
  return {
    key: base,
    base,
    exceptRules: [],
    inexact: [],
    configs: [],
    baseWitness: prefix,
    ...(oldWinner ? { baseOld: oldWinner } : {}),
    ...(newWinner ? { baseNew: newWinner } : {}),
  };
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

/** Spelled out, not spread: one object shape for thousands of rules. */
function bothRule(rule: EffectiveRule, oldLines: readonly number[] | null, newLines: readonly number[] | null): BothRule {
  const { key, allow, normalized, octets, lang, plain, implicit } = rule;
  return { key, allow, normalized, octets, lang, plain, implicit, oldLines, newLines };
}

function outranks(rule: BothRule, constOld: BothRule | undefined, constNew: BothRule | undefined): boolean {
  return (rule.oldLines !== null && (!constOld || rankCompare(rule, constOld) > 0)) || (rule.newLines !== null && (!constNew || rankCompare(rule, constNew) > 0));
}

function stronger(current: BothRule | undefined, rule: BothRule): BothRule {
  return !current || rankCompare(rule, current) > 0 ? rule : current;
}

function allowedBy(winner: BothRule | undefined): boolean {
  return winner ? winner.allow : true;
}

function changeOf(oldWinner: BothRule | undefined, newWinner: BothRule | undefined): Change {
  const before = allowedBy(oldWinner);
  const after = allowedBy(newWinner);
  if (before === after) return 'none';
  return after ? 'newly-allowed' : 'newly-disallowed';
}

function unique(rules: readonly (BothRule | undefined)[]): BothRule[] {
  return [...new Set(rules.filter((r): r is BothRule => r !== undefined))];
}

interface Relations {
  contains(outer: PatternLanguage, inner: PatternLanguage): boolean | undefined;
  intersects(a: PatternLanguage, b: PatternLanguage): boolean | undefined;
}

function memoizedRelations(work: WorkBudget): Relations {
  const memo = new Map<string, boolean | undefined>();
  const remember = (key: string, compute: () => boolean | undefined): boolean | undefined => {
    if (memo.has(key)) return memo.get(key);
    work.left -= RELATION_COST;
    const answer = compute();
    memo.set(key, answer);
    return answer;
  };
  return {
    contains: (outer, inner) => remember(`c\u0000${outer.glob}\u0000${inner.glob}`, () => contains(outer, inner)),
    intersects: (a, b) => remember(`i\u0000${a.glob}\u0000${b.glob}`, () => intersects(a, b)),
  };
}
