/**
 * Colour for the reports the core formats as text (replay, fetch, check, diff): their
 * headings in bold and check's verdict in the colour `test` gives it. Only the look of a
 * line changes, never its text, so piped output and NO_COLOR read exactly as before.
 */

import { styled } from './output';
import type { LineStyle } from './output';

const VERDICT = /^( {2})(allowed|disallowed)( .*)?$/;

/** The title, section lines ending in a colon and the tables' header rows. */
export const replayStyle: LineStyle = (line, index) =>
  index === 0 || /^\S.*:$/.test(line) || /^(crawler|purpose) {2,}/.test(line) ? [styled('heading', line)] : undefined;

/** The title and "what crawlers do". */
export const fetchStyle: LineStyle = (line, index) => (index === 0 || line === 'what crawlers do' ? [styled('heading', line)] : undefined);

/** The URL asked about, the Crawling and Indexing sections, and the crawl verdict. */
export const checkStyle: LineStyle = (line, index) => {
  if (index === 0 || /^(Crawling|Indexing) \(/.test(line)) return [styled('heading', line)];
  const verdict = VERDICT.exec(line);
  return verdict ? [verdict[1]!, styled(verdict[2] as 'allowed' | 'disallowed', verdict[2]!), verdict[3] ?? ''] : undefined;
};

/** The title and each unindented line: the crawlers a change concerns, and the sections. */
export const diffStyle: LineStyle = (line) => (line !== '' && !line.startsWith(' ') ? [styled('heading', line)] : undefined);
