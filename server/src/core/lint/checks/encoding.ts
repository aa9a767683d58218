import type { Check, Finding } from '../types';

/** Replacement characters reported, like the parser's cap on invalid bytes. */
const MAX_REPLACEMENTS = 100;

/**
 * encoding: a byte order mark (harmless at the start: hint), invalid UTF-8 bytes, and
 * U+FFFD replacement characters — the trace of a file once decoded with the wrong encoding.
 * Text past the 500 KiB limit is left to size-limit.
 */
export const encoding: Check = ({ file }) => {
  const findings: Finding[] = [];
  const limit = file.lines.find((l) => l.beyondLimit)?.start ?? file.text.length;
  for (const problem of file.problems) {
    if (problem.span.start >= limit && problem.code !== 'bom') continue;
    if (problem.code === 'bom') {
      findings.push({ id: 'encoding', severity: 'hint', span: problem.span, message: problem.message });
    } else if (problem.code === 'invalid-utf8') {
      findings.push({ id: 'encoding', severity: 'warning', span: problem.span, message: problem.message });
    }
  }
  const text = file.text;
  let reported = 0;
  for (let i = text.indexOf('\ufffd'); i >= 0 && i < limit; i = text.indexOf('\ufffd', i)) {
    let end = i + 1;
    while (end < limit && text.charCodeAt(end) === 0xfffd) end++;
    findings.push({
      id: 'encoding',
      severity: 'warning',
      span: { start: i, end },
      message:
        'U+FFFD replacement character: the file was probably decoded with the wrong encoding and the original character is lost. ' +
        'Crawlers match it as the octets %EF%BF%BD.',
    });
    if (++reported >= MAX_REPLACEMENTS) break;
    i = end;
  }
  return findings;
};
