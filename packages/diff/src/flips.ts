/**
 * Real traffic under both versions: for each crawler token, how many logged requests
 * would be decided differently by the new robots.txt. Both verdicts come from the one
 * matcher, so the counts agree with Test URL and the replay.
 */

import { isoTime } from '@robots-lens/replay/logs';
import { looksLikeBrowser } from '@robots-lens/kernel/crawlers';
import { matcherFor } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { FlipCount, FlipExample, FlipOptions, RequestSample } from './types';

const MAX_EXAMPLES = 5;

interface MutableCount {
  token: string;
  crawler?: string;
  requests: number;
  newlyDisallowed: number;
  newlyAllowed: number;
  examples: { newlyDisallowed: FlipExample[]; newlyAllowed: FlipExample[] };
}

/**
 * Counts requests one at a time, in bounded memory (a few numbers and at most five
 * example URLs per crawler token), so a multi-GB log can be streamed through it.
 */
export class FlipCounter {
  private readonly counts = new Map<string, MutableCount>();
  private readonly oldMatcher;
  private readonly newMatcher;
  private readonly decideOptions: { origin?: string };
  private readonly browsers = new Map<string, boolean>();

  constructor(oldFile: RobotsFile, newFile: RobotsFile, private readonly options: FlipOptions = {}) {
    this.oldMatcher = matcherFor(oldFile);
    this.newMatcher = matcherFor(newFile);
    this.decideOptions = options.origin !== undefined ? { origin: options.origin } : {};
  }

  /** Counts one request; browsers (unless asked for) and other origins are skipped. `time`: epoch ms, kept with examples. */
  add(agent: string, url: string, time?: number): void {
    if (!this.options.includeBrowsers && this.isBrowser(agent)) return;
    const before = this.oldMatcher.decide(url, agent, this.decideOptions);
    if (before.allowed === null) return;
    const after = this.newMatcher.decide(url, agent, this.decideOptions);
    if (after.allowed === null) return;
    const resolved = before.agent;
    const token = resolved.crawler?.token ?? (resolved.token === '' ? '*' : resolved.token);
    let count = this.counts.get(token);
    if (!count) {
      count = { token, requests: 0, newlyDisallowed: 0, newlyAllowed: 0, examples: { newlyDisallowed: [], newlyAllowed: [] } };
      if (resolved.crawler) count.crawler = resolved.crawler.id;
      this.counts.set(token, count);
    }
    count.requests++;
    if (before.allowed === after.allowed) return;
    const kind = after.allowed ? 'newlyAllowed' : 'newlyDisallowed';
    count[kind]++;
    const examples = count.examples[kind];
    if (examples.length < MAX_EXAMPLES && !examples.some((e) => e.url === url)) {
      examples.push({
        // A copy: the URL may be a slice of a log chunk, which a kept slice would pin in memory.
        url: (url + ' ').slice(0, -1),
        ...(time !== undefined && Number.isFinite(time) ? { time: isoTime(time) } : {}),
        // The matcher's lines are 0-based; the diff's are 1-based, as a user reads them.
        oldLine: before.rule ? before.rule.line + 1 : null,
        newLine: after.rule ? after.rule.line + 1 : null,
      });
    }
  }

  /** Per crawler token, most flips first, then most requests. */
  results(): FlipCount[] {
    return [...this.counts.values()]
      .map((c) => ({ ...c, examples: { newlyDisallowed: [...c.examples.newlyDisallowed], newlyAllowed: [...c.examples.newlyAllowed] } }))
      .sort((a, b) => b.newlyDisallowed + b.newlyAllowed - (a.newlyDisallowed + a.newlyAllowed) || b.requests - a.requests || (a.token < b.token ? -1 : 1));
  }

  private isBrowser(agent: string): boolean {
    let browser = this.browsers.get(agent);
    if (browser === undefined) {
      browser = looksLikeBrowser(agent);
      if (this.browsers.size > 10_000) this.browsers.clear();
      this.browsers.set(agent, browser);
    }
    return browser;
  }
}

/** Counts, per crawler token, the requests whose verdict differs between the two versions. */
export function countFlips(oldFile: RobotsFile, newFile: RobotsFile, requests: Iterable<RequestSample>, options: FlipOptions = {}): FlipCount[] {
  const counter = new FlipCounter(oldFile, newFile, options);
  for (const request of requests) counter.add(request.agent, request.url, request.time);
  return counter.results();
}
