/**
 * A survey's text face: per site, the fetch (every hop, the final status, type, bytes, BOM,
 * an HTML page, the time), what the file holds (every sitemap, never capped), and per crawler
 * its category and each tested path's verdict with the deciding line; then the totals.
 */

import { categoryWords, hostOf, totalsLines } from '@robots-lens/fetch/survey';
import type { SiteSurvey, SurveyTotals } from '@robots-lens/fetch/survey';
import { plural } from '@robots-lens/kernel/words';

export function siteText(site: SiteSurvey): string[] {
  const out = [hostOf(site.site) + (site.failed !== undefined ? ' — FAILED' : '')];
  const f = site.fetch;
  for (const hop of f.hops) {
    if (hop.location !== null) out.push(`  ${hop.url}: ${hop.status} → ${hop.location}`);
  }
  if (f.status !== null) {
    const type = f.contentType ?? 'no Content-Type';
    out.push(`  ${f.finalUrl}: ${f.status}, ${type}, ${f.bytes === null ? 'no body read' : plural(f.bytes, 'byte')}${f.truncated ? ' (cut at the byte limit)' : ''}, ${f.ms} ms`);
  } else {
    out.push(`  ${f.finalUrl}: no answer after ${f.ms} ms: ${f.error ?? 'no response'}`);
  }
  if (f.otherOrigin) out.push(`  redirected to another origin: the rules of ${f.finalUrl} apply to ${site.site}, the site asked about (RFC 9309 §2.3.1.2)`);
  if (f.bom) out.push('  the file starts with a byte order mark (crawlers skip it)');
  if (f.html) out.push('  the body is an HTML page served as robots.txt: only its valid lines are read as rules');
  out.push(`  ${f.explanation}`);
  for (const policy of f.policies) out.push(`    ${policy.policy === 'google' ? 'Google' : 'RFC 9309'}: ${policy.access === 'nothing' ? 'crawls nothing' : policy.access === 'everything' ? 'crawls everything' : policy.access} — ${policy.summary}`);
  if (f.state === 'rules') {
    out.push(`  ${plural(site.groups, 'group')}, ${plural(site.rules, 'rule')}, ${plural(site.sitemaps.length, 'sitemap')}, ${plural(site.crawlDelays.length, 'Crawl-delay line')}, ${plural(site.preferences.length, 'AI-use preference line')}`);
    for (const sitemap of site.sitemaps) out.push(`    Sitemap: ${sitemap}`);
    for (const delay of site.crawlDelays) out.push(`    line ${delay.line}: Crawl-delay: ${delay.value}`);
    for (const pref of site.preferences) out.push(`    line ${pref.line}: ${pref.text}`);
  }
  for (const agent of site.agents) {
    out.push(`  ${agent.agent}: ${categoryWords(agent)}`);
    for (const v of site.verdicts.filter((x) => x.agent === agent.agent)) {
      const by = v.line !== null ? `line ${v.line}: ${v.rule ?? ''}` : reasonWords(v.reason, f.state);
      out.push(`    ${v.path}  ${v.allowed ? 'allowed' : 'disallowed'}  (${by})`);
    }
  }
  return out;
}

function reasonWords(reason: string, state: string): string {
  switch (reason) {
    case 'fetch-state':
      return `no rule: robots.txt is ${state}`;
    case 'no-group':
      return 'no group for this crawler';
    case 'robots-txt':
      return '/robots.txt is always allowed';
    default:
      return 'no rule matches';
  }
}

export function totalsText(totals: SurveyTotals): string[] {
  return ['Totals:', ...totalsLines(totals).map((l) => `  ${l}`)];
}
