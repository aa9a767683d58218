/**
 * `robots-lens test ROBOTS --batch`: {"agent","url"} JSON lines on stdin, one JSON answer per
 * line on stdout, at matcher speed. Lines are read a chunk at a time, answers leave in large
 * writes, and with `--fields` only the fields asked for are worked out (a verdict's
 * explanation is words built on demand; `allowed` and `line` cost nothing beyond the match).
 */

import { effectivePreferences, preferencesJson, statesPreferences, verdictWithPreferencesJson } from '@robots-lens/kernel/preferences';
import { parseTarget, UrlBytesDecider } from '@robots-lens/kernel/match';
import { statementText } from '@robots-lens/kernel/parse';
import type { EffectivePreferences } from '@robots-lens/kernel/preferences';
import type { PlainUrlDecider, RobotsMatcher, Verdict, verdictJson } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { eachInputChunk } from '../../node/input-chunks';
import type { CommandInput } from '../../node/input-chunks';
import { LineWriter } from '../line-writer';
import { safeJsonText } from '../output';
import { UsageError } from '../usage-error';
import { keepYoungGenerationSmall } from '../young-generation';
import { AgentNames, latin1 } from './batch-agents';
import { QueryLineReader } from './batch-lines';

/** A query line is a URL and an agent: anything longer than this is not one. */
export const MAX_QUERY_LINE = 64 * 1024;

type VerdictJson = ReturnType<typeof verdictJson>;
type FieldName = Exclude<keyof VerdictJson, 'googleLiteral'>;

/** How each field of `--fields` is read from a verdict: the same values `verdictJson` gives. */
const FIELDS: { readonly [K in FieldName]: (verdict: Verdict, robots: RobotsFile) => VerdictJson[K] } = {
  url: (v) => v.url,
  agent: (v) => v.agent.input,
  crawler: (v) => v.agent.crawler?.token ?? null,
  outcome: (v) => v.outcome,
  allowed: (v) => v.allowed,
  line: (v) => (v.rule ? v.rule.line + 1 : null),
  rule: (v, robots) => (v.rule ? statementText(robots, v.rule.line) : null),
  group: (v) => (v.group ? v.group.token : null),
  groupLines: (v) => (v.group ? v.group.agentLines.map((l) => l + 1) : []),
  chain: (v) => v.agent.chain,
  reason: (v) => v.reason,
  explanation: (v) => v.explanation,
};

/** The names `--fields` takes, in the order of a full answer. */
export const BATCH_FIELD_NAMES: readonly string[] = Object.keys(FIELDS);

/** The `--fields` list checked against the known names, or undefined for every field. */
export function batchFields(option: string | undefined): ReadonlyArray<FieldName> | undefined {
  if (option === undefined) return undefined;
  const names = option.split(',').map((n) => n.trim()).filter((n) => n !== '');
  const known = BATCH_FIELD_NAMES;
  const unknown = names.filter((n) => !known.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(`--fields takes a comma-separated list of ${known.join(', ')}${unknown.length > 0 ? `, not "${unknown.join('", "')}"` : ''}.`);
  }
  return names as FieldName[];
}

