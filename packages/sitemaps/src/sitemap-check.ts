/**
 * The URLs a sitemap lists, decided for each crawler by the one matcher (`matcherFor`, as
 * `robots-lens test` and Test URL decide): which ones a crawler may not fetch and the line
 * that says so, a count per crawler, and the URLs this robots.txt does not govern (another
 * origin, or no absolute URL at all) kept apart.
 */

import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import type { RobotsMatcher } from '@robots-lens/kernel/match';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';

/** A listed URL that a crawler may not fetch. */
export interface BlockedSitemapUrl {
  readonly url: string;
  /** The crawler as it was asked about (a token or a User-Agent header). */
  readonly agent: string;
  /** The deciding rule's line, 1-based. */
  readonly line: number;
  /** The deciding rule's text, without its comment. */
  readonly rule: string;
  /** The sitemap that lists the URL, as it was named (a path or a URL). */
  readonly sitemap: string;
  /** The line of the sitemap the URL's `<loc>` is on, 1-based. */
  readonly sitemapLine: number;
}

export interface SitemapAgentTally {
  readonly agent: string;
  /** URLs of the governed origin decided for this crawler. */
  readonly checked: number;
  readonly blocked: number;
}

/** A listed URL outside this robots.txt's reach, as an example. */
export interface SitemapUrlAside {
  readonly url: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
  /** Why it was not decided: another origin, or not an absolute URL. */
  readonly reason: string;
}

export interface SitemapCheckTally {
  /** The origin the robots.txt was taken to govern; undefined when no URL was listed. */
  readonly origin: string | undefined;
  /** URLs listed, every one counted (a URL listed twice counts twice). */
  readonly listed: number;
  readonly agents: readonly SitemapAgentTally[];
  readonly otherOrigin: { readonly count: number; readonly examples: readonly SitemapUrlAside[] };
  readonly notUrls: { readonly count: number; readonly examples: readonly SitemapUrlAside[] };
}

/** Examples kept of URLs set aside; the counts are exact. */
export const ASIDE_EXAMPLES = 20;

/**
 * Decides listed URLs one at a time, keeping only counts and a few examples, so a check of
 * millions of URLs holds no list of them; each call returns the URL's blocked entries.
 */
export class SitemapCheck {
  private readonly matcher: RobotsMatcher;
  private origin: string | undefined;
  private listed = 0;
  private readonly checked: number[];
  private readonly blocked: number[];
  private readonly otherOrigin = { count: 0, examples: [] as SitemapUrlAside[] };
  private readonly notUrls = { count: 0, examples: [] as SitemapUrlAside[] };

  /**
   * `origin` is the site the robots.txt governs; when undefined, the origin of the first
   * absolute URL listed is taken.
   */
  constructor(
    private readonly robots: RobotsFile,
    private readonly agentList: readonly string[],
    origin?: string,
  ) {
    this.matcher = matcherFor(robots);
    this.origin = origin;
    this.checked = agentList.map(() => 0);
    this.blocked = agentList.map(() => 0);
  }

  /** Decides `url` (listed on `sitemapLine` of `sitemap`) for every crawler; returns those it blocks. */
  check(url: string, sitemap: string, sitemapLine: number): BlockedSitemapUrl[] {
    this.listed++;
    const parsed = parseTarget(url);
    if (!parsed.ok || parsed.target.origin === null) {
      const reason = parsed.ok ? 'not an absolute URL: sitemaps list fully qualified URLs' : url.trim() === '' ? 'an empty <loc>' : parsed.message;
      aside(this.notUrls, { url, sitemap, sitemapLine, reason });
      return [];
    }
    const origin = parsed.target.origin;
    this.origin ??= origin;
    if (origin !== this.origin) {
      aside(this.otherOrigin, { url, sitemap, sitemapLine, reason: `${origin} is another origin, governed by its own robots.txt` });
      return [];
    }
    const found: BlockedSitemapUrl[] = [];
    for (let i = 0; i < this.agentList.length; i++) {
      const agent = this.agentList[i]!;
      const verdict = this.matcher.decide(url, agent, { origin: this.origin });
      this.checked[i]!++;
      if (verdict.outcome !== 'disallowed') continue;
      this.blocked[i]!++;
      const ruleLine = verdict.rule?.line;
      found.push({
        url,
        agent,
        line: ruleLine === undefined ? 0 : ruleLine + 1,
        rule: ruleLine === undefined ? '' : statementText(this.robots, ruleLine),
        sitemap,
        sitemapLine,
      });
    }
    return found;
  }

  tally(): SitemapCheckTally {
    return {
      origin: this.origin,
      listed: this.listed,
      agents: this.agentList.map((agent, i) => ({ agent, checked: this.checked[i]!, blocked: this.blocked[i]! })),
      otherOrigin: { count: this.otherOrigin.count, examples: [...this.otherOrigin.examples] },
      notUrls: { count: this.notUrls.count, examples: [...this.notUrls.examples] },
    };
  }
}

function aside(into: { count: number; examples: SitemapUrlAside[] }, entry: SitemapUrlAside): void {
  into.count++;
  if (into.examples.length < ASIDE_EXAMPLES) into.examples.push(entry);
}
