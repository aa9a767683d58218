/**
 * The one matcher (docs/architecture.md, "One matcher"). A `RobotsMatcher` compiles a parsed file once and
 * answers (URL, agent) questions; the server, CLI, lint, hover, matrix and replay all ask
 * it, so they can never disagree.
 */

import { resolveAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import { normalizeTarget } from '../encoding';
import type { RobotsFile } from '../parse';
import { tokenKey } from '../product-token';
import { explainNoGroup } from './explanation';
import { RulePool } from './rule-pool';
import { isPathStart, isPlainPath, notApplicable, pathAfterAuthority, ROBOTS_TXT, RuleVerdict } from './rule-verdict';
import { parseTarget } from './target';
import type { SelectedGroup, Verdict } from './verdict';


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

  constructor(readonly file: RobotsFile) {}

  /** Decides whether `agent` (a token, a crawler's full User-Agent header, or a resolved agent) may fetch `url`. */
  decide(url: string, agent: string | ResolvedAgent, options: DecideOptions = {}): Verdict {
    const { resolved, selected } = typeof agent === 'string' ? this.selection(agent) : { resolved: agent, selected: this.select(agent) };
    const governed = options.origin;
    if (governed !== undefined && selected && this.isOnOrigin(url, governed)) {
      // The common case, an absolute URL on the governed origin: its path is read in place.
      const verdict = this.decideInPlace(url, governed.length, resolved, selected);
      if (verdict) return verdict;
    }
    let path: string;
    if (options.origin !== undefined && url.startsWith(options.origin) && isPathStart(url.charCodeAt(options.origin.length))) {
      // Fast path for the common case: an absolute URL on the governed origin, written canonically.
      path = pathAfterAuthority(url, options.origin.length);
    } else {
      const parsed = parseTarget(url);
      if (!parsed.ok) return notApplicable(url, resolved, parsed.message);
      const { origin } = parsed.target;
      if (options.origin !== undefined && origin !== null && origin !== options.origin) {
        return notApplicable(url, resolved, `${origin} is another origin: this robots.txt governs ${options.origin} only.`);
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
      const set = this.groupSet(token === '*' ? '*' : tokenKey(token));
      if (set) {
        const via = i === 0 && token !== '*' ? 'own-token' : token === '*' ? 'star' : 'fallback';
        return { group: { token, groups: set.pool.groups, agentLines: set.agentLines, chainIndex: i, via }, set };
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