export async function runBatch(
  matcher: RobotsMatcher,
  robots: RobotsFile,
  io: CommandInput & { stdout: NodeJS.WritableStream },
  options: { origin?: string },
  fields: ReadonlyArray<FieldName> | undefined,
): Promise<number> {
  keepYoungGenerationSmall();
  // Large writes: a pipe takes a quarter megabyte in fewer wake-ups than four 64 KiB ones.
  const out = new LineWriter(io.stdout, 256 * 1024);
  const answer = answerWriter(fields, matcher, robots, options.origin);
  const agents = new AgentNames();
  let lineNumber = 0;
  const pending: Array<Promise<void>> = [];
  /** `plainUrl`: the URL is printable ASCII without `"` or `\`, its own JSON between quotes. */
  const answerQuery = (agent: string, url: string, plainUrl: boolean): Promise<void> | undefined => {
    if (isBlank(agent)) return out.write(safeJsonText(JSON.stringify({ line: lineNumber, error: EMPTY_AGENT })));
    const verdict = matcher.decide(url, agent, options);
    return verdict.outcome === 'not-applicable' && !parseTarget(url).ok
      ? out.write(safeJsonText(JSON.stringify({ url, agent, error: verdict.explanation })))
      : answer.verdict(verdict, out, plainUrl);
  };
  // Plain functions for the lines of a chunk, not the loop of this async function: they are
  // called for every line, so the engine optimises them, as it cannot that loop.
  const reader = new QueryLineReader(MAX_QUERY_LINE, {
    query(bytes, { agentStart, agentEnd, urlStart, urlEnd, urlAscii }) {
      lineNumber++;
      const agent = agents.text(bytes, agentStart, agentEnd);
      // Most lines are answered from their bytes; the rest as text, with the same answer.
      let flushing = isBlank(agent) ? null : answer.plainUrl(agent, bytes, urlStart, urlEnd, out);
      if (flushing === null) flushing = answerQuery(agent, urlAscii ? latin1(bytes, urlStart, urlEnd) : bytes.toString('utf8', urlStart, urlEnd), urlAscii);
      if (flushing) pending.push(flushing);
    },
    other(line) {
      lineNumber++;
      let flushing: Promise<void> | undefined;
      if (typeof line !== 'string') {
        flushing = out.write(safeJsonText(JSON.stringify({ line: lineNumber, error: `line longer than ${MAX_QUERY_LINE} characters (the most a query may have); not read` })));
      } else {
        if (line.trim() === '') return;
        const query = readQuery(line);
        flushing = typeof query === 'string' ? out.write(safeJsonText(JSON.stringify({ line: lineNumber, error: query }))) : answerQuery(query.agent, query.url, false);
      }
      if (flushing) pending.push(flushing);
    },
  });
  await eachInputChunk(io, (chunk, quiet) => {
    reader.push(chunk);
    // Nothing more has come in: a producer may be waiting for these answers (a co-process).
    if (quiet) pending.push(out.flush());
    // A full stream is waited for once per chunk (each wait is kept, so none fails unheard).
    return pending.length > 0 ? Promise.all(pending.splice(0, pending.length)) : undefined;
  });
  reader.end();
  if (pending.length > 0) await Promise.all(pending.splice(0, pending.length));
  await out.flush();
  return 0;
}

/**
 * How answers are written: from a verdict, or (for most lines) from the URL's bytes and the
 * rule that decides it, when what is kept of an earlier answer is known to be this one's.
 */
interface AnswerWriter {
  /** `plainUrl`: the URL is printable ASCII without `"` or `\`, its own JSON between quotes. */
  verdict(verdict: Verdict, to: LineWriter, plainUrl: boolean): Promise<void> | undefined;
  /**
   * Writes the answer for `agent` and the URL `bytes[start, end)`, its own JSON between quotes
   * (see QuerySpan), if it can be told without a verdict (see `UrlBytesDecider`);
   * null when not, and nothing was written: then it takes a verdict.
   */
  plainUrl(agent: string, bytes: Uint8Array, start: number, end: number, to: LineWriter): Promise<void> | undefined | null;
}

/** The writer of `--fields` answers, or of full answers (every field, and Google's reading when it differs). */
function answerWriter(fields: ReadonlyArray<FieldName> | undefined, matcher: RobotsMatcher, robots: RobotsFile, origin: string | undefined): AnswerWriter {
  if (fields !== undefined) return fields.every((name) => DECIDER_FIELDS.has(name)) ? decidersAnswers(fields, matcher, robots, origin) : answers(fields, matcher, robots, origin);
  const full = answers(EVERY_FIELD, matcher, robots, origin, true);
  return {
    verdict: (verdict, to, plainUrl) =>
      verdict.googleLiteral ? to.write(safeJsonText(JSON.stringify(verdictWithPreferencesJson(verdict, robots)))) : full.verdict(verdict, to, plainUrl),
    plainUrl: full.plainUrl,
  };
}

