/**
 * Reading page-level directives: `X-Robots-Tag` header values and robots meta tags
 * (already extracted from the HTML by the caller) → a flat list of directives, each with
 * the crawler it targets and where it came from. Never throws; what cannot be read becomes
 * a problem.
 */

import { crawlerByToken } from '@robots-lens/kernel/crawlers';

/** A `<meta name content>` pair as found in the HTML, in document order. */
export interface MetaTag {
  readonly name: string;
  readonly content: string;
}

/** Where a directive came from. */
export interface DirectiveSource {
  readonly kind: 'header' | 'meta';
  /** 1-based: the n-th `X-Robots-Tag` header, or the n-th robots meta tag, in order. */
  readonly index: number;
  /** `X-Robots-Tag #2`, `<meta name="googlebot"> #1`. */
  readonly label: string;
  /** The header value or the meta content, as sent. */
  readonly raw: string;
  /** For meta tags, the name attribute, lower-cased. */
  readonly metaName?: string;
}

/** One directive of a header or meta tag. */
export interface PageDirective {
  /** Lower-cased directive name (`noindex`, `max-snippet`, or an unknown word). */
  readonly name: string;
  readonly known: boolean;
  /** The value of `max-snippet`, `max-image-preview`, `max-video-preview`, `unavailable_after`; else null. */
  readonly value: string | null;
  /** The crawler token it targets, lower-cased; null when it addresses every crawler. */
  readonly bot: string | null;
  /** The part as written (bot prefix included). */
  readonly text: string;
  readonly source: DirectiveSource;
}

export interface DirectiveProblem {
  readonly source: DirectiveSource;
  readonly text: string;
  readonly message: string;
}

export interface PageDirectives {
  /** Every header and robots meta tag read, in order (headers first). */
  readonly sources: readonly DirectiveSource[];
  readonly directives: readonly PageDirective[];
  readonly problems: readonly DirectiveProblem[];
}

export interface ReadDirectivesOptions {
  /**
   * Meta names to read besides `robots` and the catalogue's crawler tokens, e.g. the token
   * of an agent the user asked about (`<meta name="foobot">`).
   */
  readonly botNames?: readonly string[];
}

/** Directives that take no value. */
const FLAGS = new Set([
  'all',
  'none',
  'index',
  'noindex',
  'follow',
  'nofollow',
  'noarchive',
  'nocache',
  'nosnippet',
  'noimageindex',
  'notranslate',
  'indexifembedded',
  'nositelinkssearchbox',
  'noodp',
  'noydir',
]);

/** Directives written `name: value`. */
const VALUED = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

const IMAGE_PREVIEW = new Set(['none', 'standard', 'large']);

const BOT_NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * Reads `X-Robots-Tag` header values (one entry per header, in the order received) and
 * meta tags. Only meta tags named `robots`, a catalogue crawler token (`googlebot`,
 * `googlebot-news`, `bingbot`…) or one of `options.botNames` count; others (description,
 * viewport…) are not robots directives and are skipped.
 */
export function readPageDirectives(
  input: { readonly headers?: readonly string[]; readonly meta?: readonly MetaTag[] },
  options: ReadDirectivesOptions = {},
): PageDirectives {
  const sources: DirectiveSource[] = [];
  const directives: PageDirective[] = [];
  const problems: DirectiveProblem[] = [];
  const extraNames = new Set((options.botNames ?? []).map((n) => n.trim().toLowerCase()).filter((n) => n !== ''));

  (input.headers ?? []).forEach((value, i) => {
    const source: DirectiveSource = { kind: 'header', index: i + 1, label: `X-Robots-Tag #${i + 1}`, raw: value };
    sources.push(source);
    readList(value, source, null, true, directives, problems);
  });

  let metaIndex = 0;
  for (const tag of input.meta ?? []) {
    const name = tag.name.trim().toLowerCase();
    if (!isRobotsMetaName(name, extraNames)) continue;
    metaIndex++;
    const source: DirectiveSource = { kind: 'meta', index: metaIndex, label: `<meta name="${name}"> #${metaIndex}`, raw: tag.content, metaName: name };
    sources.push(source);
    readList(tag.content, source, name === 'robots' ? null : name, false, directives, problems);
  }
  return { sources, directives, problems };
}

function isRobotsMetaName(name: string, extra: ReadonlySet<string>): boolean {
  if (name === 'robots' || extra.has(name)) return true;
  return BOT_NAME.test(name) && crawlerByToken(name) !== undefined;
}

/**
 * Reads one comma-separated list. In a header, `bot: directive` addresses one crawler and
 * the prefix carries over to the following parts until another prefix. The date of
 * `unavailable_after` may itself contain commas (`Wednesday, 03-Nov-2027 15:00:00 GMT`),
 * so a part that starts no directive and contains a digit continues the date.
 */
