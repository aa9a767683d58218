/** One parser per log file, whatever its format. */

import { AlbParser } from './alb';
import { ClfParser } from './combined';
import { CLOUDFLARE_FIELDS, JsonParser } from './json';
import type { JsonFieldNames } from './json';
import type { LogFormat, LogLineParser } from './request';
import { W3cParser } from './w3c';

export interface LogParserOptions {
  readonly jsonFields?: JsonFieldNames;
}

/** A parser for one file (parsers of header-driven formats keep the header they last saw). */
export function createLogParser(format: LogFormat, options: LogParserOptions = {}): LogLineParser {
  switch (format) {
    case 'combined':
      return new ClfParser('combined');
    case 'common':
      return new ClfParser('common');
    case 'json':
      return new JsonParser('json', options.jsonFields ?? {});
    case 'cloudflare':
      return new JsonParser('cloudflare', { ...CLOUDFLARE_FIELDS, ...options.jsonFields });
    case 'w3c':
      return new W3cParser('w3c');
    case 'cloudfront':
      return new W3cParser('cloudfront');
    case 'alb':
      return new AlbParser();
  }
}
