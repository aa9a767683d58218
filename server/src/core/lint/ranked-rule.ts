/**
 * A rule as the shadowing proofs see it: where it stands in the order the matcher tries
 * rules, and what its pattern matches. A pool of 10,000 rules is ranked and indexed on
 * every keystroke, while most rules never take part in a proof (their literal prefix is
 * shared by too many others), so only the prefix is read up front; the pattern's
 * language is worked out when a proof first asks for it.
 */

import { patternLanguage } from '../match';
import type { Rule } from '../parse/model';
import type { PatternFacts, PatternFactsCache } from './pattern-relations';

export class RankedRule {
  // Declared, not defined: the constructor sets every field (one class-field definition
  // per field would be paid for every rule of every pool).
  declare readonly rule: Rule;
  declare readonly allow: boolean;
  /** The normalised pattern that competes: the rule's own, or Google's implicit `/dir/$`. */
  declare readonly pattern: string;
  /** Specificity: octets of `pattern`. */
  declare readonly octets: number;
  /** Google's implicit `/dir/$` of an `Allow: /dir/index.html`: it competes, but is never reported. */
  declare readonly implicit: boolean;
  /** Every URL the pattern matches starts with this (`patternLanguage(pattern).literalPrefix`). */
  declare readonly prefix: string;
  /** No `*` and no final `$`: the pattern matches exactly the URLs starting with `prefix`. */
  declare readonly plain: boolean;
  /** Position in rank order: lower wins. */
  declare rank: number;
  declare private readonly patterns: PatternFactsCache;
  declare private known: PatternFacts | undefined;

  constructor(rule: Rule, pattern: string, implicit: boolean, patterns: PatternFactsCache) {
    this.rule = rule;
    this.allow = rule.kind === 'allow';
    this.pattern = pattern;
    this.octets = pattern.length;
    this.implicit = implicit;
    this.prefix = literalPrefixOf(pattern);
    this.plain = !pattern.endsWith('$') && !pattern.includes('*');
    this.rank = 0;
    this.patterns = patterns;
    this.known = undefined;
  }

  get facts(): PatternFacts {
    return (this.known ??= this.patterns.of(this.pattern));
  }
}

/** The matcher's order: more octets first, Allow before Disallow, earlier line first. */
export function byRank(a: RankedRule, b: RankedRule): number {
  return b.octets - a.octets || Number(b.allow) - Number(a.allow) || a.rule.line - b.rule.line || Number(a.implicit) - Number(b.implicit);
}

/**
 * `patternLanguage(normalized).literalPrefix` without building the language: the text
 * before the first `*` or a final `$`. Only a `$` inside the pattern, a literal that the
 * language spells `%24`, needs the language itself.
 */
function literalPrefixOf(normalized: string): string {
  const last = normalized.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = normalized.charCodeAt(i);
    if (c === 0x2a) return normalized.slice(0, i);
    if (c === 0x24) return i === last ? normalized.slice(0, i) : patternLanguage(normalized).literalPrefix;
  }
  return normalized;
}