function readList(
  list: string,
  source: DirectiveSource,
  metaBot: string | null,
  allowBotPrefix: boolean,
  out: PageDirective[],
  problems: DirectiveProblem[],
): void {
  let bot: string | null = metaBot;
  let pendingDate: { index: number } | null = null;
  for (const piece of list.split(',')) {
    const text = piece.trim();
    if (text === '') continue;
    if (pendingDate !== null && !startsDirective(text, allowBotPrefix) && /\d/.test(text)) {
      const d = out[pendingDate.index]!;
      out[pendingDate.index] = { ...d, value: `${d.value ?? ''}, ${text}`, text: `${d.text}, ${text}` };
      continue;
    }
    pendingDate = null;
    let body = text;
    if (allowBotPrefix) {
      const prefix = botPrefix(text);
      if (prefix !== null) {
        bot = prefix.bot;
        body = prefix.rest;
        if (body === '') {
          problems.push({ source, text, message: `"${text}" names a crawler but no directive.` });
          continue;
        }
      }
    }
    const { name, value } = splitDirective(body);
    const known = FLAGS.has(name) || VALUED.has(name);
    out.push({ name, known, value, bot, text, source });
    if (name === 'unavailable_after') pendingDate = { index: out.length - 1 };
  }
  // Values are checked once the date continuations are joined.
  for (let i = 0; i < out.length; i++) {
    const d = out[i]!;
    if (d.source !== source) continue;
    const problem = valueProblem(d);
    if (problem !== undefined) problems.push({ source, text: d.text, message: problem });
  }
}

/** `googlebot: noindex` → bot `googlebot`, rest `noindex`; null when the text is a directive itself. */
function botPrefix(text: string): { bot: string; rest: string } | null {
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  const head = text.slice(0, colon).trim();
  const lower = head.toLowerCase();
  if (!BOT_NAME.test(head) || VALUED.has(lower) || FLAGS.has(lower)) return null;
  return { bot: lower, rest: text.slice(colon + 1).trim() };
}

function startsDirective(text: string, allowBotPrefix: boolean): boolean {
  const prefix = allowBotPrefix ? botPrefix(text) : null;
  const { name } = splitDirective(prefix !== null ? prefix.rest : text);
  return FLAGS.has(name) || VALUED.has(name);
}

function splitDirective(text: string): { name: string; value: string | null } {
  const colon = text.indexOf(':');
  if (colon < 0) return { name: text.trim().toLowerCase(), value: null };
  return { name: text.slice(0, colon).trim().toLowerCase(), value: text.slice(colon + 1).trim() };
}

function valueProblem(d: PageDirective): string | undefined {
  if (!d.known) {
    const words = d.name.split(/\s+/);
    if (words.length > 1 && words.every((w) => FLAGS.has(w) || VALUED.has(w.replace(/:.*/, '')))) {
      return `"${d.text}" is not understood: separate directives with commas ("${words.join(', ')}").`;
    }
    return `"${d.text}" is not a directive crawlers know; it is ignored.`;
  }
  if (FLAGS.has(d.name)) {
    return d.value !== null ? `"${d.text}": ${d.name} takes no value.` : undefined;
  }
  if (d.value === null || d.value === '') return `"${d.text}": ${d.name} needs a value (${d.name}: …); it is ignored.`;
  switch (d.name) {
    case 'max-snippet':
    case 'max-video-preview':
      return readCount(d.value) === undefined ? `"${d.text}": ${d.name} takes a whole number of -1 or more; it is ignored.` : undefined;
    case 'max-image-preview':
      return IMAGE_PREVIEW.has(d.value.toLowerCase()) ? undefined : `"${d.text}": max-image-preview takes none, standard or large; it is ignored.`;
    case 'unavailable_after':
      return readDate(d.value) === undefined
        ? `"${d.text}": the date cannot be read (use RFC 822, RFC 850 or ISO 8601, e.g. 2027-11-03T15:00:00Z); crawlers may ignore it.`
        : undefined;
  }
  return undefined;
}

/** `max-snippet`/`max-video-preview` value: -1 (no limit) or a count; undefined when invalid. */
export function readCount(value: string): number | undefined {
  const v = value.trim();
  if (!/^-?\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= -1 && Number.isSafeInteger(n) ? n : undefined;
}

/** `unavailable_after` date → epoch milliseconds; undefined when it cannot be read. */
export function readDate(value: string): number | undefined {
  const v = value.trim();
  // Date.parse reads almost anything ("12" is a date in 2001); ask for a year at least.
  if (!/\d{4}|\d{1,2}-[A-Za-z]{3}-\d{2}/.test(v)) return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}

export function isImagePreview(value: string): boolean {
  return IMAGE_PREVIEW.has(value.trim().toLowerCase());
}