/** The key of what a verdict's deciding rule (or, without one, its reason) fixes in its answer. */
function deciderOf(verdict: Verdict): unknown {
  return verdict.rule ?? verdict.reason;
}

/** `deciderOf` the verdict whose decider `UrlBytesDecider` gave: a rule, a reason, (null) no rule matched, or another origin. */
function deciderOfRule(decider: PlainUrlDecider): unknown {
  if (decider === null) return 'no-matching-rule';
  return isOtherOrigin(decider) ? 'other-origin' : decider;
}

/** The decider of a URL on another origin, which `UrlBytesDecider` names. */
function isOtherOrigin(decider: PlainUrlDecider): decider is { readonly otherOrigin: string } {
  return typeof decider === 'object' && decider !== null && 'otherOrigin' in decider;
}

/**
 * The fields one deciding rule (or, without one, one reason) fixes whatever the agent and the
 * URL: the same rule always allows or always disallows. `--fields allowed,line` is this.
 */
const DECIDER_FIELDS: ReadonlySet<AnswerField> = new Set(['allowed', 'line', 'rule', 'outcome', 'reason']);

/**
 * The answers of fields that only the deciding rule or reason fixes (DECIDER_FIELDS): the
 * text of each is made once and then looked up by that rule alone. The general `answers`
 * keeps each per agent and checks it against the verdict, which was a tenth of a lean batch.
 */
function decidersAnswers(fields: readonly AnswerField[], matcher: RobotsMatcher, robots: RobotsFile, origin: string | undefined): AnswerWriter {
  const byDecider = new Map<unknown, Uint8Array>();
  const urlBytes = new UrlBytesDecider(matcher);
  return {
    verdict(verdict, to) {
      const decider = deciderOf(verdict);
      let text = byDecider.get(decider);
      if (text === undefined) {
        if (byDecider.size >= 10_000) byDecider.clear();
        byDecider.set(decider, (text = answerOf(fields, verdict, robots, undefined, undefined).text));
      }
      return to.writeAround(text, '', NO_BYTES);
    },
    plainUrl(agent, bytes, start, end, to) {
      const rule = origin === undefined ? undefined : urlBytes.decider(agent, bytes, start, end, origin, false);
      const text = rule === undefined ? undefined : byDecider.get(deciderOfRule(rule));
      return text === undefined ? null : to.writeAround(text, '', NO_BYTES);
    },
  };
}

/** What an answer may carry: the `--fields`, and the preferences a full answer ends with. */
type AnswerField = FieldName | 'preferences';

/** `verdictWithPreferencesJson` without `googleLiteral`, in its order. */
const EVERY_FIELD: readonly AnswerField[] = ['url', 'agent', 'crawler', 'outcome', 'allowed', 'line', 'rule', 'group', 'groupLines', 'chain', 'reason', 'explanation', 'preferences'];

/**
 * The answer of each verdict with `fields`, in their order, as `JSON.stringify` writes it
 * (DEL and C1 escaped). Everything but the URL is the same for every query that one rule
 * (or one reason) decides for one agent, so that text is kept per agent and rule, checked
 * against the verdict's group, outcome, explanation and preferences (the last two read
 * again only when they may speak of the URL), and each query only adds its URL: a batch
 * asks about a few agents and a few thousand rules, and writing the same JSON again for
 * each of a million answers was most of the time.
 */
