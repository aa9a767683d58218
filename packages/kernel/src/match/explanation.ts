/**
 * The sentences of a verdict: which group was used and why, which rule decided, and what
 * else in the file matters to this verdict — a tie the Allow won, a User-agent line that
 * names something close to the crawler but not it, a usage-control token that fetches
 * nothing, blank lines that older parsers would end the group at, rules that sit before
 * any User-agent line. Built only when a verdict's explanation is read.
 */

import { crawlerByToken, identifyUserAgent } from '../crawlers';
import type { ResolvedAgent } from '../crawlers';
import type { RobotsFile, Rule } from '../parse';
import { compilePattern, matches } from './pattern';
import type { CompiledPattern } from './pattern';
import { productToken, tokenKey } from '../product-token';
import type { DecidingRule, SelectedGroup } from './verdict';
import { plural } from '../words';

/** Lines named in one note, at most. */
const SHOWN = 2;

/**
 * The explanation of a verdict decided by a group's rules (or by none of them). The
 * verdict's normalised target is read only when the words speak of the URL.
 */
export function explainRuleVerdict(
  file: RobotsFile,
  agent: ResolvedAgent,
  group: SelectedGroup,
  winner: DecidingRule | null,
  allowed: boolean,
  verdict: { readonly target: string },
): string {
  // Without a note about the URL itself, the words depend on the crawler, group and rule
  // only: a batch of a million queries asks for the same few thousand explanations.
  let known = explained.get(group);
  if (known === undefined || known.file !== file || known.agent !== agent) {
    known = { file, agent, allowed: new Map(), disallowed: new Map() };
    explained.set(group, known);
  }
  const byWinner = allowed ? known.allowed : known.disallowed;
  let words = byWinner.get(winner);
  if (words === undefined) {
    const parts = ruleVerdictParts(file, agent, group, winner, allowed);
    words = readsTarget(file, group, winner, allowed) ? parts : joinParts(file, group, winner, allowed, parts, verdict.target);
    byWinner.set(winner, words);
  }
  return typeof words === 'string' ? words : joinParts(file, group, winner, allowed, words, verdict.target);
}

/**
 * Whether the explanation of a verdict decided by `winner` in `group` can speak of the URL
 * (an orphan rule that would decide it otherwise, a tie): only then do two URLs that one
 * rule decides for one crawler get different words.
 */
export function explanationReadsTarget(file: RobotsFile, group: SelectedGroup, winner: DecidingRule | null, allowed: boolean): boolean {
  return readsTarget(file, group, winner, allowed);
}

/**
 * An explanation's words that do not depend on the URL: the sentence of the deciding rule,
 * cut where a tie note goes, and the notes that follow it. An explanation that speaks of the
 * URL keeps these, and adds the tie and orphan notes for each URL.
 */
interface VerdictParts {
  /** The decided sentence up to where a tie note goes, and after it. */
  readonly head: string;
  readonly tail: string;
  /** The notes on the agent and the group, in their order, before an orphan note. */
  readonly notes: readonly string[];
}

/** Explanations already written, by the selected group (a selection is kept per agent), then the deciding rule. */
const explained = new WeakMap<
  SelectedGroup,
  {
    readonly file: RobotsFile;
    readonly agent: ResolvedAgent;
    readonly allowed: Map<DecidingRule | null, string | VerdictParts>;
    readonly disallowed: Map<DecidingRule | null, string | VerdictParts>;
  }
>();

/**
 * Whether the explanation could name something of the URL itself: an orphan rule that
 * would decide it otherwise, or a Disallow as long as the winning Allow that matches too.
 */
function readsTarget(file: RobotsFile, group: SelectedGroup, winner: DecidingRule | null, allowed: boolean): boolean {
  const known = facts(file);
  if (allowed ? known.orphanDisallows : known.orphanAllows) return true;
  return winner !== null && winner.kind === 'allow' && disallowsOfLength(file, group, winner.octets).length > 0;
}

function ruleVerdictParts(file: RobotsFile, agent: ResolvedAgent, group: SelectedGroup, winner: DecidingRule | null, allowed: boolean): VerdictParts {
  const groupText = describeGroup(group);
  const nearMiss = group.via === 'star' ? nearMissNote(file, agent) : '';
  const notes = [nearMiss, controlTokenNote(agent), detachedNote(file, group, winner)].filter((n) => n !== '');
  if (!winner) return { head: `${groupText}; no rule matches, so it is allowed.`, tail: '', notes };
  const key = winner.kind === 'allow' ? 'Allow' : 'Disallow';
  const how = winner.implicit === 'index-html' ? ` (Google reads Allow: ${winner.pattern} as also allowing ${winner.normalized.slice(0, -1)} exactly)` : '';
  return {
    head: `${groupText}; line ${winner.line + 1} "${key}: ${winner.pattern}" is the longest match (${plural(winner.octets, 'octet')})${how}`,
    tail: `, so it is ${allowed ? 'allowed' : 'disallowed'}.`,
    notes,
  };
}

