/**
 * Who really made a request (docs/spec/robots-semantics.md §9). A User-Agent header is a claim; the claim is
 * *verified* when the address lies in the operator's published ranges or passes
 * forward-confirmed reverse DNS for the operator's domains, *spoofed* when it is checkable
 * and fails, *unverified* when nothing can check it. DNS enters through a small resolver
 * interface implemented in `server/src/node`, so the logic here stays pure.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import { formatIp, IpPrefixSet, parseIp, sameIp } from './ip';
import type { IpAddress } from './ip';
import { ownString } from './log-formats';
import type { IpRangeList } from './ranges';

export type VerificationStatus = 'verified' | 'spoofed' | 'unverified' | 'not-applicable';

/** What a verification result rests on; one object per (address, operator), shared by its records. */
export interface VerificationEvidence {
  readonly method: 'ip-ranges' | 'reverse-dns' | 'control-token' | 'none';
  /** One sentence a site owner can check by hand. */
  readonly detail: string;
  /** The lists consulted, with their dates. */
  readonly lists?: readonly { readonly name: string; readonly date: string | null }[];
  /** The published prefix the address lies in. */
  readonly prefix?: string;
  /** PTR names of the address. */
  readonly ptr?: readonly string[];
  /** The PTR name under the operator's domain that was resolved forward. */
  readonly hostname?: string;
  /** Addresses that name resolves to. */
  readonly forward?: readonly string[];
  /** A DNS failure that left the claim unchecked. */
  readonly error?: string;
}

export interface RequestVerification {
  readonly status: VerificationStatus;
  readonly evidence: VerificationEvidence | null;
}

/**
 * DNS as the verifier needs it. Implementations return `[]` when the name has no such
 * records (NXDOMAIN, NODATA) and throw on failures (timeouts, refused, SERVFAIL), which
 * leave a claim unverified rather than spoofed.
 */
export interface ReverseDnsResolver {
  /** PTR names of an address. */
  reverse(ip: string): Promise<readonly string[]>;
  /** A (family 4) or AAAA (family 6) addresses of a name. */
  resolve(hostname: string, family: 4 | 6): Promise<readonly string[]>;
}

export interface VerifierOptions {
  readonly ranges?: readonly IpRangeList[];
  /** Enables forward-confirmed reverse DNS for operators that document it. */
  readonly dns?: ReverseDnsResolver;
  /** Addresses remembered per operator; the cache is emptied when it grows past this. Default 200,000. */
  readonly cacheSize?: number;
}

interface RangeHit {
  readonly list: IpRangeList;
  readonly prefix: string;
}

interface OperatorCheck {
  readonly key: string;
  readonly prefixes: IpPrefixSet<RangeHit> | undefined;
  readonly lists: readonly IpRangeList[];
  readonly suffixes: readonly string[];
}

/** A crawler's check (shared by crawlers with the same lists and domains) and its own answers by address. */
interface CrawlerCheck {
  readonly check: OperatorCheck;
  /** Per crawler, not per shared check: an answer's sentence names the crawler it was asked for. */
  readonly cache: Map<string, RequestVerification | Promise<RequestVerification>>;
}

const NOT_APPLICABLE: RequestVerification = { status: 'not-applicable', evidence: null };

/**
 * Verifies crawler claims against the loaded lists and, when enabled, reverse DNS.
 * Results are cached per (address, crawler), so a log with millions of Googlebot lines costs
 * one check per distinct address (DNS answers are cached by the resolver, so crawlers sharing
 * an operator's domains ask about an address once).
 */
export class CrawlerVerifier {
  private readonly checks = new Map<string, OperatorCheck>();
  private readonly byCrawler = new Map<string, CrawlerCheck>();
  private readonly listsByToken = new Map<string, IpRangeList[]>();
  private readonly cacheSize: number;
  private cached = 0;

  constructor(private readonly options: VerifierOptions = {}) {
    this.cacheSize = options.cacheSize ?? 200_000;
    for (const list of options.ranges ?? []) {
      for (const token of list.crawlers) {
        const key = token.toLowerCase();
        const lists = this.listsByToken.get(key) ?? [];
        lists.push(list);
        this.listsByToken.set(key, lists);
      }
    }
  }

  /** Whether reverse DNS is enabled. */
  get usesDns(): boolean {
    return this.options.dns !== undefined;
  }

  /** Lists that vouch for this crawler. */
  listsFor(crawler: Crawler): readonly IpRangeList[] {
    return this.listsByToken.get(crawler.token.toLowerCase()) ?? [];
  }