function answers(fields: readonly AnswerField[], matcher: RobotsMatcher, robots: RobotsFile, origin: string | undefined, googleAgrees = false): AnswerWriter {
  const readsExplanation = fields.includes('explanation');
  const readsPreferences = fields.includes('preferences');
  // A file that states no preference gives every URL of one verdict's kind the same ones.
  const preferencesByUrl = readsPreferences && statesPreferences(robots);
  const byAgent = new Map<Verdict['agent'], Map<unknown, Answer>>();
  const urlBytes = new UrlBytesDecider(matcher);
  const verdictAnswer = (verdict: Verdict, to: LineWriter, plainUrl: boolean): Promise<void> | undefined => {
    let known = byAgent.get(verdict.agent);
    if (known === undefined) {
      if (byAgent.size >= 10_000) byAgent.clear();
      byAgent.set(verdict.agent, (known = new Map()));
    }
    const key = deciderOf(verdict);
    const found = known.get(key);
    const same = found !== undefined && found.group === verdict.group && found.outcome === verdict.outcome && found.reason === verdict.reason ? found : undefined;
    // Words and preferences that cannot speak of the URL are those kept: not worked out again.
    const explanation = !readsExplanation ? undefined : same && !same.explanationReadsUrl ? same.explanation : verdict.explanation;
    const preferences = !readsPreferences ? undefined : same && !preferencesByUrl ? same.preferences : effectivePreferences(robots, verdict);
    let kept = same;
    if (kept === undefined || kept.explanation !== explanation || kept.preferences !== preferences) {
      kept = answerOf(fields, verdict, robots, explanation, preferences);
      if (known.size >= 10_000) known.clear();
      known.set(key, kept);
    }
    if (kept.afterUrl === undefined) return to.writeAround(kept.text, '', NO_BYTES);
    const url = verdict.url;
    // The usual URL needs no escape: its quotes are kept with the bytes around it.
    if (plainUrl) return to.writeAround(kept.quoteBefore, url, kept.quoteAfter, 'latin1');
    return ESCAPED.test(url) ? to.writeAround(kept.text, safeJsonText(JSON.stringify(url)), kept.afterUrl) : to.writeAround(kept.quoteBefore, url, kept.quoteAfter);
  };
  return {
    verdict: verdictAnswer,
    plainUrl(agent, bytes, start, end, to) {
      // What `verdictAnswer` would keep: the answer of the same agent and rule, if it holds
      // nothing that reads the URL (and, asked, Google reads the URL as RFC 9309 does).
      if (origin === undefined || preferencesByUrl) return null;
      const rule = urlBytes.decider(agent, bytes, start, end, origin, googleAgrees);
      if (rule === undefined) return null;
      const kept = byAgent.get(matcher.resolve(agent))?.get(deciderOfRule(rule));
      // The words for a URL on another origin name that origin, and nothing else of the URL.
      const sameWords = kept !== undefined && (!readsExplanation || !kept.explanationReadsUrl || (isOtherOrigin(rule) && kept.otherOrigin === rule.otherOrigin));
      if (!sameWords) return null;
      return kept.afterUrl === undefined ? to.writeAround(kept.text, '', NO_BYTES) : to.writeBytesAround(kept.quoteBefore, bytes, start, end, kept.quoteAfter);
    },
  };
}

const NO_BYTES = new Uint8Array(0);

/** An answer's text, cut where the URL goes, and what it was written from. */
interface Answer {
  readonly group: Verdict['group'];
  readonly outcome: Verdict['outcome'];
  readonly reason: Verdict['reason'];
  readonly explanation: string | undefined;
  /** The explanation may differ for another URL with the same rule: read each verdict's. */
  readonly explanationReadsUrl: boolean;
  /** For an answer on another origin, that origin (its URL's), which its words name. */
  readonly otherOrigin: string | undefined;
  readonly preferences: EffectivePreferences | undefined;
  /** The answer up to the URL's value, or all of it when it has no URL, as UTF-8. */
  readonly text: Uint8Array;
  /** The answer after the URL's value. */
  readonly afterUrl: Uint8Array | undefined;
  /** `text` and `afterUrl` with the URL's quotes, for a URL written as it is. */
  readonly quoteBefore: Uint8Array;
  readonly quoteAfter: Uint8Array;
}

