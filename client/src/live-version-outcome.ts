/**
 * What a fetch of the live robots.txt gives Compare with… (docs/spec/robots-semantics.md §5): a 2xx body is a
 * version like any file; an unavailable (4xx) or unreachable (5xx, 429, no answer) robots.txt
 * is no file at all — the fetch state decides every URL — so there is nothing to diff, and the
 * user is told what crawlers do instead, in the fetch report's own words. Plain data, no
 * `vscode`, so it is tested without a workbench.
 */

import { siteOrigin } from '@robots-lens/kernel/match';
import type { FetchResult } from '../../server/src/protocol';

export type LiveVersion =
  | { readonly ok: true; readonly text: string; readonly label: string }
  | { readonly ok: false; readonly message: string };

/** The fetched file as the old version of a comparison, or why there is none. */
export function liveVersion(result: FetchResult): LiveVersion {
  if (result.state === 'rules' && result.text !== undefined) return { ok: true, text: result.text, label: liveLabel(result) };
  // A missing text with rules in force would be a server fault; say so rather than diff against nothing.
  const why = result.state === 'rules' ? 'came without its text' : 'has no rules in force';
  return {
    ok: false,
    message: `No live file to compare with: ${result.url}, fetched at ${readableTime(result.fetchedAt)}, ${why}. ${result.explanation}`,
  };
}

/** Names the URL requested (the origin the rules govern, even after redirects) and when it was fetched. */
export function liveLabel(result: Pick<FetchResult, 'url' | 'fetchedAt'>): string {
  return `live ${result.url} (fetched ${readableTime(result.fetchedAt)})`;
}

/**
 * The site to offer first: where this document was fetched from, else the site fetched last,
 * else the origin of the absolute URL tested last (paths name no site); undefined when none.
 */
export function suggestedSite(fetchedOrigin: string | undefined, recentSites: readonly string[], recentTested: readonly string[]): string | undefined {
  if (fetchedOrigin !== undefined) return fetchedOrigin;
  if (recentSites[0] !== undefined) return recentSites[0];
  const tested = recentTested.find((url) => /^https?:\/\//i.test(url));
  return tested !== undefined ? siteOrigin(tested) : undefined;
}

/** `2026-12-02 15:10:03 UTC` from ISO 8601: seconds are enough to tell two fetches apart. */
function readableTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
