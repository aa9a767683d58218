/**
 * `robots-lens test`: the real matcher on URLs, one line (or JSON object) per URL, or a
 * stream of JSON queries on stdin for millions of questions.
 */

import { parseArgs } from 'node:util';
import { effectivePreferences, preferencesText, statesPreferences, verdictWithPreferencesJson } from '@robots-lens/kernel/preferences';
import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import { parseRobots, statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { Verdict } from '@robots-lens/kernel/match';
import type { CommandInput } from '../../node/input-chunks';
import { readRobotsFile } from '../../node/robots-file';
import { escapeLine, Output, styled } from '../output';
import type { Piece } from '../output';
import { UsageError } from '../usage';
import { batchFields, runBatch } from './test-batch';
import { runUrlList } from './test-urls';

export async function runTest(argv: readonly string[], io: CommandInput & { stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      agent: { type: 'string', short: 'a', multiple: true },
      json: { type: 'boolean', default: false },
      batch: { type: 'boolean', default: false },
      origin: { type: 'string' },
      fields: { type: 'string' },
      urls: { type: 'string' },
      csv: { type: 'boolean', default: false },
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
    return runBatch(matcher, robots, io, options, batchFields(values.fields));
  }
  if (values.fields !== undefined) throw new UsageError('--fields chooses the answers of test --batch.');
  if (agents.length === 0) throw new UsageError('give a crawler with --agent (a token like Googlebot, or a full User-Agent header).');
  if (values.urls !== undefined) {
    if (urls.length > 0) throw new UsageError('give the URLs either as arguments or in a --urls list, not both.');
    if (values.json && values.csv) throw new UsageError('choose one of --json and --csv.');
    return runUrlList(values.urls, agents, values.json ? 'json' : values.csv ? 'csv' : 'text', matcher, robots, io, options);
  }
  if (values.csv) throw new UsageError('--csv is for a --urls list.');
  if (urls.length === 0) throw new UsageError('give at least one URL or path to test.');
  for (const url of urls) {
    const parsed = parseTarget(url);
    if (!parsed.ok) throw new UsageError(`${parsed.message}`);
  }
  const out = new Output(io.stdout);
  for (const url of urls) {
    for (const agent of agents) {
      const verdict = matcher.decide(url, agent, options);
      if (values.json) await out.json(verdictWithPreferencesJson(verdict, robots));
      else for (const line of formatVerdict(verdict, robots)) await out.line(...line);
    }
  }
  await out.flush();
  return 0;
}

function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

/** Where a verdict line's URL starts: the outcome (`disallowed` is the widest) and two spaces. Notes and error lines start there too. */
const OUTCOME_COLUMN = 'disallowed'.length + 2;

/** `label` padded to the outcome column, so that what follows lines up under the URLs. */
export function outcomeCell(label: string): string {
  return label.padEnd(OUTCOME_COLUMN);
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
  const lines: Piece[][] = [[outcome, outcomeCell(label).slice(label.length) + parts.join('  ')]];
  if (verdict.googleLiteral) lines.push([`${outcomeCell('')}note: ${verdict.googleLiteral.explanation}`]);
  // Files that state no preference keep one line per verdict.
  if (statesPreferences(robots)) lines.push([`${outcomeCell('')}preferences: ${preferencesText(effectivePreferences(robots, verdict))}`]);
  return lines;
}
