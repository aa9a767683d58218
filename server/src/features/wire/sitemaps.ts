/**
 * Sitemap reports, blocked URLs, the check's tally and an edit's flips, from the core to their
 * wire shapes. The core says "no origin" with an `undefined` field, which JSON drops; here it
 * is left out instead, so what is sent and what is declared are the same.
 */

import type { BlockedSitemapUrl, SitemapCheckTally, SitemapFlips, SitemapReport } from '@robots-lens/sitemaps';
import type { BlockedSitemapUrlDto, SitemapCheckTallyDto, SitemapFlipExampleDto, SitemapFlipsDto, SitemapReportDto, SitemapUrlAsideDto } from '../../protocol';

type Aside = SitemapCheckTally['otherOrigin']['examples'][number];
type FlipExample = SitemapFlips['crawlers'][number]['examples']['newlyBlocked'][number];

export function sitemapReportDto(r: SitemapReport): SitemapReportDto {
  return {
    location: r.location,
    ...(r.parent !== undefined ? { parent: r.parent } : {}),
    ...(r.kind !== undefined ? { kind: r.kind } : {}),
    entries: r.entries,
    ...(r.error !== undefined ? { error: r.error } : {}),
    notices: [...r.notices],
  };
}

export function blockedSitemapUrlDto(b: BlockedSitemapUrl): BlockedSitemapUrlDto {
  return { url: b.url, agent: b.agent, line: b.line, rule: b.rule, sitemap: b.sitemap, sitemapLine: b.sitemapLine };
}

const aside = (a: Aside): SitemapUrlAsideDto => ({ url: a.url, sitemap: a.sitemap, sitemapLine: a.sitemapLine, reason: a.reason });

export function sitemapCheckTallyDto(t: SitemapCheckTally): SitemapCheckTallyDto {
  return {
    ...(t.origin !== undefined ? { origin: t.origin } : {}),
    listed: t.listed,
    agents: t.agents.map((a) => ({ agent: a.agent, checked: a.checked, blocked: a.blocked })),
    otherOrigin: { count: t.otherOrigin.count, examples: t.otherOrigin.examples.map(aside) },
    notUrls: { count: t.notUrls.count, examples: t.notUrls.examples.map(aside) },
  };
}

const flipExample = (e: FlipExample): SitemapFlipExampleDto => ({ url: e.url, sitemap: e.sitemap, sitemapLine: e.sitemapLine, line: e.line, rule: e.rule });

export function sitemapFlipsDto(f: SitemapFlips): SitemapFlipsDto {
  return {
    ...(f.origin !== undefined ? { origin: f.origin } : {}),
    checked: f.checked,
    newlyBlocked: f.newlyBlocked,
    newlyAllowed: f.newlyAllowed,
    crawlers: f.crawlers.map((c) => ({
      agents: [...c.agents],
      newlyBlocked: c.newlyBlocked,
      newlyAllowed: c.newlyAllowed,
      examples: { newlyBlocked: c.examples.newlyBlocked.map(flipExample), newlyAllowed: c.examples.newlyAllowed.map(flipExample) },
    })),
  };
}
