/**
 * `--resolve HOST:PORT:ADDRESS`, as curl takes it: a host and port answered from a given
 * address instead of DNS, the URL (and so the Host header and TLS name) unchanged. Surveys
 * are tested this way against one local server, and a user can ask a CDN's edge directly.
 * The address guard still judges the address, as it judges one DNS gives.
 */

import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { PRIVATE_ADDRESS_CODE } from './address-guard';
import type { AddressGuard } from './address-guard';
import { InputError } from './files';

/** `host:port` (host lower-cased) → address. */
export type PinnedHosts = ReadonlyMap<string, string>;

/** Reads `HOST:PORT:ADDRESS` values; an unusable one is an input error naming it. */
export function parsePinnedHosts(values: readonly string[]): PinnedHosts {
  const pinned = new Map<string, string>();
  for (const value of values) {
    const match = /^([^:\s]+):(\d{1,5}):(\S+)$/.exec(value);
    const address = match ? match[3]!.replace(/^\[(.*)\]$/, '$1') : '';
    const port = match ? Number(match[2]) : 0;
    if (!match || isIP(address) === 0 || port < 1 || port > 65_535) {
      throw new InputError(`--resolve "${value}" is not HOST:PORT:ADDRESS (e.g. example.com:443:127.0.0.1).`);
    }
    pinned.set(`${match[1]!.toLowerCase()}:${port}`, address);
  }
  return pinned;
}

/** The pinned address of `url`'s host and port, if any. */
export function pinnedAddress(pinned: PinnedHosts | undefined, url: URL): string | undefined {
  if (pinned === undefined || pinned.size === 0) return undefined;
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return pinned.get(`${host.toLowerCase()}:${port}`);
}

/** A `lookup` that answers with `address`, unless the guard refuses it. */
export function pinnedLookup(guard: AddressGuard, address: string): LookupFunction {
  return (_hostname, options, callback) => {
    const refusal = guard.refusal(address);
    if (refusal !== undefined) {
      callback(Object.assign(new Error(refusal), { code: PRIVATE_ADDRESS_CODE }), '', 4);
      return;
    }
    const family = isIP(address);
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
