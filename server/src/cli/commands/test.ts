/**
 * `robots-lens test`: the real matcher on URLs, one line (or JSON object) per URL, or a
 * stream of JSON queries on stdin for millions of questions.
 */

import { parseArgs } from 'node:util';
import { matcherFor, parseRobots, parseTarget, statementText, verdictJson } from '../../core';
import type { RobotsFile, RobotsMatcher, Verdict } from '../../core';
import { boundedLines } from '../../node/bounded-lines';
import { readRobotsFile } from '../../node/robots-file';
import { escapeLine, Output, styled } from '../output';
import type { Piece } from '../output';
import { UsageError } from '../usage';

/** The longest `--batch` line answered; a longer one gets an error object of its own. */
export const MAX_BATCH_LINE_BYTES = 64 * 1024;

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
  const agents = values.agent ?? [];
  if (agents.some((a) => a.trim() === '')) throw new UsageError('--agent is empty: give a token like Googlebot, or a full User-Agent header.');
  const input = await readRobotsFile(file);
  if (input.notice) process.stderr.write(`robots-lens test: ${escapeLine(input.notice)}\n`);
  const robots = parseRobots(input.bytes);
  const matcher = matcherFor(robots);
  const options = values.origin !== undefined ? { origin: checkedOrigin(values.origin) } : {};

  if (values.batch) {
    if (urls.length > 0 || values.agent) throw new UsageError('test --batch reads {"agent","url"} lines from stdin; do not also give --agent or URLs.');
    return runBatch(matcher, robots, io, options);
  }
  if (agents.length === 0) throw new UsageError('give a crawler with --agent (a token like Googlebot, or a full User-Agent header).');
  if (urls.length === 0) throw new UsageError('give at least one URL or path to test.');
  for (const url of urls) {
    const parsed = parseTarget(url);
    if (!parsed.ok) throw new UsageError(`${parsed.message}`);
  }
  const out = new Output(io.stdout);
  for (const url of urls) {
    for (const agent of agents) {
      const verdict = matcher.decide(url, agent, options);
      if (values.json) await out.json(verdictJson(verdict, robots));
      else for (const line of formatVerdict(verdict, robots)) await out.line(...line);
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
  const out = new Output(io.stdout);
  let lineNumber = 0;
  for await (const line of boundedLines(io.stdin as AsyncIterable<Uint8Array | string>, MAX_BATCH_LINE_BYTES)) {
    lineNumber++;
    if (line.kind === 'too-long') {
      await out.json({ line: lineNumber, error: `line longer than ${MAX_BATCH_LINE_BYTES} bytes (the most a query may have); not read` });
      continue;
    }
    if (line.text.trim() === '') continue;
    const query = readQuery(line.text);
    if (typeof query === 'string') {
      await out.json({ line: lineNumber, error: query });
      continue;
    }
    const parsed = parseTarget(query.url);
    const result = parsed.ok
      ? verdictJson(matcher.decide(query.url, query.agent, options), robots)
      : { url: query.url, agent: query.agent, error: parsed.message };
    await out.json(result);
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
  if (agent.trim() === '') return '"agent" is empty: give a token like Googlebot, or a full User-Agent header';
  return { agent, url };
}

function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

/** A verdict as one line of pieces (the outcome coloured), and a note line when Google reads it literally. */
export function formatVerdict(verdict: Verdict, robots: RobotsFile): Piece[][] {
  const label = verdict.outcome === 'not-applicable' ? 'n/a' : verdict.outcome;
  const outcome = verdict.outcome === 'allowed' ? styled('allowed', label) : verdict.outcome === 'disallowed' ? styled('disallowed', label) : label;
  const parts = [verdict.url, `[${verdict.agent.input}]`];
  if (verdict.rule) parts.push(`line ${verdict.rule.line + 1}: ${statementText(robots, verdict.rule.line)}`);
  else if (verdict.reason === 'no-matching-rule') parts.push('no rule matches');
  else if (verdict.reason === 'no-group') parts.push('no group applies');
  else if (verdict.reason === 'robots-txt') parts.push('/robots.txt is always allowed');
  if (verdict.group) {
    const lines = verdict.group.agentLines;
    parts.push(`group User-agent: ${verdict.group.token} (line${lines.length > 1 ? 's' : ''} ${lines.map((l) => l + 1).join(', ')})`);
  }
  if (verdict.outcome === 'not-applicable') parts.push(verdict.explanation);
  const lines: Piece[][] = [[outcome, ' '.repeat(Math.max(0, 10 - label.length)) + '  ' + parts.join('  ')]];
  if (verdict.googleLiteral) lines.push([`           note: ${verdict.googleLiteral.explanation}`]);
  return lines;
}
