/**
 * Access-log formats → `LogRequest`. Each format has one parser; `detectLogFormat` picks a
 * file's format from its first lines. Parsers never throw: a line is a request, a reason it
 * is not one (counted and sampled by the replay), or `null` for lines that carry no request
 * by design (blank lines, W3C `#` directives).
 *
 * One file per format family: `combined.ts` (Apache/nginx combined and common, the hot path
 * of a replay), `json.ts` (JSON lines, Cloudflare), `w3c.ts` (IIS, CloudFront), `alb.ts` (AWS
 * load balancers); `detection.ts` picks one, `interning.ts` shares repeated strings and
 * `unescape.ts` reads Apache/nginx escapes.
 */

export { LOG_FORMATS } from './request';
export type { LogFormat, LogRequest } from './request';
export { createLogParser } from './parser';
export type { LogParserOptions } from './parser';
export type { ClfFields, LogLineParser } from './request';
export { clfRequest, clfTarget } from './combined';
export type { JsonFieldNames } from './json';
export { detectLogFormat } from './detection';
export type { FormatDetection } from './detection';
export { ownString, StringInterner } from './interning';
export { unescapeLogField } from './unescape';
