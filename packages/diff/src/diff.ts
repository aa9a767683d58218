/**
 * The semantic diff of two robots.txt versions: for each crawler, which paths change
 * verdict, which group it now uses, and which rules became dead.
 *
 * Claims come from the rules of both versions (see `changedRegions`) and are then put to
 * the one matcher: every example printed was decided by `RobotsMatcher` on both files, and
 * an exact claim whose samples do not all flip the claimed way is demoted to "some paths",
 * so the diff can be incomplete in wording but never wrong.
 */

import { crawlerByToken, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { normalizeTarget } from '@robots-lens/kernel/encoding';
import { compilePattern, matcherFor, matches } from '@robots-lens/kernel/match';
import type { CompiledPattern } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { describeExact, describeInexact, describeUndecided, ruleList, ruleRef, selectionText } from './describe';
import type { Versions } from './describe';
import { changedRegions } from './regions';
import type { BothRule } from './region-rules';
import type { RegionClaim } from './regions';
import { defaultTargets, sameRules, selectGroup, STAR_TARGET } from './selection';
import type { CrawlerTarget, Selection } from './selection';
import { shadowingChanges } from './shadowing';
import type { CrawlerDiff, DiffOptions, GroupChange, GroupSelection, RobotsDiff, RuleRef, VerdictChange } from './types';

/** Work units (wildcard globs stepped over one character) per crawler's analysis: about a second at most. */
const DEFAULT_BUDGET = 3_000_000;
/** Work units for all crawlers of one diff together. */
const TOTAL_BUDGET_FACTOR = 5;

/**
 * Compares two versions of a robots.txt, crawler by crawler. Pure; the result is plain
 * data (the `crawler` field holds the catalogue entry). Crawlers without any change are
 * left out; `unchanged` says whether any remain.
 */
export function diffRobots(oldFile: RobotsFile, newFile: RobotsFile, options: DiffOptions = {}): RobotsDiff {
  const targets = options.crawlers ? options.crawlers.map(targetFor) : defaultTargets([oldFile, newFile]);
  const perAnalysis = options.budget ?? DEFAULT_BUDGET;
  const budget = { left: perAnalysis * TOTAL_BUDGET_FACTOR, each: perAnalysis };
  const files: Versions = { old: oldFile, new: newFile };
  const memo = new Map<string, readonly VerdictChange[]>();
  const crawlers: CrawlerDiff[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    const id = target.chain.map((t) => tokenKey(t)).join('\u0000');
    if (seen.has(id)) continue;
    seen.add(id);
    const result = diffCrawler(files, target, budget, memo);
    if (result.changes.length > 0 || result.groupChange) crawlers.push(result);
  }
  const shadowing = shadowingChanges(oldFile, newFile);
  return { crawlers, shadowing, unchanged: crawlers.length === 0 };
}

/** A user-given token or User-Agent header as a crawler to compare; `*` is every crawler no group names. */
export function targetFor(agent: string): CrawlerTarget {
  if (agent.trim() === '*') return STAR_TARGET;
  const resolved = resolveAgent(agent);
  if (resolved.chain.length === 1 && resolved.chain[0] === '*' && resolved.token === '') return STAR_TARGET;
  const crawler = resolved.crawler ?? crawlerByToken(resolved.token);
  return crawler ? { token: crawler.token, chain: crawler.chain, crawler } : { token: resolved.token, chain: resolved.chain };
}

function diffCrawler(files: Versions, target: CrawlerTarget, budget: Budget, memo: Map<string, readonly VerdictChange[]>): CrawlerDiff {
  const oldSel = selectGroup(files.old, target.chain);
  const newSel = selectGroup(files.new, target.chain);
  // Crawlers that select the same groups in both versions share one analysis.
  const key = `${oldSel?.key ?? ''}\u0000${newSel?.key ?? ''}`;
  let changes = memo.get(key);
  if (!changes) {
    changes = sameRules(oldSel?.ruleSet, newSel?.ruleSet) ? [] : verdictChanges(files, target, oldSel, newSel, budget);
    memo.set(key, changes);
  }
  const groupChange = groupChangeOf(files, oldSel, newSel, changes.length > 0);
  return {
    token: target.token,
    ...(target.crawler ? { crawler: target.crawler } : {}),
    chain: target.chain,
    ...(groupChange ? { groupChange } : {}),
    changes,
  };
}

function verdictChanges(files: Versions, target: CrawlerTarget, oldSel: Selection | null, newSel: Selection | null, budget: Budget): VerdictChange[] {
  const allowance = Math.max(0, Math.min(budget.each, budget.left));
  const work = { left: allowance };
  const claims = changedRegions(oldSel?.ruleSet, newSel?.ruleSet, work);
  budget.left -= allowance - Math.max(0, work.left);
  const agent = agentOf(target);
  const oldMatcher = matcherFor(files.old);
  const newMatcher = matcherFor(files.new);
  const flips = (path: string, kind: VerdictChange['kind']): boolean => {
    const before = oldMatcher.decide(path, agent).allowed;
    const after = newMatcher.decide(path, agent).allowed;
    return kind === 'newly-disallowed' ? before === true && after === false : before === false && after === true;
  };
  // Shown examples read like URLs (`/page.pdf$`, not `/.pdf%24`) and are checked again as shown.
  const present = (claim: RegionClaim, target: string): string => {
    for (const candidate of [embellish(readable(target)), readable(target)]) {
      if (covers(claim, normalizeTarget(candidate)) && flips(candidate, claim.kind)) return candidate;
    }
    return target;
  };
  const exact: VerdictChange[] = [];
  const inexact: VerdictChange[] = [];
  for (const claim of claims) {
    if (claim.undecided) {
      inexact.push(toChange(claim, describeUndecided(claim), false, [], true));
      continue;
    }
    if (claim.exact) {
      const samples = [...new Set([...claim.witnesses, ...extraSamples(claim)])].filter((p) => inRegion(claim, p) && realisable(p));
      const verified = samples.filter((p) => flips(p, claim.kind));
      if (samples.length > 0 && verified.length === samples.length) {
        const examples = [...new Set(verified.slice(0, 3).map((p) => present(claim, p)))];
        exact.push(toChange(claim, describeExact(claim, files), true, examples));
        continue;
      }
      // Never print an exact claim the matcher contradicts: say "some paths" instead.
      const examples = [...new Set(verified.slice(0, 3).map((p) => present(claim, p)))];
      inexact.push(toChange(claim, describeInexact(claim, files, examples), false, examples, examples.length === 0));
      continue;
    }
    const verified = claim.witnesses.filter((p) => realisable(p) && flips(p, claim.kind));
    const examples = [...new Set(verified.slice(0, 3).map((p) => present(claim, p)))];
    inexact.push(toChange(claim, describeInexact(claim, files, examples), false, examples, examples.length === 0));
  }
  return [...exact, ...inexact];
}

/** What the analyses of one diff may still spend, and what one may spend at most. */
interface Budget {
  left: number;
  readonly each: number;
}

function toChange(claim: RegionClaim, description: string, exact: boolean, examples: readonly string[], undecided = false): VerdictChange {
  const except = exact
    ? [...claim.exceptPrefixes, ...(claim.exceptRobotsTxt ? ['/robots.txt$'] : []), ...claim.exceptRules.map((e) => e.rule.normalized)]
    : [];
  return {
    kind: claim.kind,
    description,
    pattern: claim.pattern,
    ...(except.length > 0 ? { except } : {}),
    exact,
    oldLines: linesOf(claim.oldRules, 'old'),
    newLines: linesOf(claim.newRules, 'new'),
    examples,
    ...(undecided ? { undecided: true as const } : {}),
  };
}

function linesOf(rules: readonly BothRule[], version: 'old' | 'new'): number[] {
  const lines = new Set<number>();
  for (const rule of rules) for (const line of (version === 'old' ? rule.oldLines : rule.newLines) ?? []) lines.add(line + 1);
  return [...lines].sort((a, b) => a - b);
}

/** A couple of paths deeper in the region, besides the shortest ones the analysis found. */
function extraSamples(claim: RegionClaim): string[] {
  if (claim.rule) return [];
  const p = claim.pattern;
  return p.endsWith('/') ? [p + 'x/page.html', p + 'x?q=1'] : [p + 'x', p + '/x'];
}

/** The region of an exact claim, read the way the claim is written. */
function inRegion(claim: RegionClaim, target: string): boolean {
  if (!matches(compiled(claim.pattern), target)) return false;
  if (claim.exceptPrefixes.some((q) => target.startsWith(q))) return false;
  if (claim.exceptRobotsTxt && target === '/robots.txt') return false;
  return !claim.exceptRules.some((e) => matches(compiled(e.rule.normalized), target));
}

const compiledPatterns = new Map<string, CompiledPattern>();

/** Claims of one file share a few hundred patterns at most; compile each once. */
function compiled(pattern: string): CompiledPattern {
  let c = compiledPatterns.get(pattern);
  if (!c) {
    if (compiledPatterns.size > 10_000) compiledPatterns.clear();
    compiledPatterns.set(pattern, (c = compilePattern(pattern)));
  }
  return c;
}

/** Exact claims: the region. Inexact: the pattern the claim names. */
function covers(claim: RegionClaim, target: string): boolean {
  return claim.exact ? inRegion(claim, target) : matches(compiled(claim.pattern), target);
}

/** `$` and `*` as a URL would carry them; the matcher reads `%24`/`%2A` the same. */
function readable(target: string): string {
  return target.replace(/%24/g, '$').replace(/%2A/g, '*');
}

/** A file name where the shortest witness has none: `/docs/.html` → `/docs/page.html`. */
function embellish(path: string): string {
  return path.replace(/\/(?=[.?;])/g, '/page');
}

/** A target the matcher can actually see: normalising it changes nothing. */
function realisable(target: string): boolean {
  return target.startsWith('/') && normalizeTarget(target) === target && target !== '/robots.txt';
}

function agentOf(target: CrawlerTarget): ResolvedAgent {
  return {
    input: target.token,
    kind: 'token',
    token: target.token === '*' ? '' : target.token,
    chain: target.chain,
    explanation: '',
    ...(target.crawler ? { crawler: target.crawler } : {}),
  };
}

function groupChangeOf(files: Versions, oldSel: Selection | null, newSel: Selection | null, verdictsChange: boolean): GroupChange | undefined {
  const from = selectionOf(oldSel);
  const to = selectionOf(newSel);
  if ((oldSel?.key ?? null) !== (newSel?.key ?? null)) {
    const oldKeys = new Set((oldSel?.pooled ?? []).map(ruleKey));
    const newKeys = new Set((newSel?.pooled ?? []).map(ruleKey));
    const lostRules = refsNotIn(files.old, oldSel, newKeys);
    const gainedRules = refsNotIn(files.new, newSel, oldKeys);
    let description: string;
    if (!oldSel) description = `No group applied before (everything was allowed); now ${selectionText(newSel, 'new')} does.`;
    else if (!newSel) description = `No group applies any more (everything is allowed); before, ${selectionText(oldSel, 'old')} did.`;
    else description = `Now uses ${selectionText(newSel, 'new')} instead of ${selectionText(oldSel, 'old')}.`;
    if (oldSel && lostRules.length > 0) {
      description += oldSel.key === '*' ? ` It no longer gets the * rules ${ruleList(lostRules, 'old')}.` : ` Rules it no longer gets: ${ruleList(lostRules, 'old')}.`;
    }
    if (newSel && oldSel && gainedRules.length > 0) description += ` Rules it now gets: ${ruleList(gainedRules, 'new')}.`;
    if (!verdictsChange && oldSel && newSel) description += ' No verdict changes for now, but edits to one group no longer reach it through the other.';
    return { kind: 'moved', from, to, description, lostRules, gainedRules };
  }
  if (verdictsChange && oldSel && newSel && oldSel.groups.length !== newSel.groups.length) {
    const count = (n: number): string => (n === 1 ? 'one group' : `${n} groups`);
    const description =
      `User-agent: ${newSel.token} now names ${count(newSel.groups.length)} (${linesText(newSel.agentLines, 'new')})` +
      `${newSel.groups.length > 1 ? ', whose rules are pooled' : ''}; before, ${count(oldSel.groups.length)} (${linesText(oldSel.agentLines, 'old')}).`;
    return { kind: 'pooled', from, to, description, lostRules: [], gainedRules: [] };
  }
  return undefined;
}

function linesText(lines: readonly number[], version: 'old' | 'new'): string {
  return `${version} line${lines.length > 1 ? 's' : ''} ${lines.map((l) => l + 1).join(', ')}`;
}

function selectionOf(selection: Selection | null): GroupSelection | null {
  if (!selection) return null;
  return { token: selection.token, agentLines: selection.agentLines.map((l) => l + 1), groups: selection.groups.length };
}

function ruleKey(rule: Rule): string {
  return (rule.kind === 'allow' ? 'A' : 'D') + rule.normalized;
}

/** The rules of a selection whose (kind, pattern) the other version's group lacks, one per key. */
function refsNotIn(file: RobotsFile, selection: Selection | null, keys: ReadonlySet<string>): RuleRef[] {
  if (!selection) return [];
  const out: RuleRef[] = [];
  const listed = new Set<string>();
  for (const rule of selection.pooled) {
    if (rule.normalized === '') continue;
    const key = ruleKey(rule);
    if (keys.has(key) || listed.has(key)) continue;
    listed.add(key);
    out.push(ruleRef(file, rule.line));
  }
  return out;
}
