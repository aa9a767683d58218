/**
 * The verdicts the matcher gives. One decided by a group's rules is a class, so that
 * millions of them stay cheap: its target, explanation and Google's reading are worked out
 * only when read, and `toJSON` keeps them in serialised verdicts.
 */

import type { ResolvedAgent } from '../crawlers';
import { normalizeTarget } from '../encoding';
import { explainRuleVerdict, explanationReadsTarget } from './explanation';
import { differingRules, googleDifference } from './google-literal';
import type { CompiledRule, RulePool } from './rule-pool';
import { plainVerdict } from './verdict';
import type { DecidingRule, GoogleLiteralDifference, SelectedGroup, Verdict } from './verdict';

/** The path every crawler may fetch whatever the rules say (docs/spec/robots-semantics.md §4). */
export const ROBOTS_TXT = '/robots.txt';

export class RuleVerdict implements Verdict {
  readonly allowed: boolean;
  private targetText: string | undefined;
  private googleAnswer: GoogleLiteralDifference | undefined | null = null;

  /**
   * The path is `pathText` as sent or, when that is undefined, the URL's from `pathFrom`;
   * the normalised `target` is `targetText` or worked out from the path when first read.
   */
  constructor(
    readonly url: string,
    readonly agent: ResolvedAgent,
    readonly group: SelectedGroup,
    private readonly winner: CompiledRule | undefined,
    private readonly pool: RulePool,
    /** Google could read the path differently (it has a `%`, `*`, `$` or non-ASCII); the pool says whether a rule could. */
    private readonly pathMayDiffer: boolean,
    private pathText: string | undefined,
    private readonly pathFrom: number,
    targetText: string | undefined,
  ) {
    this.allowed = winner ? winner.allow : true;
    this.targetText = targetText;
  }

  get outcome(): 'allowed' | 'disallowed' {
    return this.allowed ? 'allowed' : 'disallowed';
  }

  get rule(): DecidingRule | null {
    return this.winner ? this.winner.decides : null;
  }

  get reason(): 'rule' | 'no-matching-rule' {
    return this.winner ? 'rule' : 'no-matching-rule';
  }

  get target(): string {
    return (this.targetText ??= normalizeTarget(this.path));
  }

  private get path(): string {
    return (this.pathText ??= pathAfterAuthority(this.url, this.pathFrom));
  }

  get googleLiteral(): GoogleLiteralDifference | undefined {
    if (this.googleAnswer === null) {
      this.googleAnswer = !(this.pathMayDiffer || this.pool.googleMayDiffer) || this.plainAndNoDifferingRule() ? undefined : googleDifference(this.pool, this.path, this.target, this.winner);
    }
    return this.googleAnswer;
  }

  /**
   * `googleDifference`'s first test for a path still in its URL, without cutting it out or
   * normalising it: a path with no `%`, `*`, `$` or non-ASCII reads the same both ways, so
   * only a rule whose two forms differ could make Google disagree, and one walk of those
   * rules says none matches. False when that cannot be told this way (the general test decides).
   */
  private plainAndNoDifferingRule(): boolean {
    if (this.pathText !== undefined) return false;
    return differingRules(this.pool).bestInPath(this.url, this.pathFrom) === undefined && isPlainPath(this.url, this.pathFrom);
  }

  get explanation(): string {
    return explainRuleVerdict(this.pool.file, this.agent, this.group, this.rule, this.allowed, this);
  }

  get explanationReadsUrl(): boolean {
    return explanationReadsTarget(this.pool.file, this.group, this.rule, this.allowed);
  }

  toJSON(): Verdict {
    return plainVerdict(this);
  }
}

export function notApplicable(url: string, agent: ResolvedAgent, explanation: string): Verdict {
  return { outcome: 'not-applicable', allowed: null, url, target: null, agent, group: null, rule: null, reason: 'other-origin', explanation };
}

/** Path + params + query after the authority (Google's GetPathParamsQuery), `/` when empty. */
export function pathAfterAuthority(url: string, from: number): string {
  const hash = url.indexOf('#', from);
  const rest = hash >= 0 ? url.slice(from, hash) : url.slice(from);
  if (rest === '') return '/';
  return rest.charCodeAt(0) === 0x2f ? rest : '/' + rest;
}

/**
 * A path normalisation leaves unchanged: no `%`, `*`, `$` or non-ASCII. The path is `text`
 * from `from` to its end or a `#` (a path cut out of its URL has none; one still in its URL
 * ends there).
 */
export function isPlainPath(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23) return true;
    if (c === 0x25 || c === 0x2a || c === 0x24 || c >= 0x80) return false;
  }
  return true;
}

/** `/`, `?`, `;`, `#` or the end: where an authority ends. */
export function isPathStart(c: number): boolean {
  return Number.isNaN(c) || c === 0x2f || c === 0x3f || c === 0x3b || c === 0x23;
}
