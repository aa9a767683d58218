/**
 * The hint on a `Sitemap:` line whose sitemap lists URLs the file blocks, after Check
 * Sitemaps has run: never fetched while typing. The counts are for the version checked, so
 * the hint shows on that version only; the next edit may change what is blocked.
 */

import { DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver';
import { countOf } from '@robots-lens/kernel/words';
import type { ParsedDocument } from '../documents';
import type { CheckedSitemapRoot } from '../protocol';
import { DIAGNOSTIC_SOURCE } from './diagnostics';

export const SITEMAP_HINT_CODE = 'sitemap-lists-blocked-urls';

export class SitemapHints {
  private readonly checked = new Map<string, { readonly version: number; readonly roots: readonly CheckedSitemapRoot[] }>();

  set(uri: string, version: number, roots: readonly CheckedSitemapRoot[]): void {
    this.checked.set(uri, { version, roots });
  }

  forget(uri: string): void {
    this.checked.delete(uri);
  }

  diagnostics(parsed: ParsedDocument): Diagnostic[] {
    const checked = this.checked.get(parsed.uri);
    if (!checked || checked.version !== parsed.version) return [];
    const out: Diagnostic[] = [];
    for (const root of checked.roots) {
      if (root.line === null || root.blocked === 0) continue;
      const line = parsed.file.lines[root.line];
      if (!line) continue;
      const span = line.valueSpan ?? { start: line.start, end: line.end };
      const who = root.perAgent.filter((a) => a.blocked > 0).map((a) => `${a.agent}: ${countOf(a.blocked, 'URL')}`).join(', ');
      out.push({
        range: { start: parsed.document.positionAt(span.start), end: parsed.document.positionAt(span.end) },
        severity: DiagnosticSeverity.Hint,
        code: SITEMAP_HINT_CODE,
        source: DIAGNOSTIC_SOURCE,
        message: `This sitemap lists URLs this file blocks (${who}), found by Check Sitemaps on this version; the results view shows each URL and the line that blocks it.`,
      });
    }
    return out;
  }
}
