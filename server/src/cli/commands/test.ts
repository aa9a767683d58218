/**
 * `robots-lens test`: the real matcher on URLs, one line (or JSON object) per URL, or a
 * stream of JSON queries on stdin for millions of questions.
 */

import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { verdictWithPreferencesJson } from '@robots-lens/kernel/preferences';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { checkedOrigin } from '../option-values';
import { DEFAULT_AGENTS, DEFAULT_AGENTS_NOTE } from '../options';
import { Output, reportError } from '../output';
import type { Args, CommandIo } from '../spec';
import type { TEST } from '../specs/test';
import { UsageError } from '../usage-error';
import { batchFields, runBatch } from './test-batch';
import { runUrlList } from './test-urls';
import { formatVerdict } from './verdict-lines';

export async function runTest({ values, positionals }: Args<typeof TEST.options>, io: CommandIo): Promise<number> {
  const [file, ...urls] = positionals;
  if (file === undefined) throw new UsageError('give the robots.txt file, e.g. robots-lens test robots.txt --agent Googlebot /path');
  let agents = values.agent ?? [];
  if (agents.some((a) => a.trim() === '')) throw new UsageError('--agent is empty: give a token like Googlebot, or a full User-Agent header.');
  // Crawlers served binary data as robots.txt do not refuse it: they read what lines they can.
  const input = await readRobotsFile(file, undefined, undefined, 'read');
  if (input.notice) reportError('test', input.notice);
  if (input.binary !== undefined) reportError('test', `warning: ${file} is binary data, not text (${input.binary}); answered as crawlers read it: only lines that parse as rules count (compressed or image bytes give none, so everything is allowed).`);
  const robots = parseRobots(input.bytes);
  const matcher = matcherFor(robots);
  const options = values.origin !== undefined ? { origin: checkedOrigin(values.origin) } : {};

  if (values.batch) {
    if (urls.length > 0 || values.agent) throw new UsageError('test --batch reads {"agent","url"} lines from stdin; do not also give --agent or URLs.');
    return runBatch(matcher, robots, io, options, batchFields(values.fields));
  }
  if (values.fields !== undefined) throw new UsageError('--fields chooses the answers of test --batch.');
  if (agents.length === 0) {
    agents = [...DEFAULT_AGENTS];
    reportError('test', DEFAULT_AGENTS_NOTE);
  }
  if (values.urls !== undefined) {
    if (urls.length > 0) throw new UsageError('give the URLs either as arguments or in a --urls list, not both.');
    if (values.json && values.csv) throw new UsageError('choose one of --json and --csv.');
    return runUrlList(values.urls, agents, values.json ? 'json' : values.csv ? 'csv' : 'text', matcher, robots, io, options);
  }
  if (values.csv) throw new UsageError('--csv is for a --urls list.');
  if (urls.length === 0) throw new UsageError('give at least one URL or path to test.');
  const origins = new Set<string>();
  for (const url of urls) {
    const parsed = parseTarget(url);
    if (!parsed.ok) throw new UsageError(`${parsed.message}`);
    if (parsed.target.origin !== null) origins.add(parsed.target.origin);
  }
  // One robots.txt governs one origin: URLs on several, with no --origin, are answered as if
  // each were on this file's site. Said, not refused: the answers are still the file's.
  if (origins.size > 1 && values.origin === undefined) {
    reportError('test', `the URLs are on ${origins.size} origins (${[...origins].join(', ')}), but one robots.txt governs one origin; give --origin to answer "not applicable" for the others.`);
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
  return ExitCode.Success;
}
