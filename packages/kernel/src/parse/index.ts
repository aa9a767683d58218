export { parseRobots } from './parse';
export { decodeRobotsBytes, decodeUtf8Lossless, utf8SequenceLength } from './decode';
export { CANONICAL_KEY, readKey } from './keys';
export { crawlDelayLines, isValidCrawlDelay } from './crawl-delay';
export { statementText } from './statement';
export type { GroupDirective, KeyReading } from './keys';
export * from './model';
