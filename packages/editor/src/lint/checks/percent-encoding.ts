import { isUnreserved, normalizePattern } from '@robots-lens/kernel/encoding';
import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { FoldWords } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'percent-encoding-stray-percent', title: '"%" without two hex digits', description: 'Such a "%" is compared as a literal percent sign, which URLs carry as "%25".' },
  { id: 'percent-encoding-unreserved', title: 'Encoded unreserved character', description: 'RFC 9309 decodes an escape such as %62 ("b"), but Google compares it literally: for Googlebot the rule does not match URLs with the plain character.' },
  { id: 'percent-encoding-lower-case', title: 'Lower-case hex in a percent-escape', description: 'Percent-escapes compare with upper-case hex: %2f is read as %2F.' },
  { id: 'percent-encoding-double', title: 'Percent-encoded twice', description: '"%253D" is "%3D" encoded once more ("%25" is "%"): it matches URLs that carry "%253D", not the "%3D" links and crawlers usually send.' },
  { id: 'percent-encoding-non-ascii', title: 'Non-ASCII characters written raw', description: 'Non-ASCII characters are matched as their UTF-8 octets, the way URLs carry them; written percent-encoded they mean the same and read the same in every tool.' },
] as const satisfies readonly RuleDescription<string>[];

const HEX = /^[0-9A-Fa-f]{2}$/;
/** U+FFFD or a surrogate-escaped invalid byte (see parse/decode). */
const BROKEN = /[\ufffd\udc80-\udcff]/;
/** What this check looks at: most patterns have neither, and are passed over without reading their line. */
const ESCAPE_OR_NON_ASCII = /[%\u0080-\uffff]/;

