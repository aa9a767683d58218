/**
 * Each request of an access log handed to a callback, the file streamed in chunks through the
 * replay's own line reader (as `log-flips.ts` does for the diff), so every command reads a
 * log the same way: formats detected from the first lines, gzip inflated, damage a warning.
 */

import { LogLineReader } from '@robots-lens/replay/logs';
import type { LogFormat, LogRequest } from '@robots-lens/replay/logs';
import { inspectLogFile, logInput } from './log-reader';

export interface LogReading {
  readonly file: string;
  format: LogFormat;
  lines: number;
  requests: number;
  unreadable: number;
  warnings?: readonly string[];
}

/** Streams one log, calling `onRequest` for each request in log order. */
export async function readLogRequests(
  path: string,
  format: LogFormat | 'auto',
  onRequest: (request: LogRequest) => void,
  onUnreadable?: (line: number, text: string, reason: string) => void,
): Promise<LogReading> {
  const input = logInput(await inspectLogFile(path));
  const reading: LogReading = { file: path, format: format === 'auto' ? 'combined' : format, lines: 0, requests: 0, unreadable: 0 };
  const reader = new LogLineReader({
    formatChosen: (chosen) => void (reading.format = chosen),
    linesRead: (count) => void (reading.lines += count),
    request: (request) => {
      reading.requests++;
      onRequest(request);
    },
    parseFailure: (line, text, reason) => {
      reading.unreadable++;
      onUnreadable?.(line, text, reason);
    },
    skipped: () => undefined,
  });
  reader.begin(format);
  for await (const chunk of input.chunks) {
    if (reader.stopped) break;
    await reader.feed(chunk);
  }
  await reader.end();
  const warnings = input.warnings?.() ?? [];
  if (warnings.length > 0) reading.warnings = [...warnings];
  return reading;
}
