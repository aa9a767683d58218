/**
 * The identifying step: who a User-Agent says it is (browser, crawler of the catalogue, other
 * token), with what the judging steps key on, worked out once per distinct User-Agent string.
 * Verification (is the claim true?) follows, per address, in `verification.ts`.
 */

import type { Crawler, ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { identifyClient } from './client';
import { fetchPolicyFor } from './fetch-state';
import type { FetchFailurePolicy } from './fetch-state';
import type { Judgement } from './judgement';
import type { ClientKind } from './record';

export interface Identity {
  readonly client: ClientKind;
  readonly crawler: Crawler | undefined;
  /** Chain for verdicts; undefined for browsers and requests without a User-Agent. */
  readonly resolved: ResolvedAgent | undefined;
  readonly token: string;
  /** Shared by every User-Agent string naming the same crawler (or token). */
  readonly selectionKey: string;
  /** Fetch-state key of spoofed requests, kept apart from the real crawler's. */
  readonly spoofedKey: string;
  readonly policy: FetchFailurePolicy;
  /** Verdict caches by version and fetch state (`verdictSlot`), filled by `Verdicts`. */
  readonly verdicts: (Map<string, Judgement> | undefined)[];
  /** Crawl-delay by version index, filled by the replay judge. */
  readonly delays: (number | null | undefined)[];
  /**
   * Which of its fetch-state keys the replay judge has noted as read (1: `selectionKey`, 2:
   * `spoofedKey`), so it notes each once per identity (`carried-check.ts`), not per request.
   */
  readNoted: number;
}

/** Distinct User-Agent strings remembered; past it the cache starts again (logs have a few thousand). */
const MAX_IDENTITIES = 50_000;

export class Identities {
  private readonly byUserAgent = new Map<string, Identity>();

  /**
   * @param recordsWanted whether someone wants every request's record: when not, requests
   * robots.txt does not speak to are only counted (`onlyCounted`).
   */
  constructor(private readonly recordsWanted: boolean) {}

  of(userAgent: string): Identity {
    let identity = this.byUserAgent.get(userAgent);
    if (identity !== undefined) return identity;
    if (this.byUserAgent.size >= MAX_IDENTITIES) this.byUserAgent.clear();
    const { client, crawler, resolved } = identifyClient(userAgent);
    const token = resolved ? resolved.token : '';
    const selectionKey = crawler ? `crawler:${crawler.id}` : `token:${token.toLowerCase()}`;
    identity = { client, crawler, resolved, token, selectionKey, spoofedKey: `spoofed:${selectionKey}`, policy: fetchPolicyFor(crawler), verdicts: [], delays: [], readNoted: 0 };
    this.byUserAgent.set(userAgent, identity);
    return identity;
  }

  /**
   * The client of a request that is only counted (a browser's, or one without a User-Agent,
   * when no one wants records), else undefined. Such a request skips the reorder window and
   * the judges: its place in time changes nothing.
   */
  onlyCounted(userAgent: string): ClientKind | undefined {
    if (this.recordsWanted) return undefined;
    const identity = this.of(userAgent);
    return identity.resolved === undefined ? identity.client : undefined;
  }
}
