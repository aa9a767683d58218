import { crawlerByToken } from '../../crawlers';
import { tokenKey } from '../../match/product-token';
import type { Group, RobotsFile, Rule } from '../../parse/model';
import type { Check, Fix, RelatedSpan, Report, RuleDescription } from '../types';
import { eol, lineSpan } from '../text';
import { canonicalRule, groupKeys, groupUsers, matchesEverything, nameList } from './audience';

export const RULES = [
  {
    id: 'star-rules-not-inherited',
    title: 'Named group does not get the * rules',
    description: 'A crawler with its own group ignores every rule of the * group.',
  },
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
 * naming it, listing the `*` rules its pool lacks. Silent for the two deliberate idioms —
 * a group that explicitly allows everything (`Disallow:` / `Allow: /`) and one that closes
 * everything (`Disallow: /` with no Allow) — and for crawlers that ignore `*` anyway.
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
      if (isIdiom(file, pool)) continue;
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
    findings.push({
      id: 'star-rules-not-inherited',
      // On the key only: a hover on the token then shows the crawler's facts, not this finding above them.
      span: file.lines[agentLine.line]?.keySpan ?? lineSpan(file, agentLine.line),
      message:
        `${subject} ${plural ? 'have a group of their own, so they ignore' : 'has a group of its own, so it ignores'} every rule of the "User-agent: *" group: ` +
        `${lacking} * ${lacking === 1 ? 'rule does' : 'rules do'} not apply to ${plural ? 'them' : 'it'}` +
        ` (${examples.join(', ')}${lacking > examples.length ? ', …' : ''}).` +
        (fallbacks.length > 0 ? ` ${nameList(fallbacks)} ${fallbacks.length > 1 ? 'use' : 'uses'} this group too and ${fallbacks.length > 1 ? 'ignore' : 'ignores'} them as well.` : ''),
      related,
      ...(lacking <= MAX_COPIED ? { fixes: [copyFix(file, group, rules, subject, plural)] } : {}),
    });
  }
  return findings;
};

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

function displayToken(group: Group, key: string): string {
  return group.agents.find((a) => tokenKey(a.token) === key)?.token ?? key;
}

function copyFix(file: RobotsFile, group: Group, rules: readonly Rule[], subject: string, plural: boolean): Fix {
  const last = file.lines[group.lastLine];
  const at = last ? last.end : file.text.length;
  const br = eol(file);
  return {
    title: `Copy the ${rules.length} * ${rules.length === 1 ? 'rule' : 'rules'} ${subject} ${plural ? 'lack' : 'lacks'} into this group`,
    edits: [{ span: { start: at, end: at }, newText: rules.map((r) => br + canonicalRule(r)).join('') }],
  };
}
