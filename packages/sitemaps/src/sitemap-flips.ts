/**
 * What an edit does to the URLs your sitemaps list: each listed URL decided for each
 * crawler by the old and the new version with the one matcher, counting the URLs the new
 * version newly blocks (and newly allows), with examples and the lines that decide them.
 */

import { countOf } from '@robots-lens/kernel/words';
import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import type { RobotsMatcher } from '@robots-lens/kernel/match';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';

export interface SitemapFlipExample {
  readonly url: string;
  readonly sitemap: string;
  readonly sitemapLine: number;
  /** The line (1-based) and text of the rule that decides it in the new version; 0 and '' when none does. */
  readonly line: number;
  readonly rule: string;
}

export interface SitemapFlipCount {
  /** Crawlers that follow the same groups in both versions, so every URL flips alike for them. */
  readonly agents: readonly string[];
  readonly newlyBlocked: number;
  readonly newlyAllowed: number;
  readonly examples: { readonly newlyBlocked: readonly SitemapFlipExample[]; readonly newlyAllowed: readonly SitemapFlipExample[] };
}

export interface SitemapFlips {
  readonly origin: string | undefined;
  /** URLs listed on the governed origin, each decided. */
  readonly checked: number;
  /** Listed URLs newly blocked for at least one crawler. */
  readonly newlyBlocked: number;
  readonly newlyAllowed: number;
  readonly crawlers: readonly SitemapFlipCount[];
}

/**
 * The headline every face writes about the flips, the CLI's diff and the editor's Compare
 * with… alike: "This edit newly blocks 1,240 URLs listed in your sitemaps."
 */
export function sitemapFlipsSentence(flips: SitemapFlips): string {
  if (flips.newlyBlocked === 0) return 'This edit newly blocks no URL listed in your sitemaps.';
  return `This edit newly blocks ${countOf(flips.newlyBlocked, 'URL')} listed in your sitemaps.`;
}

/** Examples kept per crawler and direction; the counts are exact. */
export const FLIP_EXAMPLES = 5;

/** Counts listed URLs whose verdict the edit flips, one URL at a time (no list of URLs is kept). */
export class SitemapFlipCounter {
  private readonly old: RobotsMatcher;
  private readonly new: RobotsMatcher;
  private origin: string | undefined;
  private checked = 0;
  private blockedUrls = 0;
  private allowedUrls = 0;
  private readonly counts: { agents: string[]; newlyBlocked: number; newlyAllowed: number; examples: { newlyBlocked: SitemapFlipExample[]; newlyAllowed: SitemapFlipExample[] } }[];

  /** `origin` as for `SitemapCheck`: when undefined, the origin of the first absolute URL listed. */
  constructor(
    oldFile: RobotsFile,
    private readonly newFile: RobotsFile,
    agents: readonly string[],
    origin?: string,
  ) {
    this.old = matcherFor(oldFile);
    this.new = matcherFor(newFile);
    this.origin = origin;
    // Crawlers that follow the same groups in the old and in the new version get the same
    // verdict for every URL: one of them is asked for all.
    const byGroups = new Map<string, string[]>();
    for (const agent of agents) {
      const key = JSON.stringify([this.old.decide('/', agent).group?.agentLines ?? null, this.new.decide('/', agent).group?.agentLines ?? null]);
      const same = byGroups.get(key);
      if (same) same.push(agent);
      else byGroups.set(key, [agent]);
    }
    this.counts = [...byGroups.values()].map((group) => ({ agents: group, newlyBlocked: 0, newlyAllowed: 0, examples: { newlyBlocked: [], newlyAllowed: [] } }));
  }

  add(url: string, sitemap: string, sitemapLine: number): void {
    const parsed = parseTarget(url);
    if (!parsed.ok || parsed.target.origin === null) return;
    this.origin ??= parsed.target.origin;
    if (parsed.target.origin !== this.origin) return;
    this.checked++;
    let blocked = false;
    let allowed = false;
    for (const count of this.counts) {
      const before = this.old.decide(url, count.agents[0]!, { origin: this.origin });
      const after = this.new.decide(url, count.agents[0]!, { origin: this.origin });
      if (before.allowed === after.allowed || before.allowed === null || after.allowed === null) continue;
      const line = after.rule?.line;
      const example = { url, sitemap, sitemapLine, line: line === undefined ? 0 : line + 1, rule: line === undefined ? '' : statementText(this.newFile, line) };
      if (after.allowed) {
        allowed = true;
        count.newlyAllowed++;
        if (count.examples.newlyAllowed.length < FLIP_EXAMPLES) count.examples.newlyAllowed.push(example);
      } else {
        blocked = true;
        count.newlyBlocked++;
        if (count.examples.newlyBlocked.length < FLIP_EXAMPLES) count.examples.newlyBlocked.push(example);
      }
    }
    if (blocked) this.blockedUrls++;
    if (allowed) this.allowedUrls++;
  }

  results(): SitemapFlips {
    return {
      origin: this.origin,
      checked: this.checked,
      newlyBlocked: this.blockedUrls,
      newlyAllowed: this.allowedUrls,
      crawlers: this.counts.map((c) => ({ agents: [...c.agents], newlyBlocked: c.newlyBlocked, newlyAllowed: c.newlyAllowed, examples: { newlyBlocked: [...c.examples.newlyBlocked], newlyAllowed: [...c.examples.newlyAllowed] } })),
    };
  }
}
