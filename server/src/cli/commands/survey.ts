/**
 * `robots-lens survey`: many sites at once, done right. Each site's robots.txt is fetched
 * with the fetcher every command uses (status semantics, redirects, limits, address guard),
 * politely (`node/site-fetches.ts`); the package says what each fetch and file mean
 * (`@robots-lens/fetch/survey`); this module reads the inputs and writes text, JSON lines,
 * CSV and the HTML page, and with `--since` what changed.
 */

import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { classifyFetch } from '@robots-lens/fetch';
import { surveySite, surveyTotals } from '@robots-lens/fetch/survey';
import type { SiteSurvey, SurveyQuestion } from '@robots-lens/fetch/survey';
import { csvCell } from '@robots-lens/replay';
import { readInputFile } from '../../node/files';
import { InputError } from '../../node/input-error';
import { robotsOrigin } from '../../node/http-fetch';
import { parsePinnedHosts } from '../../node/pinned-hosts';
import { DEFAULT_SURVEY_CONCURRENCY, fetchSites } from '../../node/site-fetches';
import { ExitCode } from '../exit-code';
import { fetchTimeout, positiveInteger } from '../option-values';
import { clearStatus, escapeLine, Output, reportStatus } from '../output';
import type { Args, CommandIo } from '../spec';
import type { SURVEY } from '../specs/survey';
import { UsageError } from '../usage-error';
import { openOutput } from './output-file';
import { surveyHtml } from './survey-html';
import { readPreviousSurvey, watchLines, watchSites } from './survey-since';
import { siteText, totalsText } from './survey-text';
import { DEFAULT_AGENTS } from '../options';

/** The crawlers of the extension's Test URL, the survey's default. */
const DEFAULT_DEADLINE_MS = 600_000;
/** One day: a timer longer than 2^31 ms would fire at once. */
const MAX_DEADLINE_MS = 86_400_000;

const CSV_HEADER = ['site', 'status', 'state', 'agent', 'category', 'path', 'allowed', 'line', 'rule'];

export async function runSurvey({ values, positionals }: Args<typeof SURVEY.options>, io: CommandIo): Promise<ExitCode> {
  if (values.json && values.csv) throw new UsageError('give --json or --csv, not both.');
  const siteList = values.sites !== undefined ? await listFile(values.sites, 'sites file') : [];
  if (values.sites !== undefined && siteList.length === 0) throw new InputError(`${values.sites} lists no site: give one a line, e.g. example.com`);
  const siteInputs = [...positionals, ...siteList];
  if (siteInputs.length === 0) throw new UsageError('give the sites to survey, e.g. robots-lens survey example.com example.org, or --sites sites.txt');
  const origins = [...new Set(siteInputs.map((s) => robotsOrigin(s)))];
  const agents = values.agent !== undefined && values.agent.length > 0 ? values.agent : [...DEFAULT_AGENTS];
  if (agents.some((a) => a.trim() === '')) throw new UsageError('--agent is empty: give a token like GPTBot, or a full User-Agent header.');
  const listed = values.paths !== undefined ? await listFile(values.paths, 'paths file') : [];
  if (values.paths !== undefined && listed.length === 0) throw new InputError(`${values.paths} lists no path: give one a line, e.g. /private/`);
  const paths = [...(values.path ?? []), ...listed];
  if (paths.length === 0) paths.push('/');
  const bad = paths.find((p) => !p.startsWith('/'));
  if (bad !== undefined) throw new UsageError(`the path "${bad}" does not start with "/": give paths as /private/ or /search?q=x.`);
  const timeoutMs = fetchTimeout(values.timeout);
  const maxBytes = positiveInteger(values['max-bytes'], '--max-bytes');
  const concurrency = positiveInteger(values.concurrency, '--concurrency') ?? DEFAULT_SURVEY_CONCURRENCY;
  const deadlineMs = positiveInteger(values.deadline, '--deadline') ?? DEFAULT_DEADLINE_MS;
  if (deadlineMs > MAX_DEADLINE_MS) throw new UsageError(`--deadline takes at most ${MAX_DEADLINE_MS} ms (one day), not "${values.deadline}".`);
  const pinned = parsePinnedHosts(values.resolve ?? []);
  const previous = values.since !== undefined ? await readPreviousSurvey(values.since) : undefined;
  if (values.html !== undefined) refuseInputAsOutput(values.html, [values.sites, values.paths, values.since]);

  const question: SurveyQuestion = { agents: [...new Set(agents)], paths: [...new Set(paths)] };
  const progress = process.stderr.isTTY === true;
  const fetched = await fetchSites(origins, {
    concurrency,
    deadlineMs,
    pinned,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(progress ? { onDone: (done, total, origin) => reportStatus(`survey: ${done} of ${total} sites (${origin})`) } : {}),
  });
  if (progress) clearStatus();
  const sites: SiteSurvey[] = fetched.map((f) => surveySite(classifyFetch(f.outcome), question, f.ms));
  const totals = surveyTotals(sites, question.agents);
  const watches = previous !== undefined ? watchSites(previous, sites, question.agents) : undefined;

  const out = new Output(io.stdout);
  if (values.json) {
    for (const site of sites) await out.json(site);
    await out.json({ totals, ...(watches ? { since: watches } : {}) });
  } else if (values.csv) {
    await out.line(CSV_HEADER.join(','));
    for (const site of sites) {
      for (const v of site.verdicts) {
        const category = site.agents.find((a) => a.agent === v.agent)?.category ?? null;
        await out.line([site.site, site.fetch.status, site.fetch.state, v.agent, category, v.path, v.allowed, v.line, v.rule].map(csvCell).join(','));
      }
    }
  } else {
    for (const site of sites) {
      for (const line of siteText(site)) await out.line(line);
      await out.line('');
    }
    for (const line of totalsText(totals)) await out.line(line);
    if (watches) {
      await out.line('');
      for (const line of watchLines(watches)) await out.line(line);
    }
  }
  await out.flush();
  if (values.html !== undefined) {
    const file = await openOutput(values.html);
    await file.writer.write(surveyHtml(sites, question.agents, totals));
    await file.close();
  }
  const changed = watches?.some((w) => w.changes.length > 0) ?? false;
  return totals.failed.length > 0 || changed ? ExitCode.Finding : ExitCode.Success;
}

/** The lines of a list file: trimmed, blank lines and `#` comments left out. */
async function listFile(path: string, what: string): Promise<string[]> {
  const text = new TextDecoder().decode(await readInputFile(path, what));
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The page is never written over a file the survey reads. */
function refuseInputAsOutput(output: string, inputs: readonly (string | undefined)[]): void {
  const same = (a: string, b: string): boolean => {
    if (resolve(a) === resolve(b)) return true;
    try {
      return realpathSync(a) === realpathSync(b);
    } catch {
      return false;
    }
  };
  const input = inputs.find((i) => i !== undefined && same(output, i));
  if (input !== undefined) throw new InputError(`--html ${escapeLine(output)} is also an input of this survey (${escapeLine(input)}); write the page to another file.`);
}
