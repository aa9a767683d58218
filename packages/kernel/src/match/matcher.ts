/**
 * The one matcher (docs/architecture.md, "One matcher"). A `RobotsMatcher` compiles a parsed
 * file once and answers (URL, agent) questions with a `Verdict`; the server, CLI, lint, hover,
 * matrix and replay all ask it, so they can never disagree.
 */

import { documentedKey, isOutsideGrammar, resolveAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import { normalizeTarget } from '../encoding';
import type { RobotsFile } from '../parse';
import { tokenKey } from '../product-token';
import { explainNoGroup, explainRuleVerdict, explanationReadsTarget } from './explanation';
import { differingRules, googleDifference } from './google-literal';
import { RulePool } from './rule-pool';
import type { CompiledRule } from './rule-pool';
import { parseTarget, siteOrigin } from './target';
import { plainVerdict } from './verdict';
import type { DecidingRule, GoogleLiteralDifference, SelectedGroup, Verdict } from './verdict';

/**
 * The groups pooled under one token. Selecting a group (hover, audiences) needs only the
 * agent lines and the groups; the pool's rules are compiled when the first verdict asks.
 */
interface CompiledGroupSet {
  readonly agentLines: readonly number[];
  readonly pool: RulePool;
}

interface AgentSelection {
  readonly resolved: ResolvedAgent;
  readonly selected: { group: SelectedGroup; set: CompiledGroupSet } | undefined;
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
  /** Pools by their groups (`3,7`): see RulePool. */
  private readonly pools = new Map<string, RulePool>();
  private readonly agents = new Map<string, AgentSelection>();
  /** The last origin asked about, and a RegExp of it (see `isOnOrigin`). */
  private originTest: { readonly origin: string; readonly prefix: RegExp } | undefined;

  /** The last governed origin given and its normal form (`https://bücher.test` → punycode). */
  private governed: { readonly given: string; readonly origin: string } | undefined;

  constructor(readonly file: RobotsFile) {}

  /** The origin given, as `parseTarget` writes origins, so that two spellings of one host are one origin. */
  private governedOrigin(given: string): string {
    if (this.governed?.given !== given) this.governed = { given, origin: siteOrigin(given) ?? given };
    return this.governed.origin;
  }

  /** Decides whether `agent` (a token, a crawler's full User-Agent header, or a resolved agent) may fetch `url`. */
  decide(url: string, agent: string | ResolvedAgent, options: DecideOptions = {}): Verdict {
    const { resolved, selected } = typeof agent === 'string' ? this.selection(agent) : { resolved: agent, selected: this.select(agent) };
    const governed = options.origin === undefined ? undefined : this.governedOrigin(options.origin);
    if (governed !== undefined && selected && this.isOnOrigin(url, governed)) {
      // The common case, an absolute URL on the governed origin: its path is read in place.
      const verdict = this.decideInPlace(url, governed.length, resolved, selected);
      if (verdict) return verdict;
    }
    let path: string;
    if (governed !== undefined && url.startsWith(governed) && isPathStart(url.charCodeAt(governed.length))) {
      // Fast path for the common case: an absolute URL on the governed origin, written canonically.
      path = pathAfterAuthority(url, governed.length);
    } else {
      const parsed = parseTarget(url);
      if (!parsed.ok) return notApplicable(url, resolved, parsed.message);
      const { origin } = parsed.target;
      if (governed !== undefined && origin !== null && origin !== governed) {
        return notApplicable(url, resolved, `${origin} is another origin: this robots.txt governs ${governed} only.`);
      }
      path = parsed.target.path;
    }
    const plain = isPlainPath(path);
    const target = plain ? path : normalizeTarget(path);
    if (path === ROBOTS_TXT) {
      return {
        outcome: 'allowed', allowed: true, url, target, agent: resolved, group: selected?.group ?? null, rule: null,
        reason: 'robots-txt', explanation: '/robots.txt itself is always allowed.', explanationReadsUrl: false,
      };
    }
    if (!selected) {
      const file = this.file;
      return {
        outcome: 'allowed', allowed: true, url, target, agent: resolved, group: null, rule: null, reason: 'no-group',
        get explanation(): string {
          return explainNoGroup(file, resolved, target);
        },
      };
    }
    const { group, set } = selected;
    const winner = set.pool.rules.best(target);
    // Google's reading can only differ when the path or a rule has a `%` or non-ASCII; even
    // then it is worked out only if someone reads it (a batch asking "allowed?" never does).
    return new RuleVerdict(url, resolved, group, winner, set.pool, !plain, path, 0, target);
  }

  /**
   * The verdict for the path of `url` from `from` (to its end or `#`) when the group's
   * automaton can read it in place; undefined when it takes the general way.
   */
  private decideInPlace(url: string, from: number, resolved: ResolvedAgent, selected: { group: SelectedGroup; set: CompiledGroupSet }): Verdict | undefined {
    // One character first: `startsWith` at an offset costs more than the rest of a short query.
    if (url.charCodeAt(from + 1) === 0x72 && url.startsWith(ROBOTS_TXT, from)) return undefined;
    const { group, set } = selected;
    const rules = set.pool.rules;
    const winner = rules.bestInPath(url, from);
    if (winner === null) return undefined;
    // Read to the end with nothing to normalise: Google's literal reading of the path is the same.
    const plain = rules.readPlainPath;
    return new RuleVerdict(url, resolved, group, winner, set.pool, !plain, undefined, from, undefined);
  }

  /**
   * Is `url` the governed origin followed by `/`? Tested with a RegExp of the origin (not
   * of any pattern): its compiled code reads the string directly, several times faster
   * than comparing it `charCodeAt` by `charCodeAt` or with `startsWith`.
   */
  private isOnOrigin(url: string, origin: string): boolean {
    let test = this.originTest;
    if (test === undefined || test.origin !== origin) {
      test = this.originTest = { origin, prefix: new RegExp(`^${origin.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}/`) };
    }
    return test.prefix.test(url);
  }

  /** Resolves an agent string to its chain. */
  resolve(agent: string): ResolvedAgent {
    return this.selection(agent).resolved;
  }

  /** Resolution and group selection, once per agent string: a replay asks about the same few agents millions of times. */
  private selection(agent: string): AgentSelection {
    let selection = this.agents.get(agent);
    if (!selection) {
      const resolved = resolveAgent(agent);
      selection = { resolved, selected: this.select(resolved) };
      if (this.agents.size > 10_000) this.agents.clear();
      this.agents.set(agent, selection);
    }
    return selection;
  }

  /**
   * The group a crawler uses: the first token of its chain that names a group (docs/spec/robots-semantics.md §3).
   * An agent string is resolved and its group selected once, then remembered.
   */
  select(agent: string | ResolvedAgent): { group: SelectedGroup; set: CompiledGroupSet } | undefined {
    if (typeof agent === 'string') return this.selection(agent).selected;
    for (let i = 0; i < agent.chain.length; i++) {
      const token = agent.chain[i]!;
      // A catalogue crawler's documented token outside the grammar (`MJ12bot`) is matched whole (§3).
      const outsideGrammar = agent.crawler !== undefined && isOutsideGrammar(token);
      const set = outsideGrammar ? this.documentedSet(tokenKey(token)) : this.groupSet(token === '*' ? '*' : tokenKey(token));
      if (set) {
        const via = i === 0 && token !== '*' ? 'own-token' : token === '*' ? 'star' : 'fallback';
        const group: SelectedGroup = { token, groups: set.pool.groups, agentLines: set.agentLines, chainIndex: i, via };
        return { group: outsideGrammar ? { ...group, outsideGrammar } : group, set };
      }
    }
    return undefined;
  }

  private groupSet(key: string): CompiledGroupSet | undefined {
    let set = this.sets.get(key);
    if (set === undefined) {
      const groups = this.file.groupsByToken.get(key);
      set = groups ? { agentLines: agentLinesOf(this.file, key, groups), pool: this.pool(groups) } : null;
      this.sets.set(key, set);
    }
    return set ?? undefined;
  }

  /** The groups with a `User-agent` line naming `key` whole, before any `/version`: `MJ12bot`, `mj12bot/1.4`. */
  private documentedSet(key: string): CompiledGroupSet | undefined {
    const setKey = `=${key}`;
    let set = this.sets.get(setKey);
    if (set === undefined) {
      const groups: number[] = [];
      const agentLines: number[] = [];
      for (const group of this.file.groups) {
        for (const agent of group.agents) {
          if (agent.isStar || documentedKey(agent.value) !== key) continue;
          agentLines.push(agent.line);
          if (groups[groups.length - 1] !== group.index) groups.push(group.index);
        }
      }
      set = groups.length > 0 ? { agentLines, pool: this.pool(groups) } : null;
      this.sets.set(setKey, set);
    }
    return set ?? undefined;
  }

  private pool(groups: readonly number[]): RulePool {
    const key = groups.join(',');
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new RulePool(this.file, groups);
      this.pools.set(key, pool);
    }
    return pool;
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

/** The user-agent lines of `groups` that name the token `key`. */
function agentLinesOf(file: RobotsFile, key: string, groups: readonly number[]): number[] {
  const agentLines: number[] = [];
  for (const g of groups) {
    for (const agent of file.groups[g]?.agents ?? []) {
      if ((agent.isStar ? '*' : tokenKey(agent.token)) === key) agentLines.push(agent.line);
    }
  }
  return agentLines;
}

/*
 * The verdicts the matcher gives, in this module rather than one of their own: a verdict is
 * made for every query, and unbundled (the tests, the benches under tsx) a class imported
 * from another module is fetched through that module's getter each time.
 */

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
