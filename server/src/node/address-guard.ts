/**
 * Which addresses a fetch may connect to. A public site must not redirect the fetcher into
 * the machine's own network (loopback, private, link-local addresses): that would let any
 * robots.txt or page probe services behind the firewall. A fetch that starts on such an
 * address (a local test server, an intranet site) may stay there.
 */

import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The error code of a connection refused by the guard. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';

/** How an address is classed: ipaddr.js range names, where only `unicast` is public. */
export type AddressRange = (address: string) => string;

export const ipRange: AddressRange = (address) => {
  try {
    return ipaddr.process(address).range();
  } catch {
    return 'invalid';
  }
};

/** One fetch's guard: the first connection decides whether private addresses are in bounds. */
export class AddressGuard {
  private startedPublic: boolean | undefined;

  constructor(private readonly rangeOf: AddressRange = ipRange) {}

  /** Whether the first address used was public: then private ones are refused. */
  get startedOnPublic(): boolean {
    return this.startedPublic === true;
  }

  /**
   * Starts the guard where a document already fetched came from (the robots.txt whose
   * `Sitemap:` lines are read): a public host's lines then never reach a private address.
   */
  async startAt(hostname: string): Promise<void> {
    if (this.startedPublic !== undefined) return;
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    if (isIP(host)) {
      this.refusal(host);
      return;
    }
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
    // Any public address means the document may have come from the public network.
    const first = addresses.find((a) => this.rangeOf(a.address) === 'unicast') ?? addresses[0];
    if (first !== undefined && this.startedPublic === undefined) this.refusal(first.address);
  }

  /** Why `address` is out of bounds for this fetch, or undefined when it may be used. */
  refusal(address: string): string | undefined {
    const range = this.rangeOf(address);
    const isPublic = range === 'unicast';
    if (this.startedPublic === undefined) {
      this.startedPublic = isPublic;
      return undefined;
    }
    if (this.startedPublic && !isPublic) {
      return `${address} is a ${describeRange(range)} address, and the fetch started on a public one (redirects are followed into private networks only when the original URL is itself private)`;
    }
    return undefined;
  }

  /** The refusal for a URL whose host is an address literal (no lookup happens for those). */
  refusalForHost(hostname: string): string | undefined {
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    return isIP(host) ? this.refusal(host) : undefined;
  }

  /** A `lookup` for `http.request` that drops the addresses the guard refuses. */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const refusals: string[] = [];
      const allowed = addresses.filter((a) => {
        const refusal = this.refusal(a.address);
        if (refusal !== undefined) refusals.push(refusal);
        return refusal === undefined;
      });
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(refusals[0] ?? `${hostname} has no address`), { code: refusals.length > 0 ? PRIVATE_ADDRESS_CODE : 'ENOTFOUND' });
        callback(refused, '', 4);
        return;
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      else callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function describeRange(range: string): string {
  switch (range) {
    case 'loopback':
      return 'loopback';
    case 'private':
    case 'uniqueLocal':
      return 'private';
    case 'linkLocal':
      return 'link-local';
    case 'unspecified':
      return 'unspecified';
    default:
      return `non-public (${range})`;
  }
}