/** The explanation of `parts` for one URL: its tie note (for an Allow that won one) and orphan note added. */
function joinParts(file: RobotsFile, group: SelectedGroup, winner: DecidingRule | null, allowed: boolean, parts: VerdictParts, target: string): string {
  const tie = winner ? tieNote(file, group, winner, target) : '';
  const orphan = orphanNote(file, target, allowed);
  return [`${parts.head}${tie}${parts.tail}`, ...parts.notes, ...(orphan === '' ? [] : [orphan])].join(' ');
}

/** The explanation when no group applies to the crawler: everything is allowed. */
export function explainNoGroup(file: RobotsFile, agent: ResolvedAgent, target: string): string {
  if (facts(file).orphanDisallows) return composeNoGroup(file, agent, target);
  const known = explainedNoGroup.get(agent);
  if (known !== undefined && known.file === file) return known.text;
  const text = composeNoGroup(file, agent, target);
  explainedNoGroup.set(agent, { file, text });
  return text;
}

/** Explanations of "no group" already written, by agent, when no orphan rule could speak of the URL. */
const explainedNoGroup = new WeakMap<ResolvedAgent, { readonly file: RobotsFile; readonly text: string }>();

function composeNoGroup(file: RobotsFile, agent: ResolvedAgent, target: string): string {
  const notes = [nearMissNote(file, agent), controlTokenNote(agent), orphanNote(file, target, true)].filter((n) => n !== '');
  return [`No group names ${listTokens(agent.chain)}: everything is allowed.`, ...notes].join(' ');
}

function describeGroup(group: SelectedGroup): string {
  const lines = group.agentLines.map((l) => l + 1).join(', ');
  const name = group.token === '*' ? 'User-agent: *' : `User-agent: ${group.token}`;
  const via = group.via === 'own-token' ? '' : group.via === 'star' ? ' (no group names this crawler, so it falls back to *)' : ` (by fallback to ${group.token})`;
  return `Group ${name} (line${group.agentLines.length > 1 ? 's' : ''} ${lines})${via}${group.outsideGrammar ? outsideGrammarNote(group.token) : ''}`;
}

/**
 * A group named by a token its operator documents outside RFC 9309's grammar (§3): the crawler
 * obeys it, and the words say that other parsers read the line as another token.
 */
function outsideGrammarNote(token: string): string {
  const crawler = crawlerByToken(token);
  const who = crawler ? `the token ${crawler.operator} documents for ${crawler.name}` : 'a token its operator documents';
  const read = productToken(token);
  const reading = read === '' ? 'no product token from this line' : `this line as "${read}" instead`;
  return `, ${who}: RFC 9309's grammar and Google's parser would read ${reading}`;
}

/**
 * `Line 3 "User-agent: MJ12bot" is read as the token "MJ", not as MJ12bot.`: User-agent
 * lines that name the crawler in a way crawlers do not read as its token (digits cut it
 * short, a full header), where "no group names this crawler" would hide them.
 */
function nearMissNote(file: RobotsFile, agent: ResolvedAgent): string {
  // It depends on the file and the agent only, and reads every User-agent line of the
  // file: a batch asks for it once per query, of the same few agents.
  let notes = nearMissNotes.get(file);
  if (notes === undefined) nearMissNotes.set(file, (notes = new Map()));
  const key = `${agent.token}\n${agent.chain.join('\n')}`;
  let note = notes.get(key);
  if (note === undefined) {
    if (notes.size >= 10_000) notes.clear();
    note = findNearMisses(file, agent);
    notes.set(key, note);
  }
  return note;
}

const nearMissNotes = new WeakMap<RobotsFile, Map<string, string>>();