  /** True when some check (a list, or reverse DNS with documented domains) exists for the crawler. */
  canCheck(crawler: Crawler): boolean {
    const check = this.checkFor(crawler).check;
    return check.prefixes !== undefined || (this.options.dns !== undefined && check.suffixes.length > 0);
  }

  /**
   * Verifies that a request from `ip` claiming `crawler` is genuine. Synchronous unless a
   * DNS lookup is needed for an address not seen before.
   */
  verify(ip: string, crawler: Crawler | undefined): RequestVerification | Promise<RequestVerification> {
    if (!crawler) return NOT_APPLICABLE;
    const { check, cache } = this.checkFor(crawler);
    const hit = cache.get(ip);
    if (hit !== undefined) return hit;
    if (this.cached >= this.cacheSize) {
      for (const c of this.byCrawler.values()) c.cache.clear();
      this.cached = 0;
    }
    const result = this.compute(ip, crawler, check);
    // The address may be a view into a big chunk of log text: the cache keeps a copy.
    cache.set(ownString(ip), result);
    this.cached++;
    if (result instanceof Promise) {
      void result.then((settled) => {
        if (cache.get(ip) === result) cache.set(ip, settled);
      });
    }
    return result;
  }

  private checkFor(crawler: Crawler): CrawlerCheck {
    const known = this.byCrawler.get(crawler.id);
    if (known) return known;
    const lists = this.listsFor(crawler);
    const suffixes = crawler.verification.reverseDnsSuffixes.map((s) => s.toLowerCase().replace(/^\.+|\.+$/g, ''));
    // Crawlers sharing the same lists and domains (Google's common crawlers) share one prefix set.
    const key = `${lists.map((l) => l.name).join(',')}|${suffixes.join(',')}|${crawler.controlToken ? 'control' : ''}`;
    let check = this.checks.get(key);
    if (!check) {
      let prefixes: IpPrefixSet<RangeHit> | undefined;
      if (lists.length > 0) {
        prefixes = new IpPrefixSet<RangeHit>();
        for (const list of lists) for (const p of list.prefixes) prefixes.add(p, { list, prefix: p.text });
      }
      check = { key, prefixes, lists, suffixes };
      this.checks.set(key, check);
    }
    const crawlerCheck = { check, cache: new Map() };
    this.byCrawler.set(crawler.id, crawlerCheck);
    return crawlerCheck;
  }

  private compute(ip: string, crawler: Crawler, check: OperatorCheck): RequestVerification | Promise<RequestVerification> {
    if (crawler.controlToken) {
      return {
        status: 'spoofed',
        evidence: {
          method: 'control-token',
          detail: `${crawler.token} is a usage-control token that never sends requests, so a request claiming it is suspicious.`,
        },
      };
    }
    const address = parseIp(ip);
    const listInfo = check.lists.map((l) => ({ name: l.name, date: l.creationTime }));
    if (check.prefixes && address) {
      const hit = check.prefixes.lookup(address);
      if (hit) {
        return {
          status: 'verified',
          evidence: {
            method: 'ip-ranges',
            detail: `${ip} lies in ${hit.prefix} of ${hit.list.name}${dated(hit.list.creationTime)}.`,
            lists: [{ name: hit.list.name, date: hit.list.creationTime }],
            prefix: hit.prefix,
          },
        };
      }
    }
    const dns = this.options.dns;
    if (dns && check.suffixes.length > 0 && address) {
      return forwardConfirmedReverseDns(address, ip, crawler, check.suffixes, dns, check.prefixes ? listInfo : undefined);
    }
    if (check.prefixes) {
      return {
        status: 'spoofed',
        evidence: {
          method: 'ip-ranges',
          detail: address
            ? `${ip} lies in none of the ${check.prefixes.size} prefixes ${crawler.operator} publishes for ${crawler.token} in ${listInfo.map((l) => l.name + dated(l.date)).join(' and ')}.`
            : `"${ip}" is not an IP address, so it cannot be ${crawler.operator}'s.`,
          lists: listInfo,
        },
      };
    }
    return { status: 'unverified', evidence: { method: 'none', detail: uncheckedReason(crawler, this.options.dns !== undefined) } };
  }
}

function dated(date: string | null): string {
  return date ? ` (dated ${date})` : ' (undated)';
}

