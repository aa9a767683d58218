/**
 * Whether a file is not robots.txt text at all, so that checks of single lines keep quiet
 * and one finding says why: an HTML page (looks-like-html), UTF-16, which crawlers read as
 * UTF-8 and find no line of in, or gzip-compressed data (encoding-invalid). Not a check itself.
 */

import type { RobotsFile } from '@robots-lens/kernel/parse';

/** Characters looked at to tell UTF-16 from UTF-8. */
const SAMPLE = 4096;

/** The file is an HTML page, as the parser found. */
export function isHtmlPage(file: RobotsFile): boolean {
  return file.problems.some((p) => p.code === 'looks-like-html');
}

/**
 * The file is UTF-16 read as UTF-8: every other byte of ASCII text is 0, so a quarter or
 * more of its characters are U+0000 (no robots.txt has any).
 */
export function isUtf16(file: RobotsFile): boolean {
  const text = file.text;
  const end = Math.min(text.length, SAMPLE);
  if (end < 8) return false;
  let nul = 0;
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 0) nul++;
  return nul * 4 >= end;
}

/** The file starts with the gzip magic bytes 1F 8B (the second kept as its surrogate escape, see parse/decode). */
export function isGzip(file: RobotsFile): boolean {
  return file.text.charCodeAt(0) === 0x1f && file.text.charCodeAt(1) === 0xdc8b;
}
