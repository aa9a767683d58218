/**
 * `robots-lens test ROBOTS --batch`: {"agent","url"} JSON lines on stdin, one JSON answer per
 * line on stdout, at matcher speed. Lines are read a chunk at a time, answers leave in large
 * writes, and with `--fields` only the fields asked for are worked out (a verdict's
 * explanation is words built on demand; `allowed` and `line` cost nothing beyond the match).
 */

import { effectivePreferences, parseTarget, preferencesJson, statementText, verdictWithPreferencesJson } from '../../core';
import type { RobotsFile, RobotsMatcher, Verdict , verdictJson} from '../../core';
import { lineBatches } from '../../node/line-reader';
import { LineWriter, safeJsonText } from '../output';
import { UsageError } from '../usage';

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

/** The `--fields` list checked against the known names, or undefined for every field. */
export function batchFields(option: string | undefined): ReadonlyArray<FieldName> | undefined {
  if (option === undefined) return undefined;
  const names = option.split(',').map((n) => n.trim()).filter((n) => n !== '');
  const known = Object.keys(FIELDS);
  const unknown = names.filter((n) => !known.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(`--fields takes a comma-separated list of ${known.join(', ')}${unknown.length > 0 ? `, not "${unknown.join('", "')}"` : ''}.`);
  }
  return names as FieldName[];
}

export async function runBatch(
  matcher: RobotsMatcher,
  robots: RobotsFile,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  options: { origin?: string },
  fields: ReadonlyArray<FieldName> | undefined,
): Promise<number> {
  const out = new LineWriter(io.stdout);
  const answer = fields === undefined ? fullAnswer(robots) : leanAnswer(fields, robots);
  let lineNumber = 0;
  for await (const lines of lineBatches(io.stdin, MAX_QUERY_LINE)) {
    for (const line of lines) {
      lineNumber++;
      let text: string;
      if (typeof line !== 'string') {
        text = JSON.stringify({ line: lineNumber, error: `line longer than ${MAX_QUERY_LINE} characters (the most a query may have); not read` });
      } else {
        if (line.trim() === '') continue;
        const query = readQuery(line);
        if (typeof query === 'string') text = JSON.stringify({ line: lineNumber, error: query });
        else {
          const verdict = matcher.decide(query.url, query.agent, options);
          text = verdict.outcome === 'not-applicable' && !parseTarget(query.url).ok ? JSON.stringify({ url: query.url, agent: query.agent, error: verdict.explanation }) : answer(verdict);
        }
      }
      const flushing = out.write(safeJsonText(text));
      if (flushing) await flushing;
    }
  }
  await out.flush();
  return 0;
}

/**
 * `JSON.stringify(verdictJson(verdict))`, character for character, from pieces kept per
 * agent, group and rule: a batch asks about a few agents and a few thousand rules, and
 * serialising their unchanging parts again for each of a million answers was most of the time.
 */
function fullAnswer(robots: RobotsFile): (verdict: Verdict) => string {
  const agents = new Map<object, { readonly head: string; readonly chain: string }>();
  const groups = new Map<object, string>();
  const rules = new Map<object, string>();
  const remember = <K, V>(map: Map<K, V>, key: K, value: V): V => {
    if (map.size >= 10_000) map.clear();
    map.set(key, value);
    return value;
  };
  return (verdict) => {
    if (verdict.googleLiteral) return JSON.stringify(verdictWithPreferencesJson(verdict, robots));
    const { agent, group, rule } = verdict;
    const a =
      agents.get(agent) ??
      remember(agents, agent, {
        head: `"agent":${JSON.stringify(agent.input)},"crawler":${JSON.stringify(agent.crawler?.token ?? null)}`,
        chain: `"chain":${JSON.stringify(agent.chain)}`,
      });
    const g =
      group === null
        ? '"group":null,"groupLines":[]'
        : (groups.get(group) ?? remember(groups, group, `"group":${JSON.stringify(group.token)},"groupLines":${JSON.stringify(group.agentLines.map((l) => l + 1))}`));
    const r =
      rule === null
        ? '"line":null,"rule":null'
        : (rules.get(rule) ?? remember(rules, rule, `"line":${rule.line + 1},"rule":${JSON.stringify(statementText(robots, rule.line))}`));
    return (
      `{"url":${JSON.stringify(verdict.url)},${a.head},"outcome":"${verdict.outcome}","allowed":${verdict.allowed},${r},${g},${a.chain},` +
      `"reason":"${verdict.reason}","explanation":${JSON.stringify(verdict.explanation)},` +
      `"preferences":${JSON.stringify(preferencesJson(effectivePreferences(robots, verdict)))}}`
    );
  };
}

/** One answer with only `fields`, in their order. */
function leanAnswer(fields: ReadonlyArray<FieldName>, robots: RobotsFile): (verdict: Verdict) => string {
  const readers = fields.map((name, i) => [`${i === 0 ? '{' : ','}${JSON.stringify(name)}:`, FIELDS[name]] as const);
  return (verdict) => {
    let text = '';
    for (const [name, read] of readers) {
      const value = read(verdict, robots);
      // Booleans, numbers and null read the same as their JSON; only strings and arrays need it.
      text += name + (typeof value === 'string' || typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return text + '}';
  };
}

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
  if (agentFirst !== null) return withAgent(agentFirst[1]!, agentFirst[2]!);
  const urlFirst = URL_AGENT.exec(line);
  if (urlFirst !== null) return withAgent(urlFirst[2]!, urlFirst[1]!);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not a JSON object: expected {"agent": "...", "url": "..."}';
  }
  if (typeof value !== 'object' || value === null) return 'expected a JSON object {"agent": "...", "url": "..."}';
  const { agent, url } = value as { agent?: unknown; url?: unknown };
  if (typeof agent !== 'string' || typeof url !== 'string') return 'expected string fields "agent" and "url"';
  return withAgent(agent, url);
}

/** An empty agent names no crawler: the line gets an error, not a verdict for nobody. */
function withAgent(agent: string, url: string): { agent: string; url: string } | string {
  if (agent.trim() === '') return '"agent" is empty: give a token like Googlebot, or a full User-Agent header';
  return { agent, url };
}