/** Why a claim could not be checked, in one sentence. */
export function uncheckedReason(crawler: Crawler, dnsEnabled: boolean): string {
  const v = crawler.verification;
  if (v.ipRangeUrls.length === 0 && v.reverseDnsSuffixes.length === 0) {
    return `${crawler.operator} publishes no IP list or reverse DNS names for ${crawler.token}: ${v.method}`;
  }
  const parts: string[] = [];
  if (v.ipRangeUrls.length > 0) parts.push(`no IP list loaded for ${crawler.token} (expected ${v.ipRangeUrls.map((u) => u.slice(u.lastIndexOf('/') + 1)).join(' or ')})`);
  if (v.reverseDnsSuffixes.length > 0 && !dnsEnabled) parts.push(`reverse DNS verification is off (names under ${v.reverseDnsSuffixes.join(', ')})`);
  if (v.reverseDnsSuffixes.length === 0) parts.push(`${crawler.operator} documents no reverse DNS names`);
  return `Not checked: ${parts.join('; ')}.`;
}

/** True when `name` is `suffix` or ends with `.suffix` (case-insensitive, trailing dot ignored). */
export function hostnameUnder(name: string, suffix: string): boolean {
  const n = name.toLowerCase().replace(/\.$/, '');
  return n === suffix || n.endsWith('.' + suffix);
}

/**
 * Forward-confirmed reverse DNS: the address's PTR name must lie under one of the operator's
 * domains and resolve back to the same address. A PTR outside those domains, or none at all,
 * is a failed check (spoofed); a DNS failure leaves the claim unverified.
 */
export async function forwardConfirmedReverseDns(
  address: IpAddress,
  ip: string,
  crawler: Crawler,
  suffixes: readonly string[],
  dns: ReverseDnsResolver,
  listsTried?: readonly { name: string; date: string | null }[],
): Promise<RequestVerification> {
  const canonical = formatIp(address);
  const listNote = listsTried && listsTried.length > 0 ? ` It is also in none of ${listsTried.map((l) => l.name).join(', ')}.` : '';
  const extra = listsTried && listsTried.length > 0 ? { lists: listsTried } : {};
  let ptr: readonly string[];
  try {
    ptr = await dns.reverse(canonical);
  } catch (error) {
    return {
      status: 'unverified',
      evidence: { method: 'reverse-dns', detail: `Reverse DNS for ${ip} failed: ${messageOf(error)}.`, error: messageOf(error), ...extra },
    };
  }
  const names = ptr.map((n) => n.replace(/\.$/, ''));
  const candidates = names.filter((n) => suffixes.some((s) => hostnameUnder(n, s)));
  if (candidates.length === 0) {
    return {
      status: 'spoofed',
      evidence: {
        method: 'reverse-dns',
        detail:
          names.length === 0
            ? `${ip} has no PTR record, so it is not ${crawler.operator}'s (${crawler.token} resolves under ${suffixes.join(', ')}).${listNote}`
            : `${ip} reverses to ${names.join(', ')}, not a name under ${suffixes.join(', ')}.${listNote}`,
        ptr: names,
        ...extra,
      },
    };
  }
  const failures: string[] = [];
  let lastForward: readonly string[] = [];
  for (const hostname of candidates) {
    let forward: readonly string[];
    try {
      forward = await dns.resolve(hostname, address.family);
    } catch (error) {
      failures.push(`${hostname}: ${messageOf(error)}`);
      continue;
    }
    lastForward = forward;
    if (forward.some((a) => sameIp(a, canonical))) {
      return {
        status: 'verified',
        evidence: {
          method: 'reverse-dns',
          detail: `${ip} reverses to ${hostname}, which resolves back to ${ip}.`,
          ptr: names,
          hostname,
          forward,
        },
      };
    }
  }
  if (failures.length === candidates.length) {
    return {
      status: 'unverified',
      evidence: {
        method: 'reverse-dns',
        detail: `${ip} reverses to ${candidates.join(', ')}, but the forward lookup failed (${failures.join('; ')}).`,
        ptr: names,
        error: failures.join('; '),
        ...extra,
      },
    };
  }
  return {
    status: 'spoofed',
    evidence: {
      method: 'reverse-dns',
      detail: `${ip} reverses to ${candidates.join(', ')}, which does not resolve back to it (${lastForward.length > 0 ? lastForward.join(', ') : 'no addresses'}).${listNote}`,
      ptr: names,
      hostname: candidates[0]!,
      forward: lastForward,
      ...extra,
    },
  };
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
  }
  return String(error);
}
