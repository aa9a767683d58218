/**
 * One cell of the prefix tree (every target starting with P but with none of its children):
 * which wildcard rules can outrank its plain rules, the combinations of them that match
 * together (searched by `exploreRegion`), and the cell's status, from which `regions.ts`
 * merges cells into claims. Past the search limits a cell is *undecided*: only what needs
 * no search is said.
 */

import { compilePattern, matches, patternLanguage } from '@robots-lens/kernel/match';
import { exploreRegion } from './explore';
import type { WorkBudget } from './explore';
import { allowedBy, changeOf, outranks, stronger } from './region-rules';
import type { BothRule, Change } from './region-rules';
import type { Relations } from './region-relations';
import { rankCompare } from './selection';

export interface ExceptRule {
  readonly rule: BothRule;
  /** Every path of the region matching the rule keeps this verdict in both versions. */
  readonly stays?: 'allowed' | 'disallowed';
}

export interface Config {
  readonly matched: readonly BothRule[];
  readonly witness: string;
  readonly oldWinner: BothRule | undefined;
  readonly newWinner: BothRule | undefined;
  readonly change: Change;
}

export interface CellStatus {
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

export const NONE: CellStatus = { key: 'none', base: 'none', exceptRules: [], inexact: [], configs: [] };

/** More wildcard rules than this varying in one cell are not searched together. */
const MAX_VARYING = 16;
/** More candidate wildcard rules than this in one cell are not classified one by one. */
const MAX_CANDIDATES = 64;
/** Work units (glob steps) one cell's search may use. */
const CELL_LIMIT = 400_000;

export function cellStatus(
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
