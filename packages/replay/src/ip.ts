/**
 * IP addresses and CIDR prefixes, pure and small: enough to answer "is this logged address
 * inside one of the operator's published prefixes?" for IPv4 and IPv6. IPv4-mapped IPv6
 * (`::ffff:66.249.66.1`, as Node servers log IPv4 clients) is read as the IPv4 address.
 */

/** An address as 32-bit words: one for IPv4, four for IPv6 (most significant first). */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly words: readonly number[];
}

/** A CIDR prefix, host bits cleared. */
export interface IpPrefix {
  readonly family: 4 | 6;
  readonly words: readonly number[];
  readonly bits: number;
  /** The prefix as written in the list. */
  readonly text: string;
}

/**
 * Reads an IPv4 or IPv6 address as it appears in logs: brackets, a zone id (`%eth0`) and
 * surrounding spaces are tolerated. Undefined when the text is not an address.
 */
export function parseIp(input: string): IpAddress | undefined {
  let text = input.trim();
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return undefined;
    text = text.slice(1, close);
  }
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (text.includes(':')) return parseIpv6(text);
  const v4 = parseIpv4(text);
  return v4 === undefined ? undefined : { family: 4, words: [v4] };
}

function parseIpv4(text: string): number | undefined {
  let value = 0;
  let parts = 0;
  let i = 0;
  const n = text.length;
  while (parts < 4) {
    const start = i;
    let octet = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      octet = octet * 10 + (c - 0x30);
      i++;
    }
    const digits = i - start;
    // Leading zeros are refused: `010` means octal to some parsers and decimal to others.
    if (digits === 0 || digits > 3 || octet > 255 || (digits > 1 && text.charCodeAt(start) === 0x30)) return undefined;
    value = value * 256 + octet;
    parts++;
    if (parts < 4) {
      if (text.charCodeAt(i) !== 0x2e) return undefined;
      i++;
    }
  }
  return i === n ? value >>> 0 : undefined;
}

function parseIpv6(text: string): IpAddress | undefined {
  const double = text.indexOf('::');
  if (double >= 0 && text.indexOf('::', double + 1) >= 0) return undefined;
  const head = double >= 0 ? text.slice(0, double) : text;
  const tail = double >= 0 ? text.slice(double + 2) : '';
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === '' ? [] : tail.split(':');
  const groups: number[] = [];
  const readGroups = (list: string[], out: number[], allowV4Last: boolean): boolean => {
    for (let k = 0; k < list.length; k++) {
      const g = list[k]!;
      if (allowV4Last && k === list.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (v4 === undefined) return false;
        out.push(v4 >>> 16, v4 & 0xffff);
        continue;
      }
      if (!/^[0-9A-Fa-f]{1,4}$/.test(g)) return false;
      out.push(parseInt(g, 16));
    }
    return true;
  };
  const headOut: number[] = [];
  const tailOut: number[] = [];
  if (!readGroups(headGroups, headOut, double < 0)) return undefined;
  if (!readGroups(tailGroups, tailOut, true)) return undefined;
  if (double >= 0) {
    const missing = 8 - headOut.length - tailOut.length;
    if (missing < 1) return undefined;
    groups.push(...headOut);
    for (let k = 0; k < missing; k++) groups.push(0);
    groups.push(...tailOut);
  } else {
    groups.push(...headOut);
  }
  if (groups.length !== 8) return undefined;
  const words = [0, 1, 2, 3].map((k) => ((groups[2 * k]! << 16) | groups[2 * k + 1]!) >>> 0);
  // IPv4-mapped IPv6 is the IPv4 client itself.
  if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return { family: 4, words: [words[3]!] };
  return { family: 6, words };
}

/** Canonical text of an address: dotted IPv4, RFC 5952 IPv6 (lower case, longest zero run as `::`). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) {
    const w = ip.words[0]!;
    return `${w >>> 24}.${(w >>> 16) & 255}.${(w >>> 8) & 255}.${w & 255}`;
  }
  const groups: number[] = [];
  for (const w of ip.words) groups.push(w >>> 16, w & 0xffff);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** True when two texts are the same address (`2001:DB8::1` = `2001:db8:0:0::1`). */
