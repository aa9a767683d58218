/**
 * The time of a log's first request, from a peek at its first chunks: rotated files are put
 * in time order by it, and a file not yet reached need not be opened by the replay
 * (`LogInput.firstTime`). The chunks peeked at are not read again: the log handed back yields
 * them first, then the rest of the same reading.
 */

import { chunkIterator } from './chunk-source';
import { createLogParser, detectLogFormat } from './log-formats';
import type { LogFormat } from './log-formats';
import type { LogInput } from './replay-options';

/** Text looked at, at most, for a first request (a header, comments or junk may come first). */
const PEEK_CHARS = 256 * 1024;
/** Lines format detection reads (as the replay's own detection does). */
const DETECTION_LINES = 50;

export interface PeekedLog {
  /** The same log, its peeked chunks first: read it instead of the one peeked at. */
  readonly input: LogInput;
  /** Its first request's time; undefined when none was found in what was peeked at. */
  readonly firstTime: number | undefined;
  /** Ends the reading without reading on, for a log that will not be replayed after all. */
  close(): Promise<void>;
}

/**
 * Reads a log's first chunks, as few as tell the time of its first request. Until the log
 * handed back is read to its end (or its iterator returned), the reading stays open.
 */
export async function peekFirstTime(input: LogInput, format: LogFormat | 'auto' = 'auto'): Promise<PeekedLog> {
  const source = chunkIterator(input.chunks);
  const peeked: string[] = [];
  let chars = 0;
  let ended = false;
  let firstTime: number | undefined | 'more' = 'more';
  try {
    while (firstTime === 'more') {
      const next = await source.next();
      if (next.done === true) ended = true;
      else {
        peeked.push(next.value);
        chars += next.value.length;
      }
      firstTime = firstRequestIn(peeked.join(''), format, ended || chars >= PEEK_CHARS);
    }
  } catch (error) {
    await source.return?.();
    throw error;
  }
  const chunks = new PeekedChunks(peeked, ended ? undefined : source);
  return { input: { ...input, chunks: { [Symbol.asyncIterator]: () => chunks } }, firstTime, close: async () => void (await chunks.return()) };
}

/**
 * The first request's time in the text, or 'more' when more text could still change the
 * answer: `whole` says there is no more (or no more is looked at), so the last line counts
 * even without its line break.
 */
function firstRequestIn(text: string, format: LogFormat | 'auto', whole: boolean): number | undefined | 'more' {
  const lines = text.split(/\r\n|\r|\n/);
  // A last line without its break may be cut; a CR may be the first half of a CRLF.
  if (!whole) lines.pop();
  if (!whole && format === 'auto' && lines.length < DETECTION_LINES) return 'more';
  const chosen = format === 'auto' ? detectLogFormat(lines.slice(0, DETECTION_LINES)).format : format;
  const parser = createLogParser(chosen);
  for (const line of lines) {
    const result = parser.parse(line, 0, line.length);
    if (result !== null && typeof result !== 'string') return result.time;
  }
  return whole ? undefined : 'more';
}

/** The peeked chunks, then the rest of the reading they came from; returning ends that reading. */
class PeekedChunks implements AsyncIterator<string> {
  private handed = 0;

  constructor(
    private readonly peeked: string[],
    private rest: AsyncIterator<string> | Iterator<string> | undefined,
  ) {}

  async next(): Promise<IteratorResult<string>> {
    if (this.handed < this.peeked.length) {
      const value = this.peeked[this.handed]!;
      // Handed on once: the replay keeps nothing it has read.
      this.peeked[this.handed++] = '';
      return { done: false, value };
    }
    if (this.rest === undefined) return { done: true, value: undefined };
    const result = await this.rest.next();
    if (result.done === true) this.rest = undefined;
    return result;
  }

  async return(): Promise<IteratorResult<string>> {
    const rest = this.rest;
    this.rest = undefined;
    this.handed = this.peeked.length;
    await rest?.return?.();
    return { done: true, value: undefined };
  }
}
