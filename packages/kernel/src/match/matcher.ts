/**
 * The one matcher (architecture rule 5). A `RobotsMatcher` compiles a parsed file once and
 * answers (URL, agent) questions; the server, CLI, lint, hover, matrix and replay all ask
 * it, so they can never disagree.
 */

import { resolveAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import { escapedOctet, googleLiteralPattern, googleLiteralTarget, HEX, isUnreserved, normalizeTarget } from '../encoding';
import type { RobotsFile, Rule } from '../parse';
import { tokenKey } from '../product-token';
import { explainNoGroup, explainRuleVerdict, explanationReadsTarget } from './explanation';
import { compilePattern } from './pattern';
import { RuleIndex } from './rule-index';
import type { IndexedRule } from './rule-index';
import { parseTarget } from './target';
import { plainVerdict } from './verdict';
import type { DecidingRule, GoogleLiteralDifference, SelectedGroup, Verdict } from './verdict';

/**
 * What `plainUrlRule` finds decides a URL: a rule, no rule (null), the path `/robots.txt`
 * itself, or its being on another origin than the one governed (not applicable), named.
 */
export type PlainUrlDecider = DecidingRule | null | 'robots-txt' | { readonly otherOrigin: string };

/** The path every crawler may fetch whatever the rules say (contract: robots.txt itself). */
const ROBOTS_TXT = '/robots.txt';

interface CompiledRule extends IndexedRule {
  readonly decides: DecidingRule;
  readonly allow: boolean;
  readonly octets: number;
}

/**
 * The rules pooled from some groups (`3,7`), compiled on first need. Tokens named on one
 * group's user-agent lines (`User-agent: GPTBot` + `User-agent: CCBot`) pool the same groups
 * and share one pool, so its automaton is built and kept in cache once, not once per token.
 */
class RulePool {
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
  /** The scheme and authority of the last URL `otherOrigin` read as bytes, and their origin. */
  private lastPrefix: { readonly bytes: Uint8Array; readonly origin: { readonly otherOrigin: string } | undefined } | undefined;

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
   * What decides whether `agent` may fetch the URL `bytes[start, end)`, read as bytes with no
   * string made of it: the verdict's `rule` that `decide(url, agent, { origin })` gives, null
   * when no rule matches (allowed), 'robots-txt' for the path `/robots.txt` itself (always
   * allowed), or `{ otherOrigin }` for an absolute URL on another origin (not applicable). The
   * bytes are the URL's UTF-8, and valid (a batch reads them so). Undefined when it cannot be
   * told this way (an agent without a group, an automaton not built yet, a URL that is not
   * plainly absolute or on the origin), or when `googleAgrees` asks for a verdict without a
   * `googleLiteral` and Google's literal reading might differ (a path to normalise, or a rule
   * whose two readings differ matches it): then `decide` the URL as text. For batches, which
   * answer millions of URLs straight from the bytes they read.
   */
  plainUrlRule(agent: string, bytes: Uint8Array, start: number, end: number, origin: string, googleAgrees: boolean): PlainUrlDecider | undefined {
    const { selected } = this.selection(agent);
    const from = start + origin.length;
    if (bytes[from] !== 0x2f || !startsWithText(bytes, start, end, origin)) return this.otherOrigin(bytes, start, end, origin);
    if (!selected) return undefined;
    // `decide` compares the path cut at `#`, as sent: `/robots.txt?x` and `/robots.tx%74` take the rules.
    if (bytes[from + 1] === 0x72 && startsWithText(bytes, from, end, ROBOTS_TXT) && (from + ROBOTS_TXT.length === end || bytes[from + ROBOTS_TXT.length] === 0x23)) return 'robots-txt';
    if (googleAgrees && !isOwnTargetBytes(bytes, from, end)) return undefined;
    const pool = selected.set.pool;
    const winner = pool.rules.bestInBytes(bytes, from, end);
    if (winner === null || (googleAgrees && !googleAgreesOnPlainPath(pool, bytes, from, end))) return undefined;
    return winner ? winner.decides : null;
  }

  /**
   * The origin of the URL `bytes[start, end)` when it is absolute and on another origin than
   * `governed`, as `decide` reads it: `parseTarget` of its scheme and authority, which are all
   * its origin is made of. Undefined when they name the governed one written otherwise
   * (`HTTPS://`, `:443`), when it has no host, or for a path: `decide` tells those. The last
   * scheme and authority are kept with their origin, as a batch's URLs come in runs on one.
   */
  private otherOrigin(bytes: Uint8Array, start: number, end: number, governed: string): { readonly otherOrigin: string } | undefined {
    let colon = start;
    while (colon < end && bytes[colon] !== 0x3a) colon++;
    if (colon + 2 >= end || bytes[colon + 1] !== 0x2f || bytes[colon + 2] !== 0x2f) return undefined;
    let authorityEnd = colon + 3;
    while (authorityEnd < end && !isPathStart(bytes[authorityEnd]!)) authorityEnd++;
    // No origin is that long; whatever it is, `decide` says it.
    if (authorityEnd - start > MAX_PLAIN_PREFIX) return undefined;
    // `parseTarget` trims what it reads, the URL or (here) its start: with a space in the
    // start the two could read differently; and the start is read a byte a character. A URL
    // such as that (or a host in UTF-8) takes `decide`.
    for (let i = start; i < authorityEnd; i++) if (bytes[i] === 0x20 || bytes[i]! >= 0x80) return undefined;
    let last = this.lastPrefix;
    if (last === undefined || !sameBytes(last.bytes, bytes, start, authorityEnd)) {
      const prefix = bytes.slice(start, authorityEnd);
      const parsed = parseTarget(String.fromCharCode(...prefix));
      const origin = parsed.ok ? parsed.target.origin : null;
      this.lastPrefix = last = { bytes: prefix, origin: origin === null ? undefined : { otherOrigin: origin } };
    }
    return last.origin !== undefined && last.origin.otherOrigin !== governed ? last.origin : undefined;
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

  /** The group a crawler uses: the first token of its chain that names a group (contract §3). */
  select(agent: ResolvedAgent): { group: SelectedGroup; set: CompiledGroupSet } | undefined {
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

/** The rules of the groups pooled under a token, in the order they are tried. */
export function pooledRules(file: RobotsFile, groups: readonly number[]): Rule[] {
  const rules: Rule[] = [];
  for (const g of groups) {
    const group = file.groups[g];
    if (group) rules.push(...group.rules);
  }
  return rules;
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

/**
 * Google's literal comparison can only disagree when the target changes under
 * normalisation, or when a rule whose two forms differ matches in either form.
 */
function googleDifference(pool: RulePool, path: string, target: string, winner: CompiledRule | undefined): GoogleLiteralDifference | undefined {
  const googleTarget = googleLiteralTarget(path);
  if (googleTarget === target) {
    // One search of both forms: does any rule whose forms differ match in either?
    const differing = (pool.differing ??= compileDiffering(pool.file, pool.groups));
    if (!differing.best(target)) return undefined;
  }
  const googleRules = (pool.googleRules ??= compileGoogleRules(pool.file, pool.groups));
  const googleWinner = googleRules.best(googleTarget);
  const allowed = winner ? winner.allow : true;
  const googleAllowed = googleWinner ? googleWinner.allow : true;
  if (googleAllowed === allowed) return undefined;
  return {
    allowed: googleAllowed,
    rule: googleWinner ? googleWinner.decides : null,
    explanation:
      `Google's open-source parser compares percent-escapes literally and would say ${googleAllowed ? 'allowed' : 'disallowed'}` +
      (googleWinner ? ` (line ${googleWinner.decides.line + 1})` : ' (no rule matches)') +
      '. This verdict follows RFC 9309; write the plain characters to make both agree.',
  };
}

function compileGoogleRules(file: RobotsFile, groups: readonly number[]): RuleIndex<CompiledRule> {
  return compileRules(pooledRules(file, groups), (rule) => googleLiteralPattern(rule.pattern));
}

function compileDiffering(file: RobotsFile, groups: readonly number[]): RuleIndex<CompiledRule> {
  const differing = pooledRules(file, groups).filter((rule) => rule.normalized !== googleLiteralPattern(rule.pattern));
  // Each rule once in each form; which one ranks first does not matter, only whether any matches.
  return compileRules([...differing, ...differing], (rule, i) => (i < differing.length ? rule.normalized : googleLiteralPattern(rule.pattern)));
}

/** Ranks the rules (longest first, Allow before Disallow on equal length, then file order) and indexes them. */
function compileRules(rules: readonly Rule[], form: (rule: Rule, index: number) => string): RuleIndex<CompiledRule> {
  const compiled: Array<Omit<CompiledRule, 'rank'>> = [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    // Inactive lines (past 500 KiB) never become rules; empty patterns match nothing.
    const normalized = form(rule, i);
    if (normalized === '') continue;
    const decides: DecidingRule = { kind: rule.kind, line: rule.line, pattern: rule.pattern, normalized, octets: normalized.length };
    compiled.push(entry(decides, rule.kind === 'allow', normalized));
    const implicit = rule.kind === 'allow' ? indexHtmlPattern(normalized) : undefined;
    if (implicit !== undefined) {
      const index: DecidingRule = { kind: rule.kind, line: rule.line, pattern: rule.pattern, normalized: implicit, octets: implicit.length, implicit: 'index-html' };
      compiled.push(entry(index, true, implicit));
    }
  }
  compiled.sort((a, b) => b.octets - a.octets || Number(b.allow) - Number(a.allow) || a.decides.line - b.decides.line);
  // Written out rather than spread: V8 gives each object cloned by `{ ...rule }` a map of its
  // own, and a verdict reading `winner.allow` from thousands of maps goes megamorphic.
  return new RuleIndex(
    compiled.map((rule, rank): CompiledRule => ({ decides: rule.decides, allow: rule.allow, octets: rule.octets, pattern: rule.pattern, literalOnly: rule.literalOnly, rank })),
  );
}

function entry(decides: DecidingRule, allow: boolean, normalized: string): Omit<CompiledRule, 'rank'> {
  const pattern = compilePattern(normalized);
  return { decides, allow, octets: normalized.length, pattern, literalOnly: pattern.pieces.length === 1 };
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

/**
 * A path normalisation leaves unchanged: no `%`, `*`, `$` or non-ASCII. The path is `text`
 * from `from` to its end or a `#` (a path cut out of its URL has none; one still in its URL
 * ends there).
 */
function isPlainPath(text: string, from = 0): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23) return true;
    if (c === 0x25 || c === 0x2a || c === 0x24 || c >= 0x80) return false;
  }
  return true;
}

/**
 * Whether Google's literal reading of the path `bytes[from, end)`, which normalising leaves
 * as it is (`isOwnTargetBytes`) and so reads the same both ways, certainly agrees: no rule
 * of the pool whose two forms differ matches it. False when unsure.
 */
function googleAgreesOnPlainPath(pool: RulePool, bytes: Uint8Array, from: number, end: number): boolean {
  if (!pool.googleMayDiffer) return true;
  const differing = (pool.differing ??= compileDiffering(pool.file, pool.groups));
  return differing.bestInBytes(bytes, from, end) === undefined;
}

/**
 * Whether the path `bytes[from, end)` (valid UTF-8), up to a `#`, reads as the same target
 * normalised and as Google reads it literally (which only encodes non-ASCII, as normalising
 * does): no `*` or `$`, and every escape written with upper-case hex and naming a character
 * that stays escaped (not an unreserved one). A `%` without two hex digits after it is a
 * literal `%` both ways. Paths of UTF-8 escapes, as browsers send non-ASCII, are such, and
 * so are their raw UTF-8 bytes.
 */
function isOwnTargetBytes(bytes: Uint8Array, from: number, end: number): boolean {
  for (let i = from; i < end; i++) {
    const c = bytes[i]!;
    if (c === 0x23) return true;
    if (c === 0x2a || c === 0x24) return false;
    if (c !== 0x25 || i + 2 >= end) continue;
    const byte = escapedOctet(bytes[i + 1]!, bytes[i + 2]!);
    if (byte < 0) continue;
    // Normalising decodes an unreserved character and writes any other in upper-case hex.
    if (isUnreserved(byte) || bytes[i + 1] !== HEX.charCodeAt(byte >> 4) || bytes[i + 2] !== HEX.charCodeAt(byte & 15)) return false;
    i += 2;
  }
  return true;
}

/** The longest scheme and authority `otherOrigin` reads (a host name is at most 253 characters). */
const MAX_PLAIN_PREFIX = 1024;

/** Are `bytes[from, end)` the bytes `kept`? */
function sameBytes(kept: Uint8Array, bytes: Uint8Array, from: number, end: number): boolean {
  if (kept.length !== end - from) return false;
  for (let k = 0; k < kept.length; k++) if (kept[k] !== bytes[from + k]) return false;
  return true;
}

/** Do `bytes[from, end)` start with `text`, character for byte? */
function startsWithText(bytes: Uint8Array, from: number, end: number, text: string): boolean {
  if (end - from < text.length) return false;
  for (let k = 0; k < text.length; k++) if (bytes[from + k] !== text.charCodeAt(k)) return false;
  return true;
}

/** `/`, `?`, `;`, `#` or the end: where an authority ends. */
function isPathStart(c: number): boolean {
  return Number.isNaN(c) || c === 0x2f || c === 0x3f || c === 0x3b || c === 0x23;
}

/** Path + params + query after the authority (Google's GetPathParamsQuery), `/` when empty. */
function pathAfterAuthority(url: string, from: number): string {
  const hash = url.indexOf('#', from);
  const rest = hash >= 0 ? url.slice(from, hash) : url.slice(from);
  if (rest === '') return '/';
  return rest.charCodeAt(0) === 0x2f ? rest : '/' + rest;
}

/**
 * A verdict decided by the group's rules. A class, so that millions of them stay cheap:
 * the explanation is built only when read, and `toJSON` keeps it in serialised verdicts.
 */
class RuleVerdict implements Verdict {
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
    const pool = this.pool;
    const differing = (pool.differing ??= compileDiffering(pool.file, pool.groups));
    return differing.bestInPath(this.url, this.pathFrom) === undefined && isPlainPath(this.url, this.pathFrom);
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

function notApplicable(url: string, agent: ResolvedAgent, explanation: string): Verdict {
  return { outcome: 'not-applicable', allowed: null, url, target: null, agent, group: null, rule: null, reason: 'other-origin', explanation };
}