export function sameIp(a: string, b: string): boolean {
  const x = parseIp(a);
  const y = parseIp(b);
  if (!x || !y || x.family !== y.family) return false;
  return x.words.every((w, i) => w === y.words[i]);
}

/**
 * Reads `a.b.c.d/n` or `x:y::/n`; a bare address is a single-address prefix. Host bits set
 * beyond the prefix are cleared (published lists sometimes carry them).
 */
export function parseCidr(input: string): IpPrefix | undefined {
  const text = input.trim();
  const slash = text.indexOf('/');
  const address = parseIp(slash >= 0 ? text.slice(0, slash) : text);
  if (!address) return undefined;
  // `::ffff:1.2.3.0/120` names IPv4 space: its length counts from the start of the IPv6 address.
  const mappedV6 = address.family === 4 && text.slice(0, slash >= 0 ? slash : undefined).includes(':');
  const max = address.family === 4 ? 32 : 128;
  let bits = max;
  if (slash >= 0) {
    const lengthText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(lengthText)) return undefined;
    bits = Number(lengthText);
    if (mappedV6) bits -= 96;
    if (bits < 0 || bits > max) return undefined;
  }
  return { family: address.family, words: maskWords(address.words, bits), bits, text };
}

function maskWords(words: readonly number[], bits: number): number[] {
  return words.map((w, i) => {
    const keep = Math.max(0, Math.min(32, bits - 32 * i));
    if (keep === 0) return 0;
    if (keep === 32) return w >>> 0;
    return (w & (0xffffffff << (32 - keep))) >>> 0;
  });
}

/**
 * A set of prefixes, each carrying a value, answering longest-match lookups in one hash
 * lookup per distinct prefix length (published lists use a handful of lengths), so a
 * 5,000-prefix list costs the same per address as a 5-prefix one.
 */
export class IpPrefixSet<V> {
  private readonly v4 = new Map<number, Map<number, V>>();
  private readonly v6 = new Map<number, Map<string, V>>();
  private v4Lengths: number[] = [];
  private v6Lengths: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(prefix: IpPrefix, value: V): void {
    if (prefix.family === 4) {
      let table = this.v4.get(prefix.bits);
      if (!table) {
        table = new Map();
        this.v4.set(prefix.bits, table);
        this.v4Lengths = [...this.v4.keys()].sort((a, b) => b - a);
      }
      if (!table.has(prefix.words[0]!)) this.count++;
      table.set(prefix.words[0]!, value);
    } else {
      let table = this.v6.get(prefix.bits);
      if (!table) {
        table = new Map();
        this.v6.set(prefix.bits, table);
        this.v6Lengths = [...this.v6.keys()].sort((a, b) => b - a);
      }
      const key = prefix.words.join(',');
      if (!table.has(key)) this.count++;
      table.set(key, value);
    }
  }

  /** The value of the longest prefix containing `ip`, if any. */
  lookup(ip: IpAddress): V | undefined {
    if (ip.family === 4) {
      const w = ip.words[0]!;
      for (const bits of this.v4Lengths) {
        const key = bits === 0 ? 0 : bits === 32 ? w >>> 0 : (w & (0xffffffff << (32 - bits))) >>> 0;
        const hit = this.v4.get(bits)!.get(key);
        if (hit !== undefined) return hit;
      }
      return undefined;
    }
    for (const bits of this.v6Lengths) {
      const hit = this.v6.get(bits)!.get(maskWords(ip.words, bits).join(','));
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
}

/** The DNS name of an address's PTR record (`1.66.249.66.in-addr.arpa`, nibbles under `ip6.arpa`). */
export function reverseName(ip: IpAddress): string {
  if (ip.family === 4) {
    const w = ip.words[0]!;
    return `${w & 255}.${(w >>> 8) & 255}.${(w >>> 16) & 255}.${w >>> 24}.in-addr.arpa`;
  }
  const nibbles: string[] = [];
  for (const w of ip.words) for (let shift = 28; shift >= 0; shift -= 4) nibbles.push(((w >>> shift) & 15).toString(16));
  return `${nibbles.reverse().join('.')}.ip6.arpa`;
}
