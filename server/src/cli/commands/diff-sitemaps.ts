/**
 * `robots-lens diff … --sitemap SITEMAP`: the URLs your sitemaps list that the edit newly
 * blocks (or newly allows), per crawler whose verdicts change, with examples and the new
 * deciding line. Sitemaps are read as `robots-lens sitemaps` reads them, by the reader the
 * editor's Compare with… uses too (`node/sitemap-flips.ts`); this file is the text face.
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import { sitemapFlipsSentence, sitemapReportText, sitemapsReadText } from '@robots-lens/sitemaps';
import type { RobotsDiff } from '@robots-lens/diff';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { SitemapFlipExample } from '@robots-lens/sitemaps';
import { sitemapFlips } from '../../node/sitemap-flips';
import type { DiffSitemaps } from '../../node/sitemap-flips';
import { reportError } from '../output';

/** Reads the sitemaps as the editor's Compare with… does; a sitemap not read is said on stderr as it happens. */
export function readSitemapFlips(locations: readonly string[], oldFile: RobotsFile, newFile: RobotsFile, diff: RobotsDiff, origin: string | undefined): Promise<DiffSitemaps> {
  return sitemapFlips(locations, oldFile, newFile, diff, origin, {
    done(report) {
      if (report.error !== undefined) reportError('diff', `${report.location}: ${report.error}`);
    },
  });
}

/** The sitemap section of the text diff. */
export function sitemapFlipLines({ flips, sitemaps }: DiffSitemaps): string[] {
  const out = ['', `Sitemaps: ${sitemapsReadText(sitemaps)}, ${countOf(flips.checked, 'URL')} listed${flips.origin !== undefined ? ` on ${flips.origin}` : ''}.`];
  for (const s of sitemaps) if (s.error !== undefined) out.push(`  ${s.location}: ${sitemapReportText(s)}`);
  out.push(sitemapFlipsSentence(flips));
  if (flips.newlyAllowed > 0) out.push(`It newly allows ${countOf(flips.newlyAllowed, 'URL')} listed in them.`);
  for (const c of flips.crawlers) {
    if (c.newlyBlocked + c.newlyAllowed === 0) continue;
    out.push(`  ${names(c.agents)}:`);
    if (c.newlyBlocked > 0) out.push(`    ${formatCount(c.newlyBlocked)} newly blocked, e.g. ${examples(c.examples.newlyBlocked)}`);
    if (c.newlyAllowed > 0) out.push(`    ${formatCount(c.newlyAllowed)} newly allowed, e.g. ${examples(c.examples.newlyAllowed)}`);
  }
  return out;
}

/** Crawler names spelled out, as the diff's headings do; the JSON has them all. */
function names(agents: readonly string[]): string {
  const shown = agents.slice(0, NAMES_SHOWN).map((a) => (a === '*' ? 'any other crawler (*)' : a));
  const more = agents.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}${agents.length > 1 ? ` (${agents.length} crawlers)` : ''}`;
}

const NAMES_SHOWN = 8;

function examples(list: readonly SitemapFlipExample[]): string {
  return [...new Map(list.map((e) => [e.url, e])).values()]
    .slice(0, 3)
    .map((e) => `${e.url} (${e.line > 0 ? `line ${e.line}: ${e.rule}` : 'no rule'})`)
    .join(', ');
}
