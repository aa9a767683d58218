import { normalizePattern } from '@robots-lens/kernel/encoding';
import type { Rule } from '@robots-lens/kernel/parse';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { canonicalRule } from './audience';

export const RULES = [
  { id: 'pattern-mojibake', title: 'UTF-8 encoded twice', description: 'A pattern with "Ã©" where "é" was meant (or "%C3%83%C2%A9" for "%C3%A9"): its UTF-8 was read as Latin-1 and encoded again, so it does not match the URLs the author meant.' },
] as const satisfies readonly RuleDescription<string>[];

/** Runs that may be UTF-8 read as Latin-1: raw characters U+0080–U+00FF, or their escapes %C2…%C3 and %80…%BF. */
const RAW_RUN = /[\u00c2-\u00f4][\u0080-\u00bf][\u0080-\u00ff]*/g;
const ESCAPED_RUN = /(?:%[0-9A-Fa-f]{2}){4,}/g;

/**
 * pattern-mojibake: UTF-8 encoded twice (`Ã­` for `í`, `%C3%83%C2%AD` for `%C3%AD`). Read
 * as bytes, such a run is valid UTF-8 whose characters all lie in U+0080–U+00FF — Latin-1
 * bytes of a second valid UTF-8 sequence, the one meant. Crawlers request the character
 * meant, which the pattern does not match. The fix writes the form meant, in the style of
 * the pattern (raw or percent-encoded); copies are one finding.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    const pattern = rule.pattern;
    if (!/[\u0080-\u00ff]|%[Cc][2-3]/.test(pattern)) return;
    const line = file.lines[rule.line];
    const span = line?.valueSpan;
    if (!span || line.beyondLimit) return;
    // Each run written, and the characters meant.
    const runs: Array<{ written: string; meant: string }> = [];
    const fixed = pattern
      .replace(RAW_RUN, (run) => {
        const meant = latin1AsUtf8(run);
        if (meant === undefined) return run;
        runs.push({ written: run, meant });
        return meant;
      })
      .replace(ESCAPED_RUN, (run) => {
        const chars = utf8(bytesOf(run));
        const meant = chars === undefined ? undefined : latin1AsUtf8(chars);
        if (meant === undefined) return run;
        runs.push({ written: run, meant });
        // Written percent-encoded, so meant percent-encoded: the UTF-8 octets of the characters.
        return normalizePattern(meant);
      });
    const first = runs[0];
    if (!first) return;
    findings.push({
      id: 'pattern-mojibake',
      span,
      message:
        `"${canonicalRule(rule)}" looks like UTF-8 encoded twice: "${first.written}" is "${first.meant}" whose UTF-8 bytes were read as characters and encoded again. ` +
        `Crawlers request "${first.meant}" as "${normalizePattern(first.meant)}", which this rule does not match. The author most likely meant "${fixed}".`,
      fixes: [{ title: `Write "${fixed}"`, edits: [{ span, newText: fixed }], preferred: true, takesEffect: true }],
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  return fold(file, findings, (f) => f.id, {
    more: (n, lines) => `So ${n === 1 ? 'does 1 more pattern' : `do ${n} more patterns`} (${lines}).`,
    fixTitle: (n) => `Write the ${n} patterns as meant`,
  });
};

/** The text meant, when `text` is UTF-8 whose bytes were read as Latin-1 characters; else undefined. */
function latin1AsUtf8(text: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return undefined;
    bytes.push(c);
  }
  const meant = utf8(bytes);
  return meant !== undefined && /[\u0080-\u{10ffff}]/u.test(meant) ? meant : undefined;
}

/** `%C3%83%C2%A9` → its bytes. */
function bytesOf(escapes: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < escapes.length; i += 3) bytes.push(parseInt(escapes.slice(i + 1, i + 3), 16));
  return bytes;
}

/** Strict UTF-8 decoding (shortest forms, no surrogates); undefined when the bytes are not UTF-8. */
function utf8(bytes: readonly number[]): string | undefined {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need > bytes.length - 1) return undefined;
    let cp = need === 0 ? b : b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (c & 0x3f);
    }
    if ((need === 2 && cp < 0x800) || (need === 3 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}
