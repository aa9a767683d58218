/**
 * Access-log lines and how they are read: the formats (detected from the first lines), a
 * parser per format, the line reader that cuts chunks into lines, the times they carry, and
 * the peek at a log's first request that orders rotated files.
 */
export { createLogParser, detectLogFormat, LOG_FORMATS, unescapeLogField } from './log-formats';
export type { FormatDetection, JsonFieldNames, LogFormat, LogLineParser, LogParserOptions, LogRequest } from './log-formats';
export { LogLineReader } from './log-lines';
export { isoTime, parseAnyTime, parseClfTime, parseDuration, snapshotTime } from './time';
export { peekFirstTime } from './peek';
export type { PeekedLog } from './peek';
