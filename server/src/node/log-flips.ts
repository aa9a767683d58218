/**
 * Access logs through a `FlipCounter`: how many logged requests a new robots.txt decides
 * differently from the old one. Shared by `robots-lens diff --log` and the server's
 * `robotsLens/compare`, so the CLI and the editor count the same requests. Files are
 * streamed in chunks (never loaded whole) through the replay's own line reader
 * (`LogLineReader`), so both agree on what a log contains: lines end at LF, CRLF or CR, a
 * line over the limit is one unreadable line, and damage to a gzip file is a warning.
 */

import { LogLineReader } from '@robots-lens/replay/logs';
import type { FlipCounter, LogTally } from '@robots-lens/diff';
import type { LogFormat } from '@robots-lens/replay/logs';
import { inspectLogFile, logInput } from './log-reader';

export interface CountFlipsOptions {
  /** Stops reading between chunks; the tally then covers what was read. */
  readonly signal?: AbortSignal;
  /** Told of each line that is not a request in the format read: its number (from 1), text and why. */
  readonly onUnreadable?: (line: number, text: string, reason: string) => void;
}

/** Streams one log through the counter, recognising its format from the first lines when `format` is auto. */
export async function countFlipsInLog(path: string, format: LogFormat | 'auto', counter: FlipCounter, options: CountFlipsOptions = {}): Promise<LogTally> {
  const info = await inspectLogFile(path);
  const input = logInput(info);
  const tally = { file: path, format: format === 'auto' ? ('combined' as LogFormat) : format, lines: 0, requests: 0, unreadable: 0 };
  const reader = new LogLineReader(
    {
      formatChosen: (chosen) => void (tally.format = chosen),
      linesRead: (count) => void (tally.lines += count),
      request: (request) => {
        tally.requests++;
        counter.add(request.userAgent, request.url, request.time);
      },
      parseFailure: (line, text, reason) => {
        tally.unreadable++;
        options.onUnreadable?.(line, text, reason);
      },
      skipped: () => undefined,
    },
    options.signal ? { signal: options.signal } : {},
  );
  reader.begin(format);
  for await (const chunk of input.chunks) {
    if (options.signal?.aborted || reader.stopped) break;
    await reader.feed(chunk);
  }
  await reader.end();
  const warnings = input.warnings?.() ?? [];
  return warnings.length > 0 ? { ...tally, warnings: [...warnings] } : tally;
}
