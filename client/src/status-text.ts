/** The status bar item's words, apart from VS Code so they can be tested as plain functions. */

import type { FileSummaryResult } from '../../server/src/protocol';
import { plural } from '@robots-lens/kernel/words';

export function statusText(summary: Pick<FileSummaryResult, 'groups' | 'rules'>): string {
  return `robots.txt: ${plural(summary.groups, 'group')}, ${plural(summary.rules, 'rule')}`;
}

export function statusTooltip(summary: FileSummaryResult): string {
  return (
    `${plural(summary.groups, 'group')}, ${plural(summary.rules, 'rule')}, ${plural(summary.sitemaps, 'sitemap')}. ` +
    `${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, ${summary.information} information, ${plural(summary.hints, 'hint')}. ` +
    'Click to open Problems.'
  );
}
