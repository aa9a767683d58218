/** JSON lines (nginx/Caddy/Traefik/ECS JSON, Cloudflare Logpush). */

import { parseAnyTime } from '../time';
import type { LogLineParser, LogRequest } from './request';

/** Field names (dotted paths allowed) of a JSON-lines log; unset ones are guessed from common names. */
export interface JsonFieldNames {
  readonly time?: string;
  readonly ip?: string;
  readonly method?: string;
  readonly url?: string;
  /** A whole request line (`GET /x HTTP/1.1`), used when there is no separate method/url. */
  readonly request?: string;
  readonly status?: string;
  readonly userAgent?: string;
  readonly host?: string;
  /** The response's X-Robots-Tag header (page-level directives, reported per request). */
  readonly xRobotsTag?: string;
}

export const CLOUDFLARE_FIELDS: JsonFieldNames = {
  time: 'EdgeStartTimestamp',
  ip: 'ClientIP',
  method: 'ClientRequestMethod',
  url: 'ClientRequestURI',
  status: 'EdgeResponseStatus',
  userAgent: 'ClientRequestUserAgent',
  host: 'ClientRequestHost',
};

const JSON_CANDIDATES: Readonly<Record<keyof JsonFieldNames, readonly string[]>> = {
  time: ['time', 'timestamp', '@timestamp', 'time_iso8601', 'time_local', 'datetime', 'date', 'ts', 'msec', 'start_time', 'EdgeStartTimestamp', 'request_time_iso'],
  ip: ['remote_addr', 'client_ip', 'clientip', 'clientIp', 'ClientIP', 'remote_ip', 'remoteIp', 'ip', 'client', 'c-ip', 'source.ip', 'client.ip', 'client.address', 'request.remote_ip'],
  method: ['request_method', 'method', 'verb', 'http_method', 'ClientRequestMethod', 'http.request.method', 'request.method'],
  url: ['request_uri', 'requestUri', 'ClientRequestURI', 'url.original', 'uri', 'url', 'path', 'request.uri', 'request_url'],
  request: ['request', 'request_line', 'requestLine'],
  status: ['status', 'status_code', 'statusCode', 'response_code', 'EdgeResponseStatus', 'http.response.status_code', 'response', 'sc-status'],
  userAgent: ['http_user_agent', 'user_agent', 'userAgent', 'ClientRequestUserAgent', 'user_agent.original', 'http.user_agent', 'agent', 'ua', 'useragent', 'request.headers.User-Agent'],
  host: ['host', 'http_host', 'server_name', 'ClientRequestHost', 'vhost', 'request.host', 'url.domain'],
  xRobotsTag: ['x_robots_tag', 'xRobotsTag', 'sent_http_x_robots_tag', 'http_x_robots_tag', 'X-Robots-Tag', 'response.headers.X-Robots-Tag'],
};

type FieldKey = keyof JsonFieldNames;
const FIELD_KEYS: readonly FieldKey[] = ['time', 'ip', 'method', 'url', 'request', 'status', 'userAgent', 'host', 'xRobotsTag'];

function getPath(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  if (!path.includes('.')) return undefined;
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const obj = value as Record<string, unknown>;
    if (!Object.hasOwn(obj, part)) return undefined;
    value = obj[part];
  }
  return value;
}

export class JsonParser implements LogLineParser {
  /** Field paths chosen for this file: configured ones, else the first common name present. */
  private resolved: Partial<Record<FieldKey, string>> | undefined;

  constructor(
    readonly format: 'json' | 'cloudflare',
    private readonly fields: JsonFieldNames,
  ) {}

  parse(text: string, start: number, end: number): LogRequest | string | null {
    const line = text.slice(start, end).trim();
    if (line === '') return null;
    if (line.charCodeAt(0) !== 0x7b) return 'not a JSON object';
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return 'invalid JSON';
    }
    if (typeof record !== 'object' || record === null || Array.isArray(record)) return 'not a JSON object';
    const obj = record as Record<string, unknown>;
    const paths = this.resolved ?? this.resolve(obj);
    const get = (key: FieldKey): unknown => {
      const path = paths[key];
      return path === undefined ? undefined : getPath(obj, path);
    };
    const time = parseAnyTime(get('time'));
    if (Number.isNaN(time)) return `no readable time field${paths.time ? ` (${paths.time})` : ''}`;
    const ip = asText(get('ip'));
    if (ip === '') return `no client address field${paths.ip ? ` (${paths.ip})` : ''}`;
    let method = asText(get('method'));
    let url = asText(get('url'));
    if (url === '' || method === '') {
      const request = asText(get('request'));
      const parts = request.split(' ');
      if (parts.length >= 2) {
        if (method === '') method = parts[0]!;
        if (url === '') url = parts.length >= 3 ? parts.slice(1, -1).join(' ') : parts[1]!;
      }
    }
    if (url === '') return 'no request target field';
    if (method === '') method = 'GET';
    const query = typeof obj.args === 'string' && obj.args !== '' && !url.includes('?') && paths.url === 'uri' ? `?${obj.args}` : '';
    const statusValue = get('status');
    const status = typeof statusValue === 'number' ? statusValue : /^\d+$/.test(asText(statusValue)) ? Number(asText(statusValue)) : null;
    const hostText = asText(get('host'));
    const request: LogRequest = { time, ip, method, url: url + query, status, userAgent: asText(get('userAgent')), host: hostText === '' ? null : hostText };
    const xRobotsTag = asText(get('xRobotsTag'));
    return xRobotsTag === '' ? request : { ...request, xRobotsTag };
  }

  private resolve(obj: Record<string, unknown>): Partial<Record<FieldKey, string>> {
    const paths: Partial<Record<FieldKey, string>> = {};
    for (const key of FIELD_KEYS) {
      const configured = this.fields[key];
      if (configured !== undefined) {
        paths[key] = configured;
        continue;
      }
      const found = JSON_CANDIDATES[key].find((candidate) => getPath(obj, candidate) !== undefined);
      if (found !== undefined) paths[key] = found;
    }
    // Keep guessing on later lines until the essentials are found, then fix the choice.
    if (paths.time !== undefined && paths.ip !== undefined && (paths.url !== undefined || paths.request !== undefined)) this.resolved = paths;
    return paths;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
