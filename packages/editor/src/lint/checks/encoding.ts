import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { lineSpan } from '../text';
import { isGzip, isUtf16 } from './unreadable';

export const RULES = [
  { id: 'encoding-bom', title: 'Byte order mark at the start', description: 'A byte order mark at the start of the file is harmless: crawlers skip it.' },
  { id: 'encoding-invalid', title: 'Invalid UTF-8 or lost characters', description: 'Invalid UTF-8 bytes are compared as raw octets; U+FFFD replacement characters mean the file was decoded with the wrong encoding and the original characters are lost; a UTF-16 file has no line crawlers can read.' },
] as const satisfies readonly RuleDescription<string>[];

/** Replacement characters reported, like the parser's cap on invalid bytes. */
const MAX_REPLACEMENTS = 100;

/**
 * encoding-bom: a byte order mark at the start, which is harmless. encoding-invalid: invalid
 * UTF-8 bytes, and U+FFFD replacement characters — the trace of a file once decoded with the
 * wrong encoding. Text past the 500 KiB limit is left to size-limit-file.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  if (isGzip(file)) {
    return [
      {
        id: 'encoding-invalid',
        span: lineSpan(file, 0),
        message: 'This file is gzip-compressed data, not text: served as it is, crawlers find no User-agent line and no rule in it. Save it uncompressed.',
      },
    ];
  }
  if (isUtf16(file)) {
    // Every line is unreadable for one reason: say it once, at the start.
    return [
      {
        id: 'encoding-invalid',
        span: lineSpan(file, 0),
        message: 'This file is UTF-16 (every other byte is 0). Crawlers read robots.txt as UTF-8, so they find no User-agent line and no rule in it: save it as UTF-8.',
      },
    ];
  }
  const findings: Report<typeof RULES>[] = [];
  const limit = file.lines.find((l) => l.beyondLimit)?.start ?? file.text.length;
  for (const problem of file.problems) {
    if (problem.span.start >= limit && problem.code !== 'bom') continue;
    if (problem.code === 'bom') {
      findings.push({ id: 'encoding-bom', span: problem.span, message: problem.message });
    } else if (problem.code === 'invalid-utf8') {
      findings.push({ id: 'encoding-invalid', span: problem.span, message: problem.message });
    }
  }
  const text = file.text;
  let reported = 0;
  for (let i = text.indexOf('\ufffd'); i >= 0 && i < limit; i = text.indexOf('\ufffd', i)) {
    let end = i + 1;
    while (end < limit && text.charCodeAt(end) === 0xfffd) end++;
    findings.push({
      id: 'encoding-invalid',
      span: { start: i, end },
      message:
        'U+FFFD replacement character: the file was probably decoded with the wrong encoding and the original character is lost. ' +
        'Crawlers match it as the octets %EF%BF%BD.',
    });
    if (++reported >= MAX_REPLACEMENTS) break;
    i = end;
  }
  // One cause, one finding: the file was saved in another encoding.
  return fold(file, findings, (f) => (f.id !== 'encoding-invalid' ? undefined : f.message.startsWith('Invalid UTF-8 byte') ? 'invalid bytes' : f.message), {
    more: (n, lines) => `The same goes for ${n} more ${n === 1 ? 'place' : 'places'} (${lines}).`,
  });
};
