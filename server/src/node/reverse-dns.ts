/**
 * The replay's `ReverseDnsResolver` on `node:dns/promises`: a private `Resolver` (its own
 * servers, e.g. 127.0.0.1:5353 in tests), rate-limited and with at most a few queries in
 * flight, every answer (and failure) cached for the run so an address is asked about once.
 */

import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parseIp, reverseName } from '@robots-lens/replay/identity';
import type { ReverseDnsResolver } from '@robots-lens/replay/identity';
import { InputError } from './files';

export interface DnsResolverOptions {
  /** `host:port`, `[v6]:port` or a bare host; default: the system's resolvers. */
  readonly server?: string;
  /** Per-query timeout, ms. Default 2,000. */
  readonly timeoutMs?: number;
  /** Attempts per query. Default 2. */
  readonly tries?: number;
  /** Query starts per second. Default 50. */
  readonly maxQueriesPerSecond?: number;
  /** Queries in flight. Default 8. */
  readonly maxConcurrent?: number;
}

/** Validates `host:port` and returns it in the form `Resolver.setServers` takes. */
export function parseDnsServer(text: string): string {
  const t = text.trim();
  let host = t;
  let port: string | undefined;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(t);
  if (bracket) {
    host = bracket[1]!;
    port = bracket[2];
  } else if (t.split(':').length === 2) {
    [host, port] = t.split(':') as [string, string];
  }
  if (isIP(host) === 0) throw new InputError(`--dns-server: "${text}" is not an IP address with an optional port (e.g. 127.0.0.1:5353).`);
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) < 65536)) {
    throw new InputError(`--dns-server: "${port}" is not a port number.`);
  }
  const hostPart = isIP(host) === 6 ? `[${host}]` : host;
  return port === undefined ? host : `${hostPart}:${port}`;
}

/** Codes meaning "no such records": a definite answer, not a failure. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

export class NodeReverseDnsResolver implements ReverseDnsResolver {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, Promise<readonly string[]>>();
  private readonly interval: number;
  private readonly maxConcurrent: number;
  private nextStart = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Queries actually sent (cache misses). */
  queries = 0;

  constructor(options: DnsResolverOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
    if (options.server !== undefined) this.resolver.setServers([parseDnsServer(options.server)]);
    this.interval = 1000 / Math.max(0.001, options.maxQueriesPerSecond ?? 50);
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 8);
  }

  reverse(ip: string): Promise<readonly string[]> {
    const address = parseIp(ip);
    if (!address) return Promise.reject(new Error(`"${ip}" is not an IP address`));
    // A PTR query rather than Resolver.reverse(): reverse() reports SERVFAIL as ENOTFOUND,
    // and a failure must not read as "no PTR record" (that would call the request spoofed).
    const name = reverseName(address);
    return this.cached(`PTR ${name}`, () => this.resolver.resolvePtr(name));
  }

  resolve(hostname: string, family: 4 | 6): Promise<readonly string[]> {
    return family === 4
      ? this.cached(`A ${hostname.toLowerCase()}`, () => this.resolver.resolve4(hostname))
      : this.cached(`AAAA ${hostname.toLowerCase()}`, () => this.resolver.resolve6(hostname));
  }

  /** Stops queries in flight (they fail) so a cancelled replay does not wait for timeouts. */
  cancel(): void {
    this.resolver.cancel();
  }

  private cached(key: string, query: () => Promise<string[]>): Promise<readonly string[]> {
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.limited(query);
      this.cache.set(key, answer);
    }
    return answer;
  }

  private async limited(query: () => Promise<string[]>): Promise<readonly string[]> {
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + this.interval;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
    while (this.active >= this.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    this.queries++;
    try {
      return await query();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (typeof code === 'string' && NO_RECORDS.has(code)) return [];
      throw error;
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}
