/**
 * `robotsLens/surveySites`: the editor's Survey Sites… runs the survey `robots-lens survey`
 * runs — the same polite fetches, the same package — in the server, as it needs Node.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { classifyFetch } from '@robots-lens/fetch';
import { surveySite, surveyTotals, totalsLines } from '@robots-lens/fetch/survey';
import { robotsOrigin } from '../node/http-fetch';
import { fetchSites } from '../node/site-fetches';
import type { SurveySitesParams, SurveySitesResult } from '../protocol';
import { invalidInputAsParamsError, optionalTimeout, optionalTextList, paramsObject } from './request-params';
import { surveySiteDto } from './wire/survey';

/** At most this many sites a request: a survey of more is the CLI's job. */
export const MAX_SURVEY_SITES = 200;
/** The whole survey's limit in the editor. */
const SURVEY_DEADLINE_MS = 120_000;

export async function surveySitesRequest(raw: SurveySitesParams): Promise<SurveySitesResult> {
  const params = paramsObject(raw, 'robotsLens/surveySites');
  const sites = nonEmpty(optionalTextList(params, 'sites'), 'sites');
  const agents = [...new Set(nonEmpty(optionalTextList(params, 'agents'), 'agents'))];
  const paths = [...new Set(nonEmpty(optionalTextList(params, 'paths'), 'paths'))];
  if (sites.length > MAX_SURVEY_SITES) throw new ResponseError(ErrorCodes.InvalidParams, `At most ${MAX_SURVEY_SITES} sites at once here; robots-lens survey --sites FILE takes any number.`);
  const bad = paths.find((p) => !p.startsWith('/'));
  if (bad !== undefined) throw new ResponseError(ErrorCodes.InvalidParams, `The path "${bad}" does not start with "/".`);
  const timeoutMs = optionalTimeout(raw);
  const origins = await invalidInputAsParamsError(() => Promise.resolve([...new Set(sites.map((s) => robotsOrigin(s)))]));
  const fetched = await fetchSites(origins, { deadlineMs: SURVEY_DEADLINE_MS, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const surveyed = fetched.map((f) => surveySite(classifyFetch(f.outcome), { agents, paths }, f.ms));
  return { sites: surveyed.map(surveySiteDto), agents, paths, totals: totalsLines(surveyTotals(surveyed, agents)) };
}

function nonEmpty(list: readonly string[] | undefined, name: string): string[] {
  const items = (list ?? []).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must list at least one.`);
  return items;
}
