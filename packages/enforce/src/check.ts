/**
 * `enforce --check`: logged requests decided twice, by the compiled rules (as the server
 * will run them) and by robots.txt through the matcher, with the crawler the replay names
 * (resolveAgent, as `identifyClient` does). Per crawler in scope, how many requests the
 * rules would refuse; and every request where the two disagree, which should be none.
 */

import { resolveAgent } from '@robots-lens/kernel/crawlers';
import { decide, parseTarget } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { PlanEvaluator, rawTarget } from './evaluate';
import type { EnforcePlan } from './plan';

export interface CheckDifference {
  readonly userAgent: string;
  readonly url: string;
  /** The compiled rules refuse the request. */
  readonly rulesBlock: boolean;
  /** robots.txt disallows it for the crawler in scope the header names. */
  readonly robotsDisallows: boolean;
}

export interface CheckedCrawler {
  readonly token: string;
  readonly requests: number;
  readonly blocked: number;
}

export interface EnforceCheckResult {
  readonly requests: number;
  readonly blocked: number;
  readonly crawlers: readonly CheckedCrawler[];
  readonly differenceCount: number;
  /** The first differences, in log order. */
  readonly differences: readonly CheckDifference[];
}

const KEPT_DIFFERENCES = 20;

export class EnforceCheck {
  private readonly evaluator: PlanEvaluator;
  private readonly tallies: Map<string, { token: string; requests: number; blocked: number }>;
  private requests = 0;
  private blocked = 0;
  private differenceCount = 0;
  private readonly differences: CheckDifference[] = [];

  constructor(
    private readonly file: RobotsFile,
    plan: EnforcePlan,
  ) {
    this.evaluator = new PlanEvaluator(plan);
    this.tallies = new Map(plan.crawlers.map((c) => [c.crawler.id, { token: c.crawler.token, requests: 0, blocked: 0 }]));
  }

  /** One logged request: its User-Agent header and its URL or path as logged. */
  add(userAgent: string, url: string): void {
    const parsed = parseTarget(url);
    if (!parsed.ok) return;
    this.requests++;
    const path = parsed.target.path;
    const trimmed = userAgent.trim();
    const crawler = trimmed === '' || trimmed === '-' ? undefined : resolveAgent(trimmed).crawler;
    const tally = crawler ? this.tallies.get(crawler.id) : undefined;
    const robotsDisallows = tally !== undefined && decide(this.file, path, trimmed).allowed === false;
    const rulesBlock = this.evaluator.decide(userAgent, rawTarget(path)).block;
    if (tally) tally.requests++;
    if (rulesBlock) {
      this.blocked++;
      if (tally) tally.blocked++;
    }
    if (rulesBlock !== robotsDisallows) {
      this.differenceCount++;
      if (this.differences.length < KEPT_DIFFERENCES) this.differences.push({ userAgent, url, rulesBlock, robotsDisallows });
    }
  }

  result(): EnforceCheckResult {
    return {
      requests: this.requests,
      blocked: this.blocked,
      crawlers: [...this.tallies.values()].map((t) => ({ ...t })),
      differenceCount: this.differenceCount,
      differences: [...this.differences],
    };
  }
}
