/**
 * The rules a crawler's group pools (several groups naming one token are merged), compiled
 * into a `RuleIndex` in rank order on first need, with the forms Google's literal reading
 * compares kept beside them (google-literal.ts), also compiled on first need.
 */

import { googleLiteralPattern } from '../encoding';
import type { RobotsFile, Rule } from '../parse';
import { compilePattern } from './pattern';
import { sortByRank } from './rank';
import type { Rankable } from './rank';
import { RuleIndex } from './rule-index';
import type { IndexedRule } from './rule-index';
import type { DecidingRule } from './verdict';

export interface CompiledRule extends IndexedRule {
  readonly decides: DecidingRule;
  readonly allow: boolean;
  readonly octets: number;
}

/**
 * The rules pooled from some groups (`3,7`), compiled on first need. Tokens named on one
 * group's user-agent lines (`User-agent: GPTBot` + `User-agent: CCBot`) pool the same groups
 * and share one pool, so its automaton is built and kept in cache once, not once per token.
 */
export class RulePool {
  private compiled: RuleIndex<CompiledRule> | undefined;
  /** The same rules as Google's literal comparison sees them; compiled on first need. */
  googleRules?: RuleIndex<CompiledRule>;
  /** Only the rules whose two forms differ, both forms in one index; compiled on first need. */
  differing?: RuleIndex<CompiledRule>;
  private mayDiffer: boolean | undefined;

  constructor(
    readonly file: RobotsFile,
    readonly groups: readonly number[],
  ) {}

  /**
   * Some rule reads differently under Google's literal comparison (it has a `%` or
   * non-ASCII). Worked out when first asked: a batch asking "allowed?" never asks.
   */
  get googleMayDiffer(): boolean {
    return (this.mayDiffer ??= pooledRules(this.file, this.groups).some((rule) => rule.normalized !== googleLiteralPattern(rule.pattern)));
  }

  get rules(): RuleIndex<CompiledRule> {
    return (this.compiled ??= compileRules(pooledRules(this.file, this.groups), (rule) => rule.normalized));
  }
}

/** The rules of the groups pooled under a token, in the order they are tried. */
export function pooledRules(file: RobotsFile, groups: readonly number[]): Rule[] {
  const rules: Rule[] = [];
  for (const g of groups) {
    const group = file.groups[g];
    if (group) rules.push(...group.rules);
  }
  return rules;
}

/** A rule about to be ranked: its compiled pattern and what the rank order reads. */
interface UnrankedRule extends Rankable {
  readonly decides: DecidingRule;
  readonly pattern: IndexedRule['pattern'];
  readonly literalOnly: boolean;
}

/** Ranks the rules (`sortByRank`, the order lint's proofs use too), in the form `form` gives, and indexes them. */
export function compileRules(rules: readonly Rule[], form: (rule: Rule, index: number) => string): RuleIndex<CompiledRule> {
  const compiled: UnrankedRule[] = [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    // Inactive lines (past 500 KiB) never become rules; empty patterns match nothing.
    const normalized = form(rule, i);
    if (normalized === '') continue;
    const decides: DecidingRule = { kind: rule.kind, line: rule.line, pattern: rule.pattern, normalized, octets: normalized.length };
    compiled.push(unranked(decides, rule.kind === 'allow', normalized, false));
    const implicit = rule.kind === 'allow' ? indexHtmlPattern(normalized) : undefined;
    if (implicit !== undefined) {
      const index: DecidingRule = { kind: rule.kind, line: rule.line, pattern: rule.pattern, normalized: implicit, octets: implicit.length, implicit: 'index-html' };
      compiled.push(unranked(index, true, implicit, true));
    }
  }
  sortByRank(compiled);
  // Written out rather than spread: V8 gives each object cloned by `{ ...rule }` a map of its
  // own, and a verdict reading `winner.allow` from thousands of maps goes megamorphic.
  return new RuleIndex(
    compiled.map((rule, rank): CompiledRule => ({ decides: rule.decides, allow: rule.allow, octets: rule.octets, pattern: rule.pattern, literalOnly: rule.literalOnly, rank })),
  );
}

function unranked(decides: DecidingRule, allow: boolean, normalized: string, implicit: boolean): UnrankedRule {
  const pattern = compilePattern(normalized);
  return { decides, allow, octets: normalized.length, line: decides.line, implicit, pattern, literalOnly: pattern.pieces.length === 1 };
}

/**
 * Google's `index.html` rule: an Allow whose last path segment starts with `index.htm`
 * also allows the directory itself, exactly (`/dir/index.html` → `/dir/$`).
 */
export function indexHtmlPattern(normalized: string): string | undefined {
  const slash = normalized.lastIndexOf('/');
  if (slash < 0 || !normalized.startsWith('/index.htm', slash)) return undefined;
  return normalized.slice(0, slash + 1) + '$';
}
