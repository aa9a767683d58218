/**
 * A rule as the shadowing proofs see it: where it stands in the order the matcher tries
 * rules, and what its pattern matches. A pool of 10,000 rules is ranked and indexed on
 * every keystroke, while most rules never take part in a proof (their literal prefix is
 * shared by too many others), so only the prefix is read up front; the pattern's
 * language is worked out when a proof first asks for it.
 */

import { patternLanguage, sortByRank } from '@robots-lens/kernel/match';
import type { Rankable } from '@robots-lens/kernel/match';
import type { Rule } from '@robots-lens/kernel/parse';
import type { PatternFacts, PatternFactsCache } from './pattern-relations';

export class RankedRule implements Rankable {
  // Declared, not defined: the constructor sets every field (one class-field definition
  // per field would be paid for every rule of every pool).
  declare readonly rule: Rule;
  declare readonly allow: boolean;
  /** The rule's line, which breaks ties in the rank order. */
  declare readonly line: number;
  /** The normalised pattern that competes: the rule's own, or Google's implicit `/dir/$`. */
  declare readonly pattern: string;
  /** Specificity: octets of `pattern`. */
  declare readonly octets: number;
  /** Google's implicit `/dir/$` of an `Allow: /dir/index.html`: it competes, but is never reported. */
  declare readonly implicit: boolean;
  /** The rule is an Allow with Google's implicit `/dir/$` (this entry, or its twin, is that part). */
  declare readonly withIndexHtml: boolean;
  /** Every URL the pattern matches starts with this (`patternLanguage(pattern).literalPrefix`). */
  declare readonly prefix: string;
  /** No `*` and no final `$`: the pattern matches exactly the URLs starting with `prefix`. */
  declare readonly plain: boolean;
  /** Position in rank order: lower wins. */
  declare rank: number;
  declare private readonly patterns: PatternFactsCache;
  declare private known: PatternFacts | undefined;

  constructor(rule: Rule, pattern: string, implicit: boolean, withIndexHtml: boolean, patterns: PatternFactsCache) {
    this.rule = rule;
    this.allow = rule.kind === 'allow';
    this.line = rule.line;
    this.pattern = pattern;
    this.octets = pattern.length;
    this.implicit = implicit;
    this.withIndexHtml = withIndexHtml;
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

/** Sorts a pool into the matcher's order (the kernel's `sortByRank`) and numbers the ranks. */
export function rankPool(pool: RankedRule[]): void {
  sortByRank(pool);
  for (let i = 0; i < pool.length; i++) pool[i]!.rank = i;
}

/**
 * `patternLanguage(normalized).literalPrefix` without building the language: the text
 * before the first `*` or a final `$`. Only a `$` inside the pattern, a literal that the
 * language spells `%24`, needs the language itself.
 */
function literalPrefixOf(normalized: string): string {
  // Two native scans beat a loop over the characters in script.
  const star = normalized.indexOf('*');
  const dollar = normalized.indexOf('$');
  if (dollar < 0 || (star >= 0 && star < dollar)) return star < 0 ? normalized : normalized.slice(0, star);
  return dollar === normalized.length - 1 ? normalized.slice(0, dollar) : patternLanguage(normalized).literalPrefix;
}
