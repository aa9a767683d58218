// A small combined-format access log whose user agents and paths are markup and script: the
// replay panel must show every one of them as text and run none of them. The payloads set
// window.__pwned or call alert(), so a payload that ran is seen either way.
import { writeFileSync } from 'node:fs';

/** @typedef {{ path: string, userAgent: string }} HostileRequest */

const PAYLOADS = {
  script: '<script>window.__pwned=1</script>',
  img: '<img src=x onerror="window.__pwned=1">',
  svg: '"><svg/onload=window.__pwned=1>',
  alert: '<img src=x onerror=alert(document.domain)>',
  iframe: '<iframe src="javascript:window.__pwned=1"></iframe>',
};

/**
 * The requests as the replay reads them back. Paths have no spaces, which a request line cannot
 * carry; a double quote or backslash in one is escaped in the log as in a user agent.
 * @type {readonly HostileRequest[]}
 */
export const HOSTILE_REQUESTS = [
  { path: '/', userAgent: PAYLOADS.script },
  // A real crawler token inside the markup: the request is still judged (GPTBot, line 74).
  { path: '/blog/', userAgent: `Mozilla/5.0 (compatible; GPTBot/1.2; ${PAYLOADS.img})` },
  { path: `/search?q=${PAYLOADS.script}`, userAgent: PAYLOADS.svg },
  { path: "/'><img/src=x/onerror=window.__pwned=1>", userAgent: PAYLOADS.alert },
  { path: '/<svg/onload=alert(1)>', userAgent: PAYLOADS.iframe },
  // Logged as `\"` and `\\`: the replay must show the path as sent, quote and backslash included.
  { path: '/search?q="><svg/onload=window.__pwned=1>&dir=C:\\temp', userAgent: PAYLOADS.img },
];

/** Apache's escaping inside a quoted field of the combined format. @param {string} value */
const quoted = (value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Writes the log to `file`, one combined-format line per request. @param {string} file */
export function writeHostileLog(file) {
  const lines = HOSTILE_REQUESTS.map(({ path, userAgent }, i) =>
    `203.0.113.${i + 1} - - [23/Nov/2026:10:00:0${i} +0000] ${quoted(`GET ${path} HTTP/1.1`)} 200 512 "-" ${quoted(userAgent)}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
}
