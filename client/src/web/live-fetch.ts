/**
 * Live fetches in a browser: cross-origin requests are blocked, so a site's robots.txt cannot
 * be fetched. Swapped in for `../live-fetch.ts` by the web build.
 */

export const LIVE_FETCH_UNAVAILABLE: string | undefined =
  'Fetching a live site is not available in the browser: browsers block requests to other sites (cross-origin). ' +
  'Paste the robots.txt into a new editor or open a copy to check it; robots.txt Lens in desktop VS Code and the robots-lens CLI fetch live files.';
