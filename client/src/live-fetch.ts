/**
 * Whether live fetches can run where the extension runs: on the desktop the language server
 * fetches. The web build swaps in `web/live-fetch.ts`, which says why a browser cannot, so the
 * commands offer what works before asking for a site.
 */

/** Why a live fetch cannot run here; undefined where it can. */
export const LIVE_FETCH_UNAVAILABLE: string | undefined = undefined;
