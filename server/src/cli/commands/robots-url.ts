/**
 * A side of `robots-lens diff` given as an `http(s)://` URL: the robots.txt that site serves,
 * fetched as crawlers fetch it, so CI can check that what a CDN serves means what the file in
 * the repository means. A fetch without rules is compared as what it means for crawlers:
 * unavailable (4xx) as a file with no rules, unreachable (429, 5xx, no answer) as one that
 * disallows every URL; a notice says which.
 */

import { classifyFetch } from '@robots-lens/fetch';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { fetchRobotsTxt, robotsOrigin } from '../../node/http-fetch';
import type { HttpOptions } from '../../node/http-fetch';
import { InputError } from '../../node/input-error';
import type { PinnedHosts } from '../../node/pinned-hosts';

/** What a crawler makes of an unreachable robots.txt, as rules the diff can compare. */
const DISALLOW_ALL = 'User-agent: *\nDisallow: /\n';

export function isRobotsUrl(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

export async function fetchRobotsForDiff(url: string, options: { readonly pinned: PinnedHosts; readonly timeoutMs: number | undefined }): Promise<{ robots: RobotsFile; notice?: string }> {
  const path = new URL(url).pathname;
  if (path !== '/' && path !== '/robots.txt') throw new InputError(`${url} is not a robots.txt URL: give https://host/robots.txt (robots.txt is always at the root of a site).`);
  const http: HttpOptions = { pinned: options.pinned, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) };
  const result = classifyFetch(await fetchRobotsTxt(robotsOrigin(url), http));
  if (result.state === 'rules' && result.robots !== null) {
    const other = result.warnings.find((w) => w.code === 'redirect');
    return { robots: result.robots, ...(other ? { notice: `${url}: ${other.message}` } : {}) };
  }
  const unreachable = result.state === 'unreachable';
  return {
    robots: parseRobots(unreachable ? DISALLOW_ALL : ''),
    notice: `${url}: ${result.explanation} Compared as ${unreachable ? '"User-agent: * / Disallow: /" (every URL disallowed)' : 'a file with no rules (every URL allowed)'}.`,
  };
}
