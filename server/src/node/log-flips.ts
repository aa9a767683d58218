/**
 * Access logs through a `FlipCounter`: how many logged requests a new robots.txt decides
 * differently from the old one. Shared by `robots-lens diff --log` and the server's
 * `robotsLens/compare`, so the CLI and the editor count the same requests. Files are
 * streamed in chunks (never loaded whole), and a line cut by a chunk boundary is joined
 * again before it is parsed, as the replay does, so both agree on what a log contains.
 */

import { createLogParser, detectLogFormat } from '../core';
import type { FlipCounter, LogFormat, LogLineParser, LogTally } from '../core';
import { inspectLogFile, logInput } from './log-reader';

/** Lines looked at to recognise a log's format. */
const SAMPLE_LINES = 50;
/** A "line" longer than this is garbage: it is read as it stands, keeping memory bounded. */
const MAX_LINE_CHARS = 1 << 20;

export interface CountFlipsOptions {
  /** Stops reading between chunks; the tally then covers what was read. */
  readonly signal?: AbortSignal;
  /** Told of each line that is not a request in the format read: its number (from 1), text and why. */
  readonly onUnreadable?: (line: number, text: string, reason: string) => void;
}

/** Streams one log through the counter, recognising its format from the first lines when `format` is auto. */
export async function countFlipsInLog(path: string, format: LogFormat | 'auto', counter: FlipCounter, options: CountFlipsOptions = {}): Promise<LogTally> {
  const info = await inspectLogFile(path);
  let sample: string[] | undefined = format === 'auto' ? [] : undefined;
  let parser: LogLineParser | undefined = format === 'auto' ? undefined : createLogParser(format);
  const tally = { file: path, format: format === 'auto' ? ('combined' as LogFormat) : format, lines: 0, requests: 0, unreadable: 0 };

  const parse = (text: string, start: number, end: number, lineNumber: number): void => {
    const result = parser!.parse(text, start, end);
    if (result === null) return;
    if (typeof result === 'string') {
      tally.unreadable++;
      options.onUnreadable?.(lineNumber, text.slice(start, end), result);
      return;
    }
    tally.requests++;
    counter.add(result.userAgent, result.url, result.time);
  };
  const concludeDetection = (): void => {
    const lines = sample ?? [];
    sample = undefined;
    const detected = detectLogFormat(lines).format;
    parser = createLogParser(detected);
    tally.format = detected;
    lines.forEach((line, i) => parse(line, 0, line.length, i + 1));
  };
  const line = (text: string, start: number, end: number): void => {
    if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    tally.lines++;
    if (!sample) {
      parse(text, start, end, tally.lines);
      return;
    }
    sample.push(text.slice(start, end));
    if (sample.length >= SAMPLE_LINES) concludeDetection();
  };

  let partial = '';
  for await (const chunk of logInput(info).chunks) {
    if (options.signal?.aborted) break;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      if (newline < 0) {
        partial += chunk.slice(start);
        if (partial.length > MAX_LINE_CHARS) {
          line(partial, 0, partial.length);
          partial = '';
        }
        break;
      }
      if (partial !== '') {
        // Only the cut line is joined; the chunk itself is never copied.
        const joined = partial + chunk.slice(start, newline);
        partial = '';
        line(joined, 0, joined.length);
      } else {
        line(chunk, start, newline);
      }
      start = newline + 1;
    }
  }
  if (partial !== '') line(partial, 0, partial.length);
  if (sample) concludeDetection();
  return tally;
}
