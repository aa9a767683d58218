/**
 * The CLI's one reporter: every line it writes, on stdout (`Output`, or a `LineWriter` fed
 * `safeJson` and `escapeLine`) and on stderr (`reportError`, `reportStatus`), has the control
 * characters untrusted text may carry (rule text, fetched files, log lines, IP list fields)
 * escaped by the rules here, the same in text and in JSON; and only here is colour added.
 */

import { LineWriter } from './line-writer';

/**
 * Control characters a terminal may act on: C0 except the line feed, DEL and C1. A line
 * feed only ever comes from our own formatting, because lines of untrusted text are split
 * on it before they are shown. Also a byte that was not UTF-8, kept in the text as its
 * surrogate escape (core/encoding): written out, it would be U+FFFD, which hides which byte
 * it was; `\xNN` shows the byte the matcher reads (as `%NN`).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|(?<![\ud800-\udbff])[\udc80-\udcff]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE_FEED = /[\u0000-\u001f\u007f-\u009f]|(?<![\ud800-\udbff])[\udc80-\udcff]/g;

/** Text with every control character but the line feed (and every byte that was not UTF-8) shown as `\xNN`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, hexEscape);
}

/** Text on one line: the line feed is escaped too. */
export function escapeLine(text: string): string {
  return text.replace(CONTROL_OR_LINE_FEED, hexEscape);
}

function hexEscape(c: string): string {
  const code = c.charCodeAt(0);
  // A surrogate escape is U+DC00 plus the byte. Written here rather than imported from the
  // core: this file is loaded by every command, `--version` too, which needs no core.
  const byte = code >= 0xdc80 ? code - 0xdc00 : code;
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

/**
 * JSON whose strings hold no raw DEL or C1 character either: `JSON.stringify` escapes C0
 * only, and a terminal reading U+009B takes it for the start of a control sequence.
 */
export function safeJson(value: unknown, indent?: number): string {
  return safeJsonText(JSON.stringify(value, null, indent));
}

/** JSON text with DEL and C1 written as escapes, so no terminal acts on them; still the same JSON. */
export function safeJsonText(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type Style = 'heading' | 'error' | 'warning' | 'note' | 'allowed' | 'disallowed' | 'dim';

/** SGR codes to turn a style on and off again (only the attribute it set). */
const SGR: Readonly<Record<Style, readonly [number, number]>> = {
  heading: [1, 22],
  error: [31, 39],
  warning: [33, 39],
  note: [36, 39],
  allowed: [32, 39],
  disallowed: [31, 39],
  dim: [2, 22],
};

/** A piece of a line with a style; its text is escaped like any other. */
export interface Styled {
  readonly style: Style;
  readonly text: string;
}

export type Piece = string | Styled;

/** How a report's line is coloured: its pieces, or undefined to leave it plain. */
export type LineStyle = (line: string, index: number) => readonly Piece[] | undefined;

export function styled(style: Style, text: string): Styled {
  return { style, text };
}

/**
 * Whether to colour a stream: never with `NO_COLOR` set (no-color.org), always with
 * `FORCE_COLOR` set to anything but 0 or false, else only on a terminal that is not dumb.
 */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}

/** Text output with control characters escaped and colour only where wanted. */
export class Output {
  private readonly lines: LineWriter;
  readonly colour: boolean;

  constructor(stream: NodeJS.WritableStream & { isTTY?: boolean }, options: { colour?: boolean } = {}) {
    this.lines = new LineWriter(stream);
    this.colour = options.colour ?? wantsColour(stream);
  }

  /** One line made of pieces; line feeds inside a piece are escaped. */
  line(...pieces: readonly Piece[]): Promise<void> | undefined {
    return this.lines.write(pieces.map((p) => this.render(p, escapeLine)).join(''));
  }

  /**
   * A block of lines (a report the core formatted); a trailing line feed is dropped. `style`
   * may give a line as pieces, to colour its heading or verdict; their text is escaped as any.
   */
  async block(text: string, style?: LineStyle): Promise<void> {
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    const lines = body.split('\n');
    for (const [index, line] of lines.entries()) {
      const pieces = this.colour ? style?.(line, index) : undefined;
      await this.lines.write(pieces ? pieces.map((p) => this.render(p, escapeControls)).join('') : escapeControls(line));
    }
  }

  /** A JSON value, pretty with `indent`, or as one line. */
  json(value: unknown, indent?: number): Promise<void> | undefined {
    return this.lines.write(safeJson(value, indent));
  }

  flush(): Promise<void> {
    return this.lines.flush();
  }

  private render(piece: Piece, escape: (text: string) => string): string {
    if (typeof piece === 'string') return escape(piece);
    const text = escape(piece.text);
    if (!this.colour || text === '') return text;
    const [on, off] = SGR[piece.style];
    return `\x1b[${on}m${text}\x1b[${off}m`;
  }
}

/**
 * A message on stderr, at once and on one line: `robots-lens <command>: <message>`, escaped
 * as stdout's lines are. Not gathered like stdout: a warning must show before a long run goes on.
 */
export function reportError(command: string | undefined, message: string): void {
  errorSink(`robots-lens${command === undefined ? '' : ` ${command}`}: ${escapeLine(message)}\n`);
}

const toStderr = (text: string): void => void process.stderr.write(text);
let errorSink: (text: string) => void = toStderr;

/**
 * Sends `reportError`'s lines to `sink` until `restore` is called (`robots-lens serve`
 * answers each request with the messages of its own run, one run at a time).
 */
export function divertErrors(sink: (text: string) => void): { restore(): void } {
  errorSink = sink;
  return {
    restore: () => {
      errorSink = toStderr;
    },
  };
}

/** A progress line on a terminal's stderr, which the next one overwrites; its text escaped, only its own erase kept. */
export function reportStatus(text: string): void {
  process.stderr.write(`${ERASE_LINE}${escapeLine(text)}`);
}

/** Takes the progress line away again. */
export function clearStatus(): void {
  process.stderr.write(ERASE_LINE);
}

/** Back to the start of the line and erase it: the one control sequence written to stderr. */
const ERASE_LINE = '\r\x1b[K';
