import { crawlerByToken, documentedCrawlerOf } from '@robots-lens/kernel/crawlers';
import type { Group, RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { contains, intersects, patternLanguage } from '@robots-lens/kernel/match';
import type { PatternLanguage } from '@robots-lens/kernel/match';
import { fold } from '../fold';
import type { Check, Fix, RelatedSpan, Report, RuleDescription } from '../types';
import { eol, lineSpan } from '../text';
import { canonicalRule, groupKeys, groupUsers, matchesEverything, nameList } from './audience';

export const RULES = [
  { id: 'star-rules-not-inherited', title: 'Named group does not get the * rules', description: 'A crawler with its own group ignores every rule of the * group.' },
] as const satisfies readonly RuleDescription<string>[];

/** Related entries beyond this many would drown the Problems panel; the fix still copies all. */
const MAX_RELATED = 20;
/** A fix that pastes more rules than this is not a quick fix; the finding stands without it. */
const MAX_COPIED = 500;
/**
 * Comparisons of * rules against named pools, over the whole file. Thousands of named
 * groups beside a huge * group would make the check quadratic; past this, later groups
 * are not reported (saying less, never something wrong).
 */
const MAX_COMPARISONS = 1_000_000;

/**
 * ★ star-rules-not-inherited: a crawler with a group of its own ignores every `*` rule
 * (rules never mix across groups). Reported once per named token, at the first group
 * naming it, listing the `*` rules its pool lacks; groups that lack the same rules are one
 * finding. Silent for the deliberate idioms — a group that explicitly allows everything
 * (`Disallow:` / `Allow: /`), one that closes everything (`Disallow: /` with no Allow), and
 * an allow-list (`*` closes the site, the named groups are the crawlers let in) — and for
 * crawlers that ignore `*` anyway.
 */
export const check: Check<typeof RULES> = ({ file, rules: analysis }) => {
  const starGroups = file.groupsByToken.get('*');
  if (!starGroups) return [];
  // The * rules that can decide something: not empty, not dead (shadowed, or a pattern
  // that matches no path), one per distinct rule.
  const starRules: Rule[] = [];
  // Each * rule's index in starRules, by kind and normalised pattern: every named group
  // looks its rules up here. The parser's own strings are the keys, so no key is built.
  const starIndex: Readonly<Record<Rule['kind'], Map<string, number>>> = { allow: new Map(), disallow: new Map() };
  for (const g of starGroups) {
    for (const rule of file.groups[g]?.rules ?? []) {
      const n = rule.normalized;
      if (n === '' || !(n.startsWith('/') || n.startsWith('*')) || analysis.byLine.get(rule.line)?.shadowedBy) continue;
      const byPattern = starIndex[rule.kind];
      if (byPattern.has(n)) continue;
      byPattern.set(n, starRules.length);
      starRules.push(rule);
    }
  }
  // With no * Disallow there is nothing to lose: * allows everything.
  if (!starRules.some((r) => r.kind === 'disallow')) return [];
  // An allow-list: * may fetch nothing (or little), and the named groups are the crawlers let
  // in, on their own terms. That they do not get "Disallow: /" is the point, not a mistake;
  // blocks-everything says what the file does.
  if (starRules.some((r) => r.kind === 'disallow' && matchesEverything(r.normalized)) && !starRules.some((r) => r.kind === 'allow' && matchesEverything(r.normalized))) return [];

  // Which * rules each group also has: a named pool is then compared by marking what it
  // has, not by looking every * rule up in every pool.
  const sharedOfGroup = new Map<number, number[]>();
  const shared = (g: number): number[] => {
    let list = sharedOfGroup.get(g);
    if (!list) {
      list = [];
      for (const rule of file.groups[g]?.rules ?? []) {
        const i = starIndex[rule.kind].get(rule.normalized);
        if (i !== undefined) list.push(i);
      }
      sharedOfGroup.set(g, list);
    }
    return list;
  };
  const users = groupUsers(file);
  const findings: Report<typeof RULES>[] = [];
  // The * rules each finding says are missing, by line: groups missing the same ones are one cause.
  const missingOf = new Map<Report<typeof RULES>, string>();
  const languages = new LanguageCache();

  let comparisons = 0;
  for (const group of file.groups) {
    if (comparisons > MAX_COMPARISONS) break;
    const keys = groupKeys(group).filter((key) => key !== '*' && file.groupsByToken.get(key)?.[0] === group.index && !ignoresStar(key));
    if (keys.length === 0) continue;
    // Flags, not a Set: with a huge * group every named group misses thousands of rules.
    // One array of the * rules each lacking pool has; a rule is missing if one lacks it.
    const hasByKey: Uint8Array[] = [];
    const reported: string[] = [];
    let lacking = 0;
    for (const key of keys) {
      const pool = file.groupsByToken.get(key) ?? [];
      // A pool with no rule at all is named-group-without-rules' finding.
      if (isIdiom(file, pool) || pool.every((g) => (file.groups[g]?.rules.length ?? 0) === 0)) continue;
      // The budget still counts what comparing every * rule with every group would cost,
      // so that the same files are reported as before the marking made it cheap.
      comparisons += starRules.length * pool.length;
      const has = new Uint8Array(starRules.length);
      let count = 0;
      for (const g of pool) {
        for (const i of shared(g)) {
          if (has[i] === 0) count++;
          has[i] = 1;
        }
      }
      // A * rule whose URLs the pool already decides the same way is not missed: Bingbot's
      // own "Disallow: /community/" does what "Disallow: /community/*" would.
      if (count < starRules.length) count += markDecidedAlike(file, pool, starRules, has, languages);
      if (count === starRules.length) continue;
      hasByKey.push(has);
      reported.push(key);
      lacking = starRules.length - count;
    }
    if (reported.length === 0) continue;
    const isMissing = (i: number): boolean => hasByKey.some((has) => has[i] === 0);
    // Several lacking pools: count the * rules any of them lacks (one pool's count is known).
    if (hasByKey.length > 1) {
      lacking = 0;
      for (let i = 0; i < starRules.length; i++) if (isMissing(i)) lacking++;
    }
    const names = reported.map((key) => displayToken(group, key));
    // starRules is in file order, so the missing ones come out in line order. Only as
    // many are kept as the message and the fix can use: a huge * group would otherwise
    // be copied once per named group.
    const rules: Rule[] = [];
    for (let i = 0; i < starRules.length && rules.length <= MAX_COPIED; i++) if (isMissing(i)) rules.push(starRules[i]!);
    const examples = rules.slice(0, 3).map((r) => `"${canonicalRule(r)}"`);
    const fallbacks = (users.get(group.index) ?? [])
      .filter((u) => !u.own && u.key !== '*' && reported.includes(u.key) && !u.crawler.ignoresStar && !u.crawler.controlToken)
      .map((u) => u.crawler.token);
    const subject = nameList(names);
    const plural = names.length > 1;
    const agentLine = group.agents.find((a) => reported.includes(tokenKey(a.token)))!;
    const related: RelatedSpan[] = rules.slice(0, MAX_RELATED).map((r) => ({ span: lineSpan(file, r.line), message: `Does not apply to ${subject}.` }));
    const report: Report<typeof RULES> = {
      id: 'star-rules-not-inherited',
      // On the key only: a hover on the token then shows the crawler's facts, not this finding above them.
      span: file.lines[agentLine.line]?.keySpan ?? lineSpan(file, agentLine.line),
      message:
        `${subject} ${plural ? 'have a group of their own, so they ignore' : 'has a group of its own, so it ignores'} every rule of the "User-agent: *" group: ` +
        `${lacking} * ${lacking === 1 ? 'rule does' : 'rules do'} not apply to ${plural ? 'them' : 'it'}` +
        ` (${examples.join(', ')}${lacking > examples.length ? ', …' : ''}).` +
        (fallbacks.length > 0 ? ` ${nameList(fallbacks)} ${fallbacks.length > 1 ? 'use' : 'uses'} this group too and ${fallbacks.length > 1 ? 'ignore' : 'ignores'} them as well.` : ''),
      related,
      // Copying a Disallow that matches every URL would close the site to a crawler the
      // author deliberately let in: no quick fix for that.
      ...(lacking <= MAX_COPIED && !rules.some((r) => r.kind === 'disallow' && matchesEverything(r.normalized)) ? { fixes: [copyFix(file, group, rules, subject, plural)] } : {}),
    };
    findings.push(report);
    missingOf.set(report, lacking <= MAX_COPIED ? rules.map((r) => r.line).join(',') : `${group.index}`);
  }
  return fold(file, findings, (report) => missingOf.get(report), {
    more: (n, lines) => `The same * rules do not apply to the crawlers of ${n} more ${n === 1 ? 'group' : 'groups'} with a group of their own (${lines}).`,
    fixTitle: (n) => `Copy the * rules they lack into all ${n} groups`,
  });
};

/** Rules of a pool times * rules missing from it, past which the pool is not searched for rules that decide alike. */
const MAX_ALIKE_PAIRS = 200_000;

/** One language per distinct pattern, for the comparisons of one file. */
class LanguageCache {
  private readonly byPattern = new Map<string, PatternLanguage>();

  of(normalized: string): PatternLanguage {
    let lang = this.byPattern.get(normalized);
    if (!lang) {
      lang = patternLanguage(normalized);
      this.byPattern.set(normalized, lang);
    }
    return lang;
  }
}

/**
 * Marks the * rules missing from a pool whose URLs the pool decides the same way anyway,
 * and says how many. Proved, never guessed: a * Disallow when a Disallow of the pool
 * matches every URL it matches and no Allow may match one, of the pool nor of the * Allows
 * missing from it (the fix copies those); then a * Allow when no Disallow may match a URL
 * it matches, of the pool nor of the * Disallows still missing (an Allow that reopens part
 * of one of those is needed).
 */
function markDecidedAlike(file: RobotsFile, pool: readonly number[], starRules: readonly Rule[], has: Uint8Array, languages: LanguageCache): number {
  const rules: Rule[] = [];
  for (const g of pool) for (const rule of file.groups[g]?.rules ?? []) if (rule.normalized !== '') rules.push(rule);
  let missing = 0;
  for (let i = 0; i < starRules.length; i++) if (has[i] === 0) missing++;
  if (missing * Math.max(1, rules.length + missing) > MAX_ALIKE_PAIRS) return 0;
  let marked = 0;
  const alike = (i: number, others: readonly Rule[]): boolean => {
    const star = starRules[i]!;
    const lang = languages.of(star.normalized);
    const start = plainStart(star.normalized);
    let covered = star.kind === 'allow';
    for (const rule of others) {
      const other = plainStart(rule.normalized);
      // Patterns whose plain starts differ share no URL.
      if (!other.startsWith(start) && !start.startsWith(other)) continue;
      if (rule.kind !== star.kind) {
        if (intersects(languages.of(rule.normalized), lang) !== false) return false;
      } else if (!covered && start.startsWith(other) && contains(languages.of(rule.normalized), lang) === true) covered = true;
    }
    return covered;
  };
  // A * Allow the fix copies could reopen part of a * Disallow it leaves out: those count against it.
  const missingAllows = starRules.filter((r, i) => has[i] === 0 && r.kind === 'allow');
  const withAllows = missingAllows.length > 0 ? [...rules, ...missingAllows] : rules;
  for (let i = 0; i < starRules.length; i++) {
    if (has[i] !== 0 || starRules[i]!.kind !== 'disallow' || !alike(i, withAllows)) continue;
    has[i] = 1;
    marked++;
  }
  const stillMissing = starRules.filter((r, i) => has[i] === 0 && r.kind === 'disallow');
  const withMissing = stillMissing.length > 0 ? [...rules, ...stillMissing] : rules;
  for (let i = 0; i < starRules.length; i++) {
    if (has[i] !== 0 || starRules[i]!.kind !== 'allow' || !alike(i, withMissing)) continue;
    has[i] = 1;
    marked++;
  }
  return marked;
}

/** The text before a pattern's first `*` or `$`: every URL it matches starts with it. */
function plainStart(normalized: string): string {
  const end = normalized.search(/[*$]/);
  return end < 0 ? normalized : normalized.slice(0, end);
}

/** Crawlers that never use `*` lose nothing by having a group (AdsBot-Google, control tokens). */
function ignoresStar(key: string): boolean {
  const crawler = crawlerByToken(key);
  return crawler !== undefined && tokenKey(crawler.token) === key && crawler.ignoresStar;
}

/** `Disallow:` / `Allow: /` alone (allow all), or a close-everything Disallow with no Allow. */
function isIdiom(file: RobotsFile, pool: readonly number[]): boolean {
  let emptyRule = false;
  let allowAll = false;
  let disallows = 0;
  let allows = 0;
  let closeAll = false;
  for (const g of pool) {
    for (const rule of file.groups[g]?.rules ?? []) {
      if (rule.normalized === '') emptyRule = true;
      else if (rule.kind === 'allow') {
        allows++;
        if (matchesEverything(rule.normalized)) allowAll = true;
      } else {
        disallows++;
        if (!closeAll && matchesEverything(rule.normalized)) closeAll = true;
      }
    }
  }
  if (disallows === 0 && (emptyRule || allowAll)) return true;
  return closeAll && allows === 0;
}

/** The token as the finding names it: a documented token outside the grammar whole (`MJ12bot`, not `MJ`). */
function displayToken(group: Group, key: string): string {
  const agent = group.agents.find((a) => tokenKey(a.token) === key);
  return agent ? documentedCrawlerOf(agent.value)?.token ?? agent.token : key;
}

function copyFix(file: RobotsFile, group: Group, rules: readonly Rule[], subject: string, plural: boolean): Fix {
  const last = file.lines[group.lastLine];
  const at = last ? last.end : file.text.length;
  const br = eol(file);
  return {
    title: `Copy the ${rules.length} * ${rules.length === 1 ? 'rule' : 'rules'} ${subject} ${plural ? 'lack' : 'lacks'} into this group`,
    edits: [{ span: { start: at, end: at }, newText: rules.map((r) => br + canonicalRule(r)).join('') }],
    takesEffect: true,
  };
}
