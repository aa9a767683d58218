/** Which format a log file is in, judged from its first lines. */

import { createLogParser } from './parser';
import type { LogParserOptions } from './parser';
import type { LogFormat } from './request';

export interface FormatDetection {
  readonly format: LogFormat;
  /** Sample lines that parsed as requests in that format. */
  readonly matched: number;
  /** Sample lines looked at (blank lines and directives excluded). */
  readonly sampled: number;
}

/**
 * Picks the format that reads the most of a file's first lines: W3C/CloudFront by their
 * `#Fields` directive, JSON by its braces (Cloudflare by its field names), and otherwise
 * whichever of combined, common or ALB parses most lines (combined wins ties).
 */
export function detectLogFormat(lines: readonly string[], options: LogParserOptions = {}): FormatDetection {
  const content = lines.filter((l) => l.trim() !== '');
  const directives = content.filter((l) => l.startsWith('#'));
  const data = content.filter((l) => !l.startsWith('#'));
  const fieldsLine = directives.find((l) => /^#Fields:/i.test(l));
  const candidates: LogFormat[] = [];
  if (fieldsLine !== undefined || directives.some((l) => /^#(Version|Software):/i.test(l))) {
    candidates.push(fieldsLine !== undefined && /x-edge-location/i.test(fieldsLine) ? 'cloudfront' : 'w3c');
  } else if (data.length > 0 && data.filter((l) => l.trimStart().startsWith('{')).length * 2 >= data.length) {
    candidates.push(data.some((l) => /"(ClientRequestURI|ClientIP|EdgeStartTimestamp)"/.test(l)) ? 'cloudflare' : 'json');
  } else {
    candidates.push('combined', 'common', 'alb', 'cloudfront');
  }
  let best: FormatDetection = { format: candidates[0]!, matched: 0, sampled: data.length };
  for (const format of candidates) {
    const parser = createLogParser(format, options);
    let matched = 0;
    for (const line of content) {
      const result = parser.parse(line, 0, line.length);
      if (result !== null && typeof result !== 'string') matched++;
    }
    // A combined line also reads as common; common wins only with strictly more lines.
    if (matched > best.matched) best = { format, matched, sampled: data.length };
  }
  return best;
}