function answerOf(
  fields: readonly AnswerField[],
  verdict: Verdict,
  robots: RobotsFile,
  explanation: string | undefined,
  preferences: EffectivePreferences | undefined,
): Answer {
  let text = '';
  let beforeUrl: string | undefined;
  for (let i = 0; i < fields.length; i++) {
    const name = fields[i]!;
    text += `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`;
    if (name === 'url') {
      beforeUrl = text;
      text = '';
      continue;
    }
    const value = name === 'preferences' ? preferencesJson(preferences!) : name === 'explanation' ? explanation : FIELDS[name](verdict, robots);
    // Booleans, numbers and null read the same as their JSON; only strings and objects need it.
    text += typeof value === 'string' || typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  text += '}';
  const { group, outcome, reason } = verdict;
  const explanationReadsUrl = explanation !== undefined && verdict.explanationReadsUrl !== false;
  const otherOrigin = outcome === 'not-applicable' ? originOfUrl(verdict.url) : undefined;
  if (beforeUrl === undefined) {
    return { group, outcome, reason, explanation, explanationReadsUrl, otherOrigin, preferences, text: Buffer.from(safeJsonText(text)), afterUrl: undefined, quoteBefore: NO_BYTES, quoteAfter: NO_BYTES };
  }
  // One encoding of the answer with an empty URL, cut into the pieces the writers take:
  // [0, cut) is what comes before the URL's value, and the quotes are the bytes either side.
  const before = safeJsonText(beforeUrl);
  const whole = Buffer.from(`${before}""${safeJsonText(text)}`);
  const cut = Buffer.byteLength(before);
  const text0 = whole.subarray(0, cut);
  const afterUrl = whole.subarray(cut + 2);
  return { group, outcome, reason, explanation, explanationReadsUrl, otherOrigin, preferences, text: text0, afterUrl, quoteBefore: whole.subarray(0, cut + 1), quoteAfter: whole.subarray(cut + 1) };
}

/** The origin of an absolute URL, or undefined. */
function originOfUrl(url: string): string | undefined {
  const parsed = parseTarget(url);
  return parsed.ok ? (parsed.target.origin ?? undefined) : undefined;
}

/** What `JSON.stringify` may escape (`"`, `\`, controls, lone surrogates) or `safeJsonText` will (DEL, C1): a URL without any is its own JSON between quotes. */
// eslint-disable-next-line no-control-regex -- the controls are what it looks for.
const ESCAPED = /["\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * The line as written by nearly every producer, `{"agent":"…","url":"…"}` in either order
 * with no escapes (strings of characters from the space up, without `"` and `\`): read by
 * one linear RegExp (no nested quantifiers), several times cheaper than `JSON.parse` and
 * giving the same strings. Anything else takes `JSON.parse`.
 */
const AGENT_URL = /^\{\s*"agent"\s*:\s*"([ !#-[\]-\uffff]*)"\s*,\s*"url"\s*:\s*"([ !#-[\]-\uffff]*)"\s*\}\s*$/;
const URL_AGENT = /^\{\s*"url"\s*:\s*"([ !#-[\]-\uffff]*)"\s*,\s*"agent"\s*:\s*"([ !#-[\]-\uffff]*)"\s*\}\s*$/;

function readQuery(line: string): { agent: string; url: string } | string {
  const agentFirst = AGENT_URL.exec(line);
  if (agentFirst !== null) return { agent: agentFirst[1]!, url: agentFirst[2]! };
  const urlFirst = URL_AGENT.exec(line);
  if (urlFirst !== null) return { agent: urlFirst[2]!, url: urlFirst[1]! };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not a JSON object: expected {"agent": "...", "url": "..."}';
  }
  if (typeof value !== 'object' || value === null) return 'expected a JSON object {"agent": "...", "url": "..."}';
  const { agent, url } = value as { agent?: unknown; url?: unknown };
  if (typeof agent !== 'string' || typeof url !== 'string') return 'expected string fields "agent" and "url"';
  return { agent, url };
}

/** An empty agent names no crawler: the line gets an error, not a verdict for nobody. */
const EMPTY_AGENT = '"agent" is empty: give a token like Googlebot, or a full User-Agent header';

/** `agent.trim() === ''`, without trimming the usual agent, whose first character is printable ASCII. */
function isBlank(agent: string): boolean {
  const first = agent.charCodeAt(0);
  return !(first > 0x20 && first < 0x7f) && agent.trim() === '';
}
