/**
 * `robots-lens test`: the real matcher on URLs, one line (or JSON object) per URL, or a
 * stream of JSON queries on stdin for millions of questions.
 */

import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { effectivePreferences, matcherFor, parseRobots, parseTarget, preferencesText, statementText, statesPreferences, verdictWithPreferencesJson } from '../../core';
import type { RobotsFile, RobotsMatcher, Verdict } from '../../core';
import { readInputFile } from '../../node/files';
import { LineWriter } from '../output';
import { UsageError } from '../usage';

export async function runTest(argv: readonly string[], io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      agent: { type: 'string', short: 'a', multiple: true },
      json: { type: 'boolean', default: false },
      batch: { type: 'boolean', default: false },
      origin: { type: 'string' },
    },
  });
  const [file, ...urls] = positionals;
  if (file === undefined) throw new UsageError('give the robots.txt file, e.g. robots-lens test robots.txt --agent Googlebot /path');
  const robots = parseRobots(await readInputFile(file, 'robots.txt file'));
  const matcher = matcherFor(robots);
  const options = values.origin !== undefined ? { origin: checkedOrigin(values.origin) } : {};

  if (values.batch) {
    if (urls.length > 0 || values.agent) throw new UsageError('test --batch reads {"agent","url"} lines from stdin; do not also give --agent or URLs.');
    return runBatch(matcher, robots, io, options);
  }
  const agents = values.agent ?? [];
  if (agents.length === 0) throw new UsageError('give a crawler with --agent (a token like Googlebot, or a full User-Agent header).');
  if (urls.length === 0) throw new UsageError('give at least one URL or path to test.');
  for (const url of urls) {
    const parsed = parseTarget(url);
    if (!parsed.ok) throw new UsageError(`${parsed.message}`);
  }
  const out = new LineWriter(io.stdout);
  for (const url of urls) {
    for (const agent of agents) {
      const verdict = matcher.decide(url, agent, options);
      await out.write(values.json ? JSON.stringify(verdictWithPreferencesJson(verdict, robots)) : formatVerdict(verdict, robots));
    }
  }
  await out.flush();
  return 0;
}

async function runBatch(
  matcher: RobotsMatcher,
  robots: RobotsFile,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
  options: { origin?: string },
): Promise<number> {
  const out = new LineWriter(io.stdout);
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const query = readQuery(line);
    if (typeof query === 'string') {
      await out.write(JSON.stringify({ line: lineNumber, error: query }));
      continue;
    }
    const parsed = parseTarget(query.url);
    const result = parsed.ok
      ? verdictWithPreferencesJson(matcher.decide(query.url, query.agent, options), robots)
      : { url: query.url, agent: query.agent, error: parsed.message };
    await out.write(JSON.stringify(result));
  }
  await out.flush();
  return 0;
}

function readQuery(line: string): { agent: string; url: string } | string {
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

function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

export function formatVerdict(verdict: Verdict, robots: RobotsFile): string {
  const label = verdict.outcome === 'not-applicable' ? 'n/a' : verdict.outcome;
  const parts = [label.padEnd(10), verdict.url, `[${verdict.agent.input}]`];
  if (verdict.rule) parts.push(`line ${verdict.rule.line + 1}: ${statementText(robots, verdict.rule.line)}`);
  else if (verdict.reason === 'no-matching-rule') parts.push('no rule matches');
  else if (verdict.reason === 'no-group') parts.push('no group applies');
  else if (verdict.reason === 'robots-txt') parts.push('/robots.txt is always allowed');
  if (verdict.group) {
    const lines = verdict.group.agentLines;
    parts.push(`group User-agent: ${verdict.group.token} (line${lines.length > 1 ? 's' : ''} ${lines.map((l) => l + 1).join(', ')})`);
  }
  if (verdict.outcome === 'not-applicable') parts.push(verdict.explanation);
  let text = parts.join('  ');
  if (verdict.googleLiteral) text += `\n           note: ${verdict.googleLiteral.explanation}`;
  // Files that state no preference keep one line per verdict.
  if (statesPreferences(robots)) text += `\n           preferences: ${preferencesText(effectivePreferences(robots, verdict))}`;
  return text;
}
