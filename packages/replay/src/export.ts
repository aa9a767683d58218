/**
 * Record exports: CSV (RFC 4180) and JSON lines. Log content is untrusted, so CSV cells that
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) get a leading `'`.
 * Spreadsheets also skip leading spaces and read the full-width forms (＝ ＋ － ＠) as the
 * ASCII ones, so those starts are guarded the same way.
 */

// A formula character, full-width or not, after any leading white space (ASCII or ideographic).
const FORMULA_START = /^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

import type { AuditRecord } from './record';

export const CSV_COLUMNS = [
  'time', 'ip', 'method', 'url', 'status', 'client', 'crawler', 'agent', 'verification', 'evidence',
  'allowed', 'state', 'reason', 'line', 'rule', 'group', 'version', 'violation', 'robots_fetch',
  'crawl_delay_gap_s', 'crawl_delay_s', 'grace_previous_allowed', 'google_literal_allowed', 'note', 'x_robots_tag', 'effective_directives', 'user_agent', 'file', 'log_line',
] as const;

/** The CSV header line (no line break). */
export function csvHeader(): string {
  return CSV_COLUMNS.join(',');
}

/** One record as a CSV line (no line break). */
export function csvRow(r: AuditRecord): string {
  const cells: (string | number | boolean | null)[] = [
    r.time, r.ip, r.method, r.url, r.status, r.client, r.crawler, r.agent, r.verification, r.evidence ? r.evidence.detail : null,
    r.allowed, r.state, r.reason, r.line, r.rule, r.group, r.version, r.violation, r.robotsFetch,
    r.crawlDelay ? r.crawlDelay.gapSeconds : null, r.crawlDelay ? r.crawlDelay.delaySeconds : null,
    r.grace ? r.grace.previousAllowed : null, r.googleLiteral ? r.googleLiteral.allowed : null, r.note ?? null,
    r.directives ? r.directives.header : null, r.directives ? r.directives.effective : null, r.userAgent, r.file, r.logLine,
  ];
  return cells.map(csvCell).join(',');
}

/** One CSV cell, quoted when needed and guarded against being read as a spreadsheet formula. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record as a JSON line (no line break). */
export function jsonLine(r: AuditRecord): string {
  return JSON.stringify(r);
}
