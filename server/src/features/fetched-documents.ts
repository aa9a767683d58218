/**
 * `robotsLens/fetchedDocument`: the documents opened from a fetch, with their origin and
 * fetch state, so that Test URL and the matrix judge URLs as crawlers do — URLs on other
 * origins are not applicable, and when robots.txt was unreachable (every URL disallowed) or
 * unavailable (every URL allowed) the fetch state decides, never the rules of the buffer
 * (docs/spec/robots-semantics.md §5).
 */

import type { CancellationToken } from 'vscode-languageserver';
import { allowedByFetchState } from '@robots-lens/fetch';
import { DocumentState } from '../document-state';
import type { FetchState } from '@robots-lens/fetch';
import type { ParsedDocument } from '../documents';
import type {
  AiAccessResult,
  FetchedDocumentParams,
  FetchedSource,
  FetchStateNote,
  MatrixParams,
  MatrixResult,
  TestUrlParams,
  TestUrlResult,
} from '../protocol';
import { aiAccessResult } from './ai-access-request';
import { matrix } from './matrix-request';
import { testUrl } from './test-url-request';

/**
 * The documents the client opened from a fetch, by URI. Test URL, the matrix and AI access go through
 * here, so that a fetched document is always judged with its origin and fetch state.
 */
export class FetchedDocuments {
  /** Sources are kept for open documents (and a few about to open), never for every URI ever named. */
  private readonly sources: DocumentState<FetchedSource>;

  /** `isOpen`: whether the editor has the document open now. */
  constructor(isOpen: (uri: string) => boolean) {
    this.sources = new DocumentState(isOpen);
  }

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

  async matrix(parsed: ParsedDocument, params: MatrixParams, token: CancellationToken): Promise<MatrixResult> {
    const source = this.sources.get(parsed.uri);
    const origin = typeof params.origin === 'string' ? params.origin : source?.origin;
    const result = await matrix(parsed, origin !== undefined ? { ...params, origin } : params, token, source?.state);
    const note = source !== undefined ? fetchStateNote(source) : undefined;
    return note === undefined ? result : { ...result, fetchState: note };
  }

  aiAccess(parsed: ParsedDocument): AiAccessResult {
    const source = this.sources.get(parsed.uri);
    const result = aiAccessResult(parsed, source?.state);
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
