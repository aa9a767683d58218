/**
 * The one matcher (architecture rule 5). A `RobotsMatcher` compiles a parsed file once and
 * answers (URL, agent) questions; the server, CLI, lint, hover, matrix and replay all ask
 * it, so they can never disagree.
 */

import { resolveAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import type { RobotsFile, Rule } from '../parse/model';
import { googleLiteralPattern, googleLiteralTarget, normalizeTarget } from './normalize';
import { compilePattern, matches } from './pattern';
import type { CompiledPattern } from './pattern';
import { tokenKey } from './product-token';
import { parseTarget } from './target';
import type { DecidingRule, SelectedGroup, Verdict } from './verdict';

interface CompiledRule {
  readonly decides: DecidingRule;
  readonly allow: boolean;
  readonly octets: number;
  readonly pattern: CompiledPattern;
}

interface CompiledGroupSet {
  readonly groups: readonly number[];
  readonly agentLines: readonly number[];
  /** Longest first, Allow before Disallow on equal length: the first match wins. */
  readonly rules: readonly CompiledRule[];
  readonly hasPercent: boolean;
  /** The same rules as Google's literal comparison sees them; compiled on first need. */
  googleRules?: readonly CompiledRule[];
}

export interface DecideOptions {
  /**
   * The origin this robots.txt governs (`https://example.com`). When set, URLs on other
   * origins are not applicable. When absent, any absolute URL is taken to be on it.
   */
  readonly origin?: string;
}

export class RobotsMatcher {
  private readonly sets = new Map<string, CompiledGroupSet | null>();
  private readonly agents = new Map<string, ResolvedAgent>();

  constructor(readonly file: RobotsFile) {}

  /** Decides whether `agent` (a token, a crawler's full User-Agent header, or a resolved agent) may fetch `url`. */
  decide(url: string, agent: string | ResolvedAgent, options: DecideOptions = {}): Verdict {
    const resolved = typeof agent === 'string' ? this.resolve(agent) : agent;
    const parsed = parseTarget(url);
    if (!parsed.ok) {
      return notApplicable(url, resolved, parsed.message);
    }
    const { origin, path } = parsed.target;
    if (options.origin !== undefined && origin !== null && origin !== options.origin) {
      return notApplicable(url, resolved, `${origin} is another origin: this robots.txt governs ${options.origin} only.`);
    }
    const target = normalizeTarget(path);
    const selected = this.select(resolved);
    if (path === '/robots.txt') {
      return {
        outcome: 'allowed', allowed: true, url, target, agent: resolved, group: selected?.group ?? null, rule: null,
        reason: 'robots-txt', explanation: '/robots.txt itself is always allowed.',
      };
    }
    if (!selected) {
      return {
        outcome: 'allowed', allowed: true, url, target, agent: resolved, group: null, rule: null, reason: 'no-group',
        explanation: `No group names ${listTokens(resolved.chain)}: everything is allowed.`,
      };
    }
    const { group, set } = selected;
    const winner = firstMatch(set.rules, target);
    const allowed = winner ? winner.allow : true;
    const verdict: Verdict = {
      outcome: allowed ? 'allowed' : 'disallowed',
      allowed,
      url,
      target,
      agent: resolved,
      group,
      rule: winner ? winner.decides : null,
      reason: winner ? 'rule' : 'no-matching-rule',
      explanation: explain(group, winner, allowed),
    };
    if (set.hasPercent || mayDifferForGoogle(path)) {
      const googleRules = (set.googleRules ??= compileGoogleRules(this.file, set.groups));
      const googleWinner = firstMatch(googleRules, googleLiteralTarget(path));
      const googleAllowed = googleWinner ? googleWinner.allow : true;
      if (googleAllowed !== allowed) {
        return {
          ...verdict,
          googleLiteral: {
            allowed: googleAllowed,
            rule: googleWinner ? googleWinner.decides : null,
            explanation:
              `Google's open-source parser compares percent-escapes literally and would say ${googleAllowed ? 'allowed' : 'disallowed'}` +
              (googleWinner ? ` (line ${googleWinner.decides.line + 1})` : ' (no rule matches)') +
              '. This verdict follows RFC 9309; write the plain characters to make both agree.',
          },
        };
      }
    }
    return verdict;
  }

  /** Resolves an agent string once; a replay asks for the same few agents millions of times. */
  resolve(agent: string): ResolvedAgent {
    let resolved = this.agents.get(agent);
    if (!resolved) {
      resolved = resolveAgent(agent);
      if (this.agents.size > 10_000) this.agents.clear();
      this.agents.set(agent, resolved);
    }
    return resolved;
  }

  /** The group a crawler uses: the first token of its chain that names a group (contract §3). */
  select(agent: ResolvedAgent): { group: SelectedGroup; set: CompiledGroupSet } | undefined {
    for (let i = 0; i < agent.chain.length; i++) {
      const token = agent.chain[i]!;
      const set = this.groupSet(token === '*' ? '*' : tokenKey(token));
      if (set) {
        const via = i === 0 && token !== '*' ? 'own-token' : token === '*' ? 'star' : 'fallback';
        return { group: { token, groups: set.groups, agentLines: set.agentLines, chainIndex: i, via }, set };
      }
    }
    return undefined;
  }

  private groupSet(key: string): CompiledGroupSet | undefined {
    let set = this.sets.get(key);
    if (set === undefined) {
      const groups = this.file.groupsByToken.get(key);
      set = groups ? compileGroupSet(this.file, key, groups) : null;
      this.sets.set(key, set);
    }
    return set ?? undefined;
  }
}

const matchers = new WeakMap<RobotsFile, RobotsMatcher>();

/** The compiled matcher of a parsed file, built once per parse. */
export function matcherFor(file: RobotsFile): RobotsMatcher {
  let matcher = matchers.get(file);
  if (!matcher) {
    matcher = new RobotsMatcher(file);
    matchers.set(file, matcher);
  }
  return matcher;
}

/** Convenience: decide with the file's cached matcher. */
export function decide(file: RobotsFile, url: string, agent: string | ResolvedAgent, options?: DecideOptions): Verdict {
  return matcherFor(file).decide(url, agent, options);
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

function compileGroupSet(file: RobotsFile, key: string, groups: readonly number[]): CompiledGroupSet {
  const rules = pooledRules(file, groups);
  const agentLines: number[] = [];
  for (const g of groups) {
    for (const agent of file.groups[g]?.agents ?? []) {
      if ((agent.isStar ? '*' : tokenKey(agent.token)) === key) agentLines.push(agent.line);
    }
  }
  return {
    groups,
    agentLines,
    rules: compileRules(rules, (rule) => rule.normalized),
    hasPercent: rules.some((rule) => rule.pattern.includes('%')),
  };
}

function compileGoogleRules(file: RobotsFile, groups: readonly number[]): CompiledRule[] {
  return compileRules(pooledRules(file, groups), (rule) => googleLiteralPattern(rule.pattern));
}

function compileRules(rules: readonly Rule[], form: (rule: Rule) => string): CompiledRule[] {
  const compiled: CompiledRule[] = [];
  for (const rule of rules) {
    // Inactive lines (past 500 KiB) never become rules; empty patterns match nothing.
    const normalized = form(rule);
    if (normalized === '') continue;
    const decides: DecidingRule = { kind: rule.kind, line: rule.line, pattern: rule.pattern, normalized, octets: normalized.length };
    compiled.push({ decides, allow: rule.kind === 'allow', octets: normalized.length, pattern: compilePattern(normalized) });
    const implicit = rule.kind === 'allow' ? indexHtmlPattern(normalized) : undefined;
    if (implicit !== undefined) {
      compiled.push({
        decides: { ...decides, normalized: implicit, octets: implicit.length, implicit: 'index-html' },
        allow: true,
        octets: implicit.length,
        pattern: compilePattern(implicit),
      });
    }
  }
  compiled.sort((a, b) => b.octets - a.octets || Number(b.allow) - Number(a.allow) || a.decides.line - b.decides.line);
  return compiled;
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

function firstMatch(rules: readonly CompiledRule[], target: string): CompiledRule | undefined {
  for (const rule of rules) {
    if (matches(rule.pattern, target)) return rule;
  }
  return undefined;
}

/** Only escapes, or a literal `*`/`$`, can make the literal comparison differ. */
function mayDifferForGoogle(path: string): boolean {
  return path.includes('%') || path.includes('*') || path.includes('$');
}

function notApplicable(url: string, agent: ResolvedAgent, explanation: string): Verdict {
  return { outcome: 'not-applicable', allowed: null, url, target: null, agent, group: null, rule: null, reason: 'other-origin', explanation };
}

function explain(group: SelectedGroup, winner: CompiledRule | undefined, allowed: boolean): string {
  const groupText = describeGroup(group);
  if (!winner) return `${groupText}; no rule matches, so it is allowed.`;
  const rule = winner.decides;
  const key = rule.kind === 'allow' ? 'Allow' : 'Disallow';
  const how = rule.implicit === 'index-html'
    ? ` (Google reads Allow: ${rule.pattern} as also allowing ${rule.normalized.slice(0, -1)} exactly)`
    : '';
  return `${groupText}; line ${rule.line + 1} "${key}: ${rule.pattern}" is the longest match (${rule.octets} octets)${how}, so it is ${allowed ? 'allowed' : 'disallowed'}.`;
}

function describeGroup(group: SelectedGroup): string {
  const lines = group.agentLines.map((l) => l + 1).join(', ');
  const name = group.token === '*' ? 'User-agent: *' : `User-agent: ${group.token}`;
  const via = group.via === 'own-token' ? '' : group.via === 'star' ? ' (no group names this crawler, so it falls back to *)' : ` (by fallback to ${group.token})`;
  return `Group ${name} (line${group.agentLines.length > 1 ? 's' : ''} ${lines})${via}`;
}

function listTokens(chain: readonly string[]): string {
  return chain.length === 0 ? 'this crawler' : chain.join(', ');
}
