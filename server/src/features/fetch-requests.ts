/**
 * Live fetches for the editor, done in the server so the client stays thin:
 * `robotsLens/fetch` (the fetch report, with the file's text when its rules apply) and
 * `robotsLens/checkUrl` (crawl permission and indexing directives, kept apart). And the
 * documents opened from a fetch: their origin and fetch state, so that Test URL and the
 * matrix judge URLs as crawlers do — URLs on other origins are not applicable, and when
 * robots.txt was unreachable (every URL disallowed) or unavailable (every URL allowed) the
 * fetch state decides, never the rules of the buffer (contract §5).
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { allowedByFetchState, classifyFetch, robotsFetchReport } from '../core/fetch';
import type { FetchState } from '../core/fetch';
import type { ParsedDocument } from '../documents';
import { InputError } from '../node/files';
import { fetchRobotsTxt } from '../node/http-fetch';
import { checkUrl, urlCheckReport } from '../node/url-check';
import type { UrlCheckReport } from '../node/url-check';
import type {
  CheckUrlParams,
  FetchedDocumentParams,
  FetchedSource,
  FetchParams,
  FetchResult,
  FetchStateNote,
  MatrixParams,
  MatrixResult,
  TestUrlParams,
  TestUrlResult,
} from '../protocol';
import { matrix, testUrl } from './custom-requests';

/** Fetches the origin's /robots.txt and reports what the outcome means, with the decoded file. */
export async function fetchRobots(params: FetchParams): Promise<FetchResult> {
  const site = requiredString(params, 'site');
  const timeoutMs = optionalTimeout(params);
  const outcome = await invalidInputAsParamsError(() => fetchRobotsTxt(site, timeoutMs !== undefined ? { timeoutMs } : {}));
  const report = robotsFetchReport(classifyFetch(outcome), { includeText: true });
  return { ...report, fetchedAt: new Date().toISOString() };
}

/** Check URL: the live robots.txt and the page, fetched at the same time, as the check report. */
export async function checkUrlRequest(params: CheckUrlParams): Promise<UrlCheckReport> {
  const url = requiredString(params, 'url');
  const agent = requiredString(params, 'agent');
  const timeoutMs = optionalTimeout(params);
  const check = await invalidInputAsParamsError(() => checkUrl(url, agent, timeoutMs !== undefined ? { timeoutMs } : {}));
  return urlCheckReport(check);
}

/**
 * The documents the client opened from a fetch, by URI. Test URL and the matrix go through
 * here, so that a fetched document is always judged with its origin and fetch state.
 */
export class FetchedDocuments {
  private readonly sources = new Map<string, FetchedSource>();

  set(params: FetchedDocumentParams): void {
    if (typeof params?.uri !== 'string') return;
    const source = readSource(params.source);
    if (source === null) this.sources.delete(params.uri);
    else this.sources.set(params.uri, source);
  }

  get(uri: string): FetchedSource | undefined {
    return this.sources.get(uri);
  }

  /** A closed document is gone; an untitled URI is reused by the next untitled document. */
  forget(uri: string): void {
    this.sources.delete(uri);
  }

  testUrl(parsed: ParsedDocument, params: TestUrlParams): TestUrlResult {
    const source = this.sources.get(parsed.uri);
    const origin = typeof params.origin === 'string' ? params.origin : source?.origin;
    const note = source !== undefined ? fetchStateNote(source) : undefined;
    const why = note !== undefined ? `No rule decides: robots.txt was ${note.state} when fetched (${note.fetchedAt}). ${note.explanation}` : undefined;
    const result = testUrl(parsed, origin !== undefined ? { ...params, origin } : params, source?.state, why);
    return note === undefined ? result : { ...result, fetchState: note };
  }

  matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken): MatrixResult {
    const source = this.sources.get(parsed.uri);
    const origin = typeof params.origin === 'string' ? params.origin : source?.origin;
    const result = matrix(parsed, origin !== undefined ? { ...params, origin } : params, token, source?.state);
    const note = source !== undefined ? fetchStateNote(source) : undefined;
    return note === undefined ? result : { ...result, fetchState: note };
  }
}

function fetchStateNote(source: FetchedSource): FetchStateNote | undefined {
  if (source.state === 'rules') return undefined;
  return { ...source, state: source.state, allowed: allowedByFetchState(source.state) === true };
}

const STATES: ReadonlySet<string> = new Set<FetchState>(['rules', 'unavailable', 'unreachable']);

/** The source as the client sent it, checked field by field; null when absent or malformed. */
function readSource(value: unknown): FetchedSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.origin !== 'string' || typeof v.state !== 'string' || !STATES.has(v.state)) return null;
  return {
    origin: v.origin,
    url: typeof v.url === 'string' ? v.url : `${v.origin}/robots.txt`,
    state: v.state as FetchState,
    status: typeof v.status === 'number' ? v.status : null,
    explanation: typeof v.explanation === 'string' ? v.explanation : '',
    fetchedAt: typeof v.fetchedAt === 'string' ? v.fetchedAt : '',
  };
}

function requiredString(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a non-empty string.`);
  return value.trim();
}

function optionalTimeout(params: { readonly timeoutMs?: number }): number | undefined {
  const value = params.timeoutMs;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"timeoutMs" must be a number of milliseconds of 1 or more.`);
  }
  return Math.round(value);
}

/** A site or URL a user can correct is answered as such, not as a server failure. */
async function invalidInputAsParamsError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
    throw error;
  }
}
