import { readKey } from '@robots-lens/kernel/parse';
import type { Line, RobotsFile, Span } from '@robots-lens/kernel/parse';
import { editDistance } from '../edit-distance';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { statementSpan } from '../text';
import { isGzip, isHtmlPage, isUtf16 } from './unreadable';

export const RULES = [
  { id: 'unknown-directive', title: 'Unknown directive', description: 'Crawlers ignore keys they do not know.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * Keys crawlers know besides the four group keys. They do not start or end groups; those
 * with a check of their own (crawl-delay, unsupported-directive) are reported there.
 */
const KNOWN_OTHER_KEYS: ReadonlyMap<string, string> = new Map([
  ['crawl-delay', 'Crawl-delay'],
  ['host', 'Host'],
  ['clean-param', 'Clean-param'],
  ['noindex', 'Noindex'],
  ['nofollow', 'Nofollow'],
  ['request-rate', 'Request-rate'],
  ['visit-time', 'Visit-time'],
  ['content-signal', 'Content-Signal'],
  ['content-usage', 'Content-Usage'],
  ['license', 'License'],
]);

/** Every spelling a suggestion may propose, lower-cased → as written. */
const SUGGESTIONS: ReadonlyMap<string, string> = new Map([
  ['user-agent', 'User-agent'],
  ['allow', 'Allow'],
  ['disallow', 'Disallow'],
  ['sitemap', 'Sitemap'],
  ...KNOWN_OTHER_KEYS,
]);

/** Longer keys are not typos of a directive (HTML, prose); skipping them keeps the distance cheap. */
const MAX_KEY_LENGTH = 32;

/** Characters editors do not show; a key that starts with one is not recognised. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** Whether a lower-cased key is a directive crawlers know (other than the group keys). */
function isKnownOtherKey(directive: string): boolean {
  // ACAP-* extensions are known, and unsupported: unsupported-directive reports them.
  return KNOWN_OTHER_KEYS.has(directive) || directive.startsWith('acap-');
}

/**
 * ★ unknown-directive: keys no crawler knows (with the nearest known key as a rename), and
 * lines that are not `key: value` at all. Both are ignored by every crawler.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  // An HTML page, a UTF-16 file or gzip data has a "problem" on nearly every line;
  // looks-like-html and encoding-invalid say it once.
  if (isHtmlPage(file) || isUtf16(file) || isGzip(file)) return [];
  const findings: Report<typeof RULES>[] = [];
  const causeOf = new Map<Report<typeof RULES>, string>();
  for (const line of file.lines) {
    if (line.beyondLimit) continue;
    if (line.kind === 'other' && line.directive !== undefined && !isKnownOtherKey(line.directive)) {
      const report = unknownKey(file, line);
      findings.push(report);
      causeOf.set(report, `key ${line.directive}`);
    } else if (line.kind === 'invalid') {
      const report = invalidLine(file, line);
      findings.push(report);
      causeOf.set(report, report.message);
    }
  }
  // The same unknown key, or the same kind of unreadable line, many times: one finding.
  return fold(file, findings, (f) => causeOf.get(f), { more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};

function unknownKey(file: RobotsFile, line: Line): Report<typeof RULES> {
  const key = line.key ?? '';
  const keySpan = line.keySpan ?? { start: line.start, end: line.end };
  const span = statementSpan(line);
  const visible = key.replace(INVISIBLE, '');
  const fixes: Fix[] = [];
  let message: string;

  if (visible !== key && SUGGESTIONS.has(visible.toLowerCase())) {
    const name = SUGGESTIONS.get(visible.toLowerCase())!;
    message = `The key "${visible}" contains an invisible character (${codePoints(key)}): crawlers do not recognise it as ${name} and ignore this line.`;
    if (!splitsGroup(file, line, name)) fixes.push({ title: `Remove the invisible character: "${name}"`, edits: [{ span: keySpan, newText: name }], preferred: true, ...takesEffect(name) });
  } else if (/^https?$/i.test(key) && line.value.startsWith('//')) {
    message = 'A bare URL is not a directive: crawlers ignore this line. A sitemap needs "Sitemap:" in front.';
    fixes.push({ title: 'Write it as a Sitemap line', edits: [{ span: { start: keySpan.start, end: keySpan.start }, newText: 'Sitemap: ' }] });
  } else {
    const suggestion = nearestKey(visible);
    message = `Crawlers do not know the key "${key}" and ignore this line.`;
    if (suggestion) {
      message += ` Did you mean "${suggestion}"?`;
      if (!splitsGroup(file, line, suggestion)) fixes.push({ title: `Rename to "${suggestion}"`, edits: [{ span: keySpan, newText: suggestion }], preferred: true, ...takesEffect(suggestion) });
    }
  }
  return { id: 'unknown-directive', span, message, unnecessary: true, ...(fixes.length > 0 ? { fixes } : {}) };
}

function invalidLine(file: RobotsFile, line: Line): Report<typeof RULES> {
  const span = contentSpan(file, line);
  const text = file.text.slice(span.start, span.end);
  const firstWord = /^\S+/.exec(text)?.[0] ?? '';
  const reading = firstWord.length < text.length ? readKey(firstWord) : undefined;
  const message = reading
    ? `There is no colon after "${firstWord}": Google accepts a missing colon only on a line of exactly two words, so every crawler ignores this line.`
    : 'This line is not a "key: value" line: every crawler ignores it.';
  return { id: 'unknown-directive', span, message, unnecessary: true };
}

/** A line that becomes a rule or a User-agent line changes what crawlers do: that is the fix's purpose. */
function takesEffect(key: string): { takesEffect?: true } {
  return key === 'User-agent' || key === 'Allow' || key === 'Disallow' ? { takesEffect: true } : {};
}

/**
 * A User-agent line between two rules of a group would end the group there: the rules
 * after it would leave the crawlers the group names. Such a rename is not a quick fix.
 */
function splitsGroup(file: RobotsFile, line: Line, key: string): boolean {
  if (key !== 'User-agent' || line.group === undefined) return false;
  const rules = file.groups[line.group]?.rules ?? [];
  return rules.some((r) => r.line < line.index) && rules.some((r) => r.line > line.index);
}

/** The line without leading blanks and without its comment. */
function contentSpan(file: RobotsFile, line: Line): Span {
  let start = line.start;
  let end = line.comment ? line.comment.start : line.end;
  while (start < end && /\s/.test(file.text[start]!)) start++;
  while (end > start && /\s/.test(file.text[end - 1]!)) end--;
  return { start, end };
}

/** The known key nearest to `key` by edit distance, when close enough to be a typo. */
function nearestKey(key: string): string | undefined {
  const lower = key.toLowerCase();
  if (lower.length === 0 || lower.length > MAX_KEY_LENGTH) return undefined;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [candidate, written] of SUGGESTIONS) {
    const d = editDistance(lower, candidate);
    if (d < bestDistance) {
      best = written;
      bestDistance = d;
    }
  }
  // One edit per three characters, at most two: `Alow`, `Disalllow`, `User-agnet`, `Crawl delay`.
  const allowed = Math.min(2, Math.max(1, Math.floor(lower.length / 3)));
  return bestDistance <= allowed ? best : undefined;
}

function codePoints(s: string): string {
  const found = new Set<string>();
  for (const m of s.matchAll(INVISIBLE)) found.add('U+' + m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
  return [...found].join(', ');
}
