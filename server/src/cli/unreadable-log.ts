/**
 * The error for a log of which no line could be read. A report of "0 requests" would hide
 * that the input is not a log (or not in the format given), so `replay`, `replay-scan` and
 * `diff --log` stop with this one sentence: the formats tried and the first line that failed.
 */

import { LOG_FORMATS } from '@robots-lens/replay/logs';
import { printable } from '@robots-lens/replay';
import type { AuditSummary } from '@robots-lens/replay';
import type { LogFormat } from '@robots-lens/replay/logs';

/** The first line of a log that could not be read, and why. */
export interface UnreadableLine {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** `option` is the one that names the format: `--format`, or `--log-format` for diff. */
export function unreadableLogMessage(file: string, format: LogFormat | 'auto', first: UnreadableLine | undefined, option = '--log-format'): string {
  const tried = format === 'auto' ? `formats tried: ${LOG_FORMATS.join(', ')}` : `read as ${format}, as ${option} says`;
  const line = first ? `; first unreadable line ${first.line}: "${printable(first.text, 80)}" (${first.reason})` : '';
  return `${file}: no line could be read as an access log (${tried})${line}.`;
}

/**
 * Logs of which no line could be read: a report of "0 requests" would hide that the input
 * is not a log (or not in the format given), so each is an error naming the formats tried
 * and the first line that could not be read.
 */
export function unreadableLogs(summary: AuditSummary, format: LogFormat | 'auto'): string[] {
  return summary.files
    .filter((f) => f.requests === 0 && f.parseFailures > 0)
    .map((f) => unreadableLogMessage(f.name, format, summary.parseFailures.samples.find((sample) => sample.file === f.name)));
}
