/**
 * The crawler IP lists in the protocol: the lists a web worker's replay asks the client to
 * read (`robotsLens/readIpLists`), and the desktop's "Refresh IP lists", run by the server
 * (`robotsLens/refreshIpLists`) with its progress.
 */

import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

// ── robotsLens/readIpLists (server → client, in a web worker) ─────────────────────────

/** A crawler IP list file found by the client, as text, named as on disk (the name says whose list it is). */
export interface IpListFile {
  readonly name: string;
  readonly text: string;
}

export interface ReadIpListsResult {
  readonly files: IpListFile[];
  /** Where the client looked, for the panel's "ranges" line. */
  readonly folders: string[];
  /** Files that could not be read, one sentence each. */
  readonly problems: string[];
}

/**
 * Asked by the web worker server before it replays: the crawler IP lists in the workspace's
 * `.robots-lens/ip-lists/` folders and in the extension's storage, read by the client through
 * VS Code's file system, so the replay verifies claimed crawlers in a browser too.
 */
export const ReadIpListsRequest = new RequestType<Record<string, never>, ReadIpListsResult, void>('robotsLens/readIpLists');

// ── robotsLens/refreshIpLists ─────────────────────────────────────────────────────────

/** What came of downloading the crawler IP lists, in one sentence. */
export interface RefreshIpListsResult {
  /** Every list was downloaded. */
  readonly ok: boolean;
  /** Lists stored now (a failed one keeps its old file). */
  readonly stored: number;
  readonly message: string;
}

/**
 * The replay panel's "Refresh IP lists": the server downloads the catalogue's lists into the
 * folder its replay reads (as `robots-lens ranges --refresh`); a web worker answers why it cannot.
 */
export const RefreshIpListsRequest = new RequestType<Record<string, never>, RefreshIpListsResult, void>('robotsLens/refreshIpLists');

export interface RefreshIpListsProgressParams {
  /** Lists finished (downloaded or failed) so far, of `total`. */
  readonly done: number;
  readonly total: number;
}

/** Sent by the server while `robotsLens/refreshIpLists` runs, once per list. */
export const RefreshIpListsProgressNotification = new NotificationType<RefreshIpListsProgressParams>('robotsLens/refreshIpListsProgress');
