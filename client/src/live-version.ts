/**
 * Compare with… → Live robots.txt…: asks for a site, fetches its /robots.txt in the language
 * server exactly as Fetch robots.txt… does (same redirects, limits and status semantics), and
 * gives the body as the version to compare with. When the fetch leaves no file (unavailable or
 * unreachable), says what crawlers do in that state and gives nothing: a diff against an
 * empty or invented file would claim changes that crawlers do not see.
 */

import * as vscode from 'vscode';
import type { FetchResult } from '../../server/src/protocol';
import type { FetchedDocuments } from './commands/fetch';
import { siteProblem } from './commands/fetch';
import type { RobotsServer } from './language-client';
import { liveVersion, suggestedSite } from './live-version-outcome';
import type { RecentUrls } from './recent-urls';

export interface LiveVersionDeps {
  readonly server: RobotsServer;
  /** Where fetched documents came from: a fetched document offers its own origin. */
  readonly fetched: FetchedDocuments;
  /** The sites fetched recently, shared with Fetch robots.txt…. */
  readonly recentSites: RecentUrls;
  /** The URLs tested recently: an absolute one names a site. */
  readonly recentTested: RecentUrls;
}

/** The live file's text and a label naming its URL and fetch time; undefined when there is none or the user stopped. */
export async function askLiveVersion(deps: LiveVersionDeps, document: vscode.TextDocument): Promise<{ text: string; label: string } | undefined> {
  const suggestion = suggestedSite(deps.fetched.sourceOf(document.uri)?.origin, deps.recentSites.list(), deps.recentTested.list());
  const typed = await vscode.window.showInputBox({
    title: 'Compare with live robots.txt',
    prompt: 'A site or any URL on it: its /robots.txt is fetched as crawlers fetch it (a bare host means https) and compared with this buffer.',
    placeHolder: 'example.com or https://www.example.com/page',
    value: suggestion ?? '',
    ignoreFocusOut: true,
    validateInput: siteProblem,
  });
  const site = typed?.trim();
  if (site === undefined || site === '') return undefined;
  await deps.recentSites.remember(site);

  let cancelled = false;
  let result: FetchResult;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Fetching robots.txt of ${site}…`, cancellable: true },
      (_progress, token) => {
        token.onCancellationRequested(() => (cancelled = true));
        return deps.server.fetch({ site }, token);
      },
    );
  } catch (error) {
    if (cancelled) return undefined;
    throw error;
  }
  const live = liveVersion(result);
  if (live.ok) return { text: live.text, label: live.label };
  void vscode.window.showWarningMessage(live.message);
  return undefined;
}
