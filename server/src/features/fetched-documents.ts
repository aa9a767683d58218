/**
 * `robotsLens/fetchedDocument`: the documents opened from a fetch, with their origin and
 * fetch state, so that Test URL and the matrix judge URLs as crawlers do — URLs on other
 * origins are not applicable, and when robots.txt was unreachable (every URL disallowed) or
 * unavailable (every URL allowed) the fetch state decides, never the rules of the buffer
 * (contract §5).
 */

import type { CancellationToken } from 'vscode-languageserver';
import { parseTarget, plainVerdict } from '../core';
import type { FetchState } from '../core';
import type { ParsedDocument } from '../documents';
import type {
  FetchedDocumentParams,
  FetchedSource,
  FetchStateNote,
  MatrixCell,
  MatrixParams,
  MatrixResult,
  TestUrlParams,
  TestUrlResult,
  TestUrlVerdict,
} from '../protocol';
import { matrix } from './matrix-request';
import { testUrl } from './test-url-request';

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
    const result = testUrl(parsed, origin !== undefined ? { ...params, origin } : params);
    const note = source !== undefined ? fetchStateNote(source) : undefined;
    if (note === undefined) return result;
    return { verdicts: result.verdicts.map((verdict) => byFetchState(verdict, note)), fetchState: note };
  }

  matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken): MatrixResult {
    const source = this.sources.get(parsed.uri);
    const origin = typeof params.origin === 'string' ? params.origin : source?.origin;
    const result = matrix(parsed, params, token);
    const note = source !== undefined ? fetchStateNote(source) : undefined;
    if (origin === undefined && note === undefined) return result;
    const governed = result.paths.map((path) => origin === undefined || governs(origin, path));
    const rows = result.rows.map((row) => ({
      ...row,
      // No group is in force when the fetch state decides.
      ...(note !== undefined ? { group: null } : {}),
      cells: row.cells.map((cell, index): MatrixCell => {
        if (governed[index] === false) return OTHER_ORIGIN_CELL;
        if (note === undefined || cell.allowed === null) return cell;
        return { outcome: note.allowed ? 'allowed' : 'disallowed', allowed: note.allowed, line: null, reason: 'fetch-state' };
      }),
    }));
    return { paths: result.paths, rows, ...(note !== undefined ? { fetchState: note } : {}) };
  }
}

const OTHER_ORIGIN_CELL: MatrixCell = { outcome: 'not-applicable', allowed: null, line: null, reason: 'other-origin' };

/** As the matcher reads it: a path, or an absolute URL on `origin`. */
function governs(origin: string, path: string): boolean {
  const parsed = parseTarget(path);
  return !parsed.ok || parsed.target.origin === null || parsed.target.origin === origin;
}

function fetchStateNote(source: FetchedSource): FetchStateNote | undefined {
  if (source.state === 'rules') return undefined;
  return { ...source, state: source.state, allowed: source.state === 'unavailable' };
}

/** The fetch state's verdict in place of the rules'; a URL the file does not govern stays not applicable. */
function byFetchState(verdict: TestUrlVerdict, note: FetchStateNote): TestUrlVerdict {
  if (verdict.outcome === 'not-applicable' || verdict.reason === 'fetch-state') return verdict;
  const { googleLiteral: _googleLiteral, ...rest } = plainVerdict(verdict);
  return {
    ...rest,
    outcome: note.allowed ? 'allowed' : 'disallowed',
    allowed: note.allowed,
    reason: 'fetch-state',
    group: null,
    rule: null,
    explanation: `No rule decides: robots.txt was ${note.state} when fetched (${note.fetchedAt}). ${note.explanation}`,
  };
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
