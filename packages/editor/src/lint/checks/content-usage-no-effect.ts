import { contains, indexHtmlPattern, intersects, patternLanguage, pooledRules } from '@robots-lens/kernel/match';
import type { PatternLanguage } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { preferenceStatements } from '@robots-lens/kernel/preferences';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { statementSpan } from '../text';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'content-usage-no-effect', title: 'Content-Usage on a path the group disallows', description: 'Preferences apply only to URLs a crawler may fetch: on a path the group disallows, Content-Usage has no effect.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * content-usage-no-effect: every URL the Content-Usage path matches is disallowed for every
 * crawler of the group, proved on the patterns (a Disallow covers the path and no Allow as
 * long or longer can match any of its URLs), so the line can never state a preference.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const rule of preferenceStatements(file).contentUsage) {
    if (rule.group < 0) continue;
    const path = patternLanguage(rule.normalized ?? '/');
    const pools = poolsOf(file, rule.group);
    if (pools.length === 0) continue;
    let by: Rule | undefined;
    for (const pool of pools) {
      by = disallowedThroughout(pooledRules(file, pool), path);
      if (!by) break;
    }
    if (!by) continue;
    findings.push({
      id: 'content-usage-no-effect',
      span: statementSpan(file.lines[rule.line]!),
      message: `Line ${by.line + 1} (Disallow: ${by.pattern}) disallows every URL ${rule.path === null ? 'of this group' : `under ${rule.path}`}: preferences apply only to URLs a crawler may fetch, so this Content-Usage has no effect.`,
      unnecessary: true,
    });
  }
  return findings;
};

/** The pools of groups the crawlers named by `group` use (merged groups included). */
function poolsOf(file: RobotsFile, group: number): (readonly number[])[] {
  const pools: (readonly number[])[] = [];
  for (const agent of file.groups[group]?.agents ?? []) {
    const key = agent.isStar ? '*' : tokenKey(agent.token);
    const pool = file.groupsByToken.get(key);
    if (pool && !pools.includes(pool)) pools.push(pool);
  }
  return pools;
}

/** A Disallow rule proving every URL of `path` disallowed by `rules`, if there is one. */
function disallowedThroughout(rules: readonly Rule[], path: PatternLanguage): Rule | undefined {
  for (const disallow of rules) {
    if (disallow.kind !== 'disallow' || disallow.normalized === '') continue;
    if (contains(patternLanguage(disallow.normalized), path) !== true) continue;
    const beaten = rules.some((allow) => {
      if (allow.kind !== 'allow' || allow.octets < disallow.octets || allow.normalized === '') return false;
      const forms = [allow.normalized, indexHtmlPattern(allow.normalized)].filter((p): p is string => p !== undefined);
      return forms.some((form) => intersects(patternLanguage(form), path) !== false);
    });
    if (!beaten) return disallow;
  }
  return undefined;
}
