/**
 * Who a User-Agent says it is: a catalogue crawler (or control token) with its chain, a
 * browser, another client judged by its product token, or no User-Agent at all. The replay
 * judges requests by it.
 */

import type { Crawler, ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { looksLikeBrowser, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { ClientKind } from './record';

export interface ClientIdentity {
  readonly client: ClientKind;
  readonly crawler: Crawler | undefined;
  /** Chain for verdicts; undefined for browsers and requests without a User-Agent, which are only counted. */
  readonly resolved: ResolvedAgent | undefined;
}

export function identifyClient(userAgent: string): ClientIdentity {
  const trimmed = userAgent.trim();
  if (trimmed === '' || trimmed === '-') return { client: 'no-user-agent', crawler: undefined, resolved: undefined };
  const agent = resolveAgent(trimmed);
  const crawler = agent.crawler;
  if (crawler) return { client: crawler.controlToken ? 'control-token' : 'crawler', crawler, resolved: agent };
  if (looksLikeBrowser(trimmed)) return { client: 'browser', crawler: undefined, resolved: undefined };
  return { client: 'other-client', crawler: undefined, resolved: agent };
}