/**
 * Escapes in a pattern that crawlers may read differently (docs/spec/robots-semantics.md §4):
 * - percent-encoding-unreserved: `%62` (an unreserved character): RFC 9309 decodes it,
 *   Google compares it literally;
 * - percent-encoding-lower-case: `%2f` is read as `%2F`;
 * - percent-encoding-non-ascii: raw non-ASCII is matched as its UTF-8 octets — fine, but
 *   say to what;
 * - percent-encoding-stray-percent: `%` without two hex digits is a literal `%`, which URLs
 *   carry as `%25`;
 * - percent-encoding-double: `%253D`, an escape encoded twice, which likely misses the
 *   URLs meant.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    if (!ESCAPE_OR_NON_ASCII.test(rule.pattern)) return;
    const line = file.lines[rule.line];
    const base = line?.valueSpan?.start;
    if (base === undefined || line?.beyondLimit) return;
    const pattern = rule.pattern;
    let nonAscii: { start: number; end: number; example: string } | undefined;
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern.charCodeAt(i);
      if (c === 0x25) {
        const hex = pattern.slice(i + 1, i + 3);
        const span = { start: base + i, end: base + i + (HEX.test(hex) ? 3 : 1) };
        if (!HEX.test(hex)) {
          findings.push({
            id: 'percent-encoding-stray-percent',
            span,
            message:
              '"%" is not followed by two hex digits, so it is compared as a literal "%". ' +
              'Browsers and crawlers send a percent sign in a URL as "%25": write "%25".',
            // The rule then matches URLs that carry a percent sign there: a change of what it matches.
            fixes: [{ title: 'Write "%25"', edits: [{ span, newText: '%25' }], preferred: true, takesEffect: true }],
          });
          continue;
        }
        const byte = parseInt(hex, 16);
        const escape = '%' + hex;
        const twice = byte === 0x25 ? /^[0-9A-Fa-f]{2}/.exec(pattern.slice(i + 3, i + 5))?.[0] : undefined;
        if (twice !== undefined) {
          // `%253D`: an escaped "%" then two hex digits, the escape "%3D" encoded again.
          const meant = '%' + twice.toUpperCase();
          const whole = { start: span.start, end: span.start + 5 };
          findings.push({
            id: 'percent-encoding-double',
            span: whole,
            message:
              `"%25${twice}" is "${meant}" percent-encoded twice ("%25" is "%"): the rule matches URLs that carry "%25${twice}", ` +
              `not the "${meant}" that links and crawlers usually send, so it likely misses the URLs meant. The author most likely meant "${meant}".`,
            fixes: [{ title: `Write "${meant}"`, edits: [{ span: whole, newText: meant }], preferred: true, takesEffect: true }],
          });
          i += 4;
          continue;
        }
        if (isUnreserved(byte)) {
          const plain = String.fromCharCode(byte);
          findings.push({
            id: 'percent-encoding-unreserved',
            span,
            message:
              `"${escape}" is an encoded "${plain}". RFC 9309 (and this tool) decode it, but Google's parser compares it literally, ` +
              `so for Googlebot this rule does not match URLs that contain a plain "${plain}" there. Write "${plain}".`,
            fixes: [{ title: `Write "${plain}"`, edits: [{ span, newText: plain }], preferred: true }],
          });
        } else if (hex !== hex.toUpperCase()) {
          const upper = '%' + hex.toUpperCase();
          findings.push({
            id: 'percent-encoding-lower-case',
            span,
            message: `"${escape}" is read as "${upper}": percent-escapes compare with upper-case hex. Write "${upper}".`,
            fixes: [{ title: `Write "${upper}"`, edits: [{ span, newText: upper }], preferred: true }],
          });
        }
        i += 2;
      } else if (c >= 0x80) {
        let end = i + 1;
        while (end < pattern.length && pattern.charCodeAt(end) >= 0x80) end++;
        const raw = pattern.slice(i, end);
        // Replacement characters and invalid bytes are the encoding check's to report.
        if (!BROKEN.test(raw)) {
          if (nonAscii === undefined) nonAscii = { start: i, end, example: raw };
          else nonAscii.end = end;
        }
        i = end - 1;
      }
    }
    // One finding per pattern for raw non-ASCII, however many characters: it is fine as it is.
    if (nonAscii) {
      const span = { start: base + nonAscii.start, end: base + nonAscii.end };
      const encoded = encodeNonAscii(pattern.slice(nonAscii.start, nonAscii.end));
      findings.push({
        id: 'percent-encoding-non-ascii',
        span,
        message:
          `Non-ASCII characters are matched as their UTF-8 octets ("${nonAscii.example}" as "${normalizePattern(nonAscii.example)}"), the way URLs carry them. ` +
          'Writing them percent-encoded means the same and reads the same in every tool.',
        fixes: [{ title: 'Percent-encode the non-ASCII characters', edits: [{ span, newText: encoded }] }],
      });
    }
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  file.orphanRules.forEach(checkRule);
  // One finding per kind of escape: a file writes its patterns one way, and one fix rewrites them all.
  findings.sort((a, b) => a.span.start - b.span.start);
  return RULES.flatMap(({ id }) => fold(file, findings.filter((f) => f.id === id), () => id, FOLDED[id]));
};

/** How the findings of each id read when folded into one. */
const FOLDED: Readonly<Record<(typeof RULES)[number]['id'], FoldWords>> = {
  'percent-encoding-stray-percent': {
    more: (n, lines) => `So ${n === 1 ? 'is 1 more "%"' : `are ${n} more`} (${lines}).`,
    fixTitle: (n) => `Write "%25" for the ${n} percent signs`,
  },
  'percent-encoding-unreserved': {
    more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'escape' : 'escapes'} of unreserved characters (${lines}).`,
    fixTitle: (n) => `Write the plain characters of the ${n} escapes`,
  },
  'percent-encoding-lower-case': {
    more: (n, lines) => `The same goes for ${n} more lower-case ${n === 1 ? 'escape' : 'escapes'} (${lines}).`,
    fixTitle: (n) => `Write the ${n} escapes in upper case`,
  },
  'percent-encoding-double': {
    more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'escape' : 'escapes'} encoded twice (${lines}).`,
    fixTitle: (n) => `Write the ${n} escapes once encoded`,
  },
  'percent-encoding-non-ascii': {
    more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'pattern' : 'patterns'} (${lines}).`,
    fixTitle: (n) => `Percent-encode the non-ASCII characters of the ${n} patterns`,
  },
};

/** Percent-encodes the runs of non-ASCII characters, leaving ASCII (and broken runs) as written. */
function encodeNonAscii(text: string): string {
  return text.replace(/[\u0080-\uffff]+/g, (run) => (BROKEN.test(run) ? run : normalizePattern(run)));
}
