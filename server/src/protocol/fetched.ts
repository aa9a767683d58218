/**
 * `robotsLens/fetchedDocument`: the client says a document is a fetched robots.txt, and where
 * it came from, so Test URL, the matrix and AI access judge its URLs under its origin and
 * fetch state. Lines are 0-based physical line numbers, as in LSP positions.
 */

import { NotificationType } from 'vscode-languageserver-protocol';
import type { FetchStateDto } from './common';

/** Where a fetched robots.txt document came from, as `robotsLens/fetch` reported it. */
export interface FetchedSource {
  /** The origin the file governs; a redirect elsewhere does not change it. */
  readonly origin: string;
  /** The robots.txt URL requested first. */
  readonly url: string;
  readonly state: FetchStateDto;
  /** Status of the final response; null when none arrived. */
  readonly status: number | null;
  /** What the fetch outcome means for every URL of the origin (the fetch report's wording). */
  readonly explanation: string;
  /** ISO 8601 UTC. */
  readonly fetchedAt: string;
}

/**
 * Said with Test URL and matrix results on a fetched document whose robots.txt was
 * unreachable (every URL disallowed) or unavailable (every URL allowed).
 */
export interface FetchStateNote extends FetchedSource {
  readonly state: 'unreachable' | 'unavailable';
  /** What every URL of the origin gets: false when unreachable, true when unavailable. */
  readonly allowed: boolean;
}

export interface FetchedDocumentParams {
  readonly uri: string;
  /** null: the document is no longer a fetched copy (forget its origin). */
  readonly source: FetchedSource | null;
}

/**
 * Sent by the client after opening a fetched robots.txt as a document: Test URL and the
 * matrix then judge URLs against its origin and fetch state. Closing the document forgets it.
 */
export const FetchedDocumentNotification = new NotificationType<FetchedDocumentParams>('robotsLens/fetchedDocument');
