/**
 * "The whole site is disallowed", proved from the rules: every target (any path, any octets,
 * any query) is decided by a Disallow for this crawler. Tested paths can only ever show that
 * the paths tried are disallowed; this says so of every URL, or says nothing.
 *
 * The matcher lets the highest-ranked matching rule decide (longest pattern in octets, Allow
 * on a tie: `rank.ts`). The proof asks for a Disallow that matches every target, and for each
 * Allow that could match a target (Google's implicit `/dir/$` of an `index.html` Allow
 * included), a Disallow that matches every target the Allow matches and outranks it, being
 * strictly longer. Then whatever matches a target, a Disallow matching it outranks it. When a
 * containment cannot be told within the pattern relations' budget, nothing is proved:
 * `undefined` never becomes `true`.
 */

import { contains, indexHtmlPattern, intersects, patternLanguage, pooledRules } from '@robots-lens/kernel/match';
import type { PatternLanguage, RobotsMatcher } from '@robots-lens/kernel/match';
import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';

/** Every target a matcher is asked about: the path starts with `/` (an empty path is `/`). */
const EVERY_TARGET = patternLanguage('/');

interface RankedPattern {
  readonly line: number;
  readonly octets: number;
  readonly language: PatternLanguage;
}

/**
 * The line (0-based) of a Disallow that matches every URL of the site, when the rules prove
 * that every URL but `/robots.txt` itself is disallowed for `agent`; undefined when they do not
 * (no group for the agent, an Allow that may win somewhere, or a relation too costly to tell).
 */
export function wholeSiteDisallowedBy(matcher: RobotsMatcher, agent: string | ResolvedAgent): number | undefined {
  const selected = matcher.select(agent);
  if (selected === undefined) return undefined;
  const allows: RankedPattern[] = [];
  const disallows: RankedPattern[] = [];
  for (const rule of pooledRules(matcher.file, selected.group.groups)) {
    // An empty pattern matches nothing (the matcher skips it too).
    if (rule.normalized === '') continue;
    const ranked = { line: rule.line, octets: rule.normalized.length, language: patternLanguage(rule.normalized) };
    if (rule.kind === 'disallow') {
      disallows.push(ranked);
      continue;
    }
    allows.push(ranked);
    const implicit = indexHtmlPattern(rule.normalized);
    if (implicit !== undefined) allows.push({ line: rule.line, octets: implicit.length, language: patternLanguage(implicit) });
  }
  const everywhere = disallows.filter((d) => contains(d.language, EVERY_TARGET) === true);
  if (everywhere.length === 0) return undefined;
  for (const allow of allows) {
    const reachable = intersects(allow.language, EVERY_TARGET);
    if (reachable === false) continue;
    if (reachable === undefined) return undefined;
    // Allow wins a tie, so only a strictly longer Disallow outranks it.
    const outranked = disallows.some((d) => d.octets > allow.octets && contains(d.language, allow.language) === true);
    if (!outranked) return undefined;
  }
  return Math.min(...everywhere.map((d) => d.line));
}
