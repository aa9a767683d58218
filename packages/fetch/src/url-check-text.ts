/**
 * The text face of Check URL, shared by `robots-lens check` and the editor's Check URL
 * command: crawl permission first, the page's indexing directives second, then how the two
 * interact. Pure, so the extension bundles it without the HTTP code.
 */

import type { UrlCheckReport } from './url-check-report';
import { plural } from '@robots-lens/kernel/words';

/** Crawling first, indexing second, then how the two interact; never one word for both. */
export function formatCheckReport(report: UrlCheckReport): string {
  const who = report.crawler ?? report.agent;
  const out: string[] = [];
  out.push(`${report.url}  [${who}]`);
  out.push('');

  const { crawl, robots } = report;
  const fetched = robots.status !== null ? `HTTP ${robots.status}` : robots.error !== null ? robots.error.kind : robots.state;
  out.push(`Crawling (robots.txt ${robots.finalUrl === robots.url ? robots.url : `${robots.url} → ${robots.finalUrl}`}: ${fetched}, ${robots.state})`);
  const label = crawl.allowed === null ? 'n/a' : crawl.allowed ? 'allowed' : 'disallowed';
  const group = crawl.verdict?.group !== null && crawl.verdict !== null ? `  group User-agent: ${crawl.verdict.group} (line ${crawl.verdict.groupLines.join(', ')})` : '';
  out.push(`  ${label.padEnd(10)}  ${crawl.decidedBy}${group}`);
  out.push(`  ${crawl.explanation}`);
  out.push(`  ${who} on this robots.txt: ${crawl.consequence.summary}`);
  for (const w of robots.warnings) out.push(`  warning ${w.code}: ${w.message}`);
  out.push('');

  const { page } = report;
  const pageStatus = page.status !== null ? `HTTP ${page.status}` : page.error !== null ? page.error.kind : 'no response';
  const pageBody = page.bytes !== null ? `, ${plural(page.bytes, 'byte')}` : '';
  out.push(`Indexing (page ${page.finalUrl}: ${pageStatus}${page.contentType !== null ? `, ${page.contentType}` : ''}${pageBody})`);
  if (page.chain.length > 1) {
    out.push(`  redirects: ${page.chain.map((h) => `${h.status} ${h.url}`).join(' → ')}`);
    out.push(`  the directives below are those of ${page.finalUrl}; crawl permission above is for ${report.url} only`);
  }
  if (page.error !== null) out.push(`  the page could not be fetched: ${page.error.message}`);
  if (page.redirectProblem !== null) out.push(`  the page's redirect was not followed: ${page.redirectProblem}`);
  const indexing = report.indexing;
  if (indexing !== null) {
    for (const source of indexing.sources) out.push(`  ${source.label}: ${source.raw}`);
    if (indexing.sources.length === 0) out.push('  no X-Robots-Tag header and no robots meta tag');
    const effective = indexing.effective.map((d) => `${d.value === null ? d.name : `${d.name}:${d.value}`} (${[...new Set(d.from.map((f) => f.source))].join(', ')})`);
    out.push(`  effective for ${who}: ${effective.length > 0 ? effective.join(', ') : indexing.summary}`);
    for (const s of indexing.setAside) out.push(`  not counted: ${s.text} (${s.source}): ${s.reason}`);
    for (const p of indexing.problems) out.push(`  problem: ${p.message} (${p.source})`);
    for (const note of indexing.notes) out.push(`  note: ${note}`);
    if (crawl.allowed === false) out.push(`  This is what the page says; ${who} would not see it, because crawling is disallowed.`);
  }
  out.push('');
  out.push(report.assessment.headline);
  if (report.assessment.advice.length > 0) {
    out.push('Fix:');
    for (const advice of report.assessment.advice) out.push(`  - ${advice}`);
  }
  return out.join('\n') + '\n';
}