function findNearMisses(file: RobotsFile, agent: ResolvedAgent): string {
  const own = agent.chain.filter((token) => token !== '*').map(tokenKey);
  if (own.length === 0) return '';
  const near: string[] = [];
  for (const group of file.groups) {
    for (const line of group.agents) {
      if (line.isStar || near.length >= SHOWN) continue;
      const read = tokenKey(line.token);
      if (own.includes(read)) continue;
      const leading = tokenKey(/^[A-Za-z0-9_-]+/.exec(line.value)?.[0] ?? '');
      const header = /[\s/(]/.test(line.value) ? identifyUserAgent(line.value) : undefined;
      if (own.includes(leading) || (header && own.includes(tokenKey(header.token)))) {
        near.push(`line ${line.line + 1} "User-agent: ${line.value}" is read as ${line.token === '' ? 'no product token at all' : `the token "${line.token}"`}`);
      }
    }
  }
  if (near.length === 0) return '';
  const text = near.join(', and ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}, not as ${agent.token} (only the leading letters, "-" and "_" count).`;
}

/** ` — line 4 "Disallow: /x" matches too and is as long, and on a tie Allow wins`. */
function tieNote(file: RobotsFile, group: SelectedGroup, winner: DecidingRule, target: string): string {
  if (winner.kind !== 'allow') return '';
  for (const { rule, pattern } of disallowsOfLength(file, group, winner.octets)) {
    if (matches(pattern, target)) return ` — line ${rule.line + 1} "Disallow: ${rule.pattern}" matches too and is as long, and on a tie Allow wins`;
  }
  return '';
}

/** A usage-control token is asked about, not a crawler: say what the verdict means for it. */
function controlTokenNote(agent: ResolvedAgent): string {
  const crawler = agent.crawler;
  if (!crawler?.controlToken) return '';
  return `${crawler.token} is a usage-control token: it fetches nothing, and the verdict says whether ${crawler.operator} may use the content, not whether it is crawled.`;
}

/**
 * Blank lines between the crawler's User-agent line and the rule that decided: RFC 9309
 * keeps one group across them, parsers that end a record at a blank line do not.
 */
function detachedNote(file: RobotsFile, group: SelectedGroup, winner: DecidingRule | null): string {
  if (!winner) return '';
  const agentLine = [...group.agentLines].reverse().find((l) => l < winner.line && file.lines[l]?.group === file.lines[winner.line]?.group);
  if (agentLine === undefined) return '';
  const blank = firstBlankBetween(file, agentLine, winner.line);
  if (blank === undefined) return '';
  return (
    `A blank line (line ${blank + 1}) separates line ${agentLine + 1} from line ${winner.line + 1}: RFC 9309 keeps them in one group, ` +
    `but parsers that end a record at a blank line would not apply line ${winner.line + 1} to this crawler.`
  );
}

/** Rules before any User-agent line that match the URL and would decide it otherwise. */
function orphanNote(file: RobotsFile, target: string, allowed: boolean): string {
  const found: Rule[] = [];
  for (const { rule, pattern } of facts(file).orphans) {
    if (found.length >= SHOWN) break;
    if ((rule.kind === 'allow') === allowed) continue;
    if (matches(pattern, target)) found.push(rule);
  }
  if (found.length === 0) return '';
  const named = found.map((r, i) => `${i === 0 ? 'Line' : 'line'} ${r.line + 1} "${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.pattern}"`).join(' and ');
  return `${named} would match this URL, but ${found.length > 1 ? 'they come' : 'it comes'} before any User-agent line, so no crawler applies ${found.length > 1 ? 'them' : 'it'}.`;
}

interface CompiledLine {
  readonly rule: Rule;
  readonly pattern: CompiledPattern;
}

/**
 * What explanations look up in a file, gathered once per parsed file: a batch of a
 * million verdicts would otherwise scan the same lines a million times.
 */
interface FileFacts {
  /** Physical lines that are blank, ascending. */
  readonly blanks: readonly number[];
  /** The rules before any User-agent line, compiled. */
  readonly orphans: readonly CompiledLine[];
  /** Whether some of them allow, some disallow (the ones that could contradict a verdict). */
  readonly orphanAllows: boolean;
  readonly orphanDisallows: boolean;
  /** Disallow rules by pool (`3,7`) and octets, compiled on first need. */
  readonly disallows: Map<string, Map<number, CompiledLine[]>>;
}

const factsOfFile = new WeakMap<RobotsFile, FileFacts>();

function facts(file: RobotsFile): FileFacts {
  let known = factsOfFile.get(file);
  if (!known) {
    const blanks: number[] = [];
    for (const line of file.lines) if (line.kind === 'blank') blanks.push(line.index);
    const orphans = file.orphanRules.filter((rule) => rule.normalized !== '').map((rule) => ({ rule, pattern: compilePattern(rule.normalized) }));
    const orphanAllows = orphans.some(({ rule }) => rule.kind === 'allow');
    const orphanDisallows = orphans.some(({ rule }) => rule.kind !== 'allow');
    known = { blanks, orphans, orphanAllows, orphanDisallows, disallows: new Map() };
    factsOfFile.set(file, known);
  }
  return known;
}

function disallowsOfLength(file: RobotsFile, group: SelectedGroup, octets: number): readonly CompiledLine[] {
  const byPool = facts(file).disallows;
  const key = group.groups.join(',');
  let byOctets = byPool.get(key);
  if (!byOctets) {
    byOctets = new Map();
    for (const g of group.groups) {
      for (const rule of file.groups[g]?.rules ?? []) {
        if (rule.kind !== 'disallow' || rule.normalized === '') continue;
        const list = byOctets.get(rule.octets);
        const entry = { rule, pattern: compilePattern(rule.normalized) };
        if (list) list.push(entry);
        else byOctets.set(rule.octets, [entry]);
      }
    }
    byPool.set(key, byOctets);
  }
  return byOctets.get(octets) ?? [];
}

/** The first blank line strictly between two lines, if any. */
function firstBlankBetween(file: RobotsFile, from: number, to: number): number | undefined {
  const blanks = facts(file).blanks;
  let lo = 0;
  let hi = blanks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blanks[mid]! <= from) lo = mid + 1;
    else hi = mid;
  }
  const blank = blanks[lo];
  return blank !== undefined && blank < to ? blank : undefined;
}

function listTokens(chain: readonly string[]): string {
  return chain.length === 0 ? 'this crawler' : chain.join(', ');
}
