/** Strings the parsers and the replay keep: one shared copy per repeated value, never a view that pins a chunk. */

/**
 * Returns repeated field values (User-Agents, URLs, addresses) as one shared string per
 * value: a hit costs a few character reads, a throwaway slice and one comparison, and hands
 * later hash lookups a string whose hash is already known (hashing fresh slices of a big
 * chunk is what made the replay slow). Stored strings are copies: they never pin a chunk.
 */
export class Interner {
  private readonly raw: (string | undefined)[];
  private readonly values: string[];
  private readonly mask: number;
  /** The slot the last `get` used (-1 for an empty value). */
  lastSlot = -1;

  /** `transform` maps a new raw value (e.g. unescapes it); hits return the transformed value. */
  constructor(bits: number, private readonly transform?: (raw: string) => string) {
    this.raw = new Array<string | undefined>(1 << bits).fill(undefined);
    this.values = new Array<string>(1 << bits).fill('');
    this.mask = (1 << bits) - 1;
  }

  get(text: string, start: number, end: number): string {
    const len = end - start;
    if (len <= 0) {
      this.lastSlot = -1;
      return '';
    }
    let h = Math.imul(len, 0x9e3779b1);
    h = Math.imul(h ^ text.charCodeAt(end - 1), 0x85ebca6b);
    h = Math.imul(h ^ text.charCodeAt(start + (len >> 1)), 0xc2b2ae35);
    h = Math.imul(h ^ text.charCodeAt(start + (len >> 2)), 0x27d4eb2f);
    h = Math.imul(h ^ text.charCodeAt(end - 1 - (len >> 3)), 0x165667b1);
    const i = (h ^ (h >>> 15)) & this.mask;
    this.lastSlot = i;
    const cached = this.raw[i];
    // slice + === beats startsWith(cached, start) several times over in V8 (a slice is a
    // small view object; equality is a flat memory compare).
    const slice = text.slice(start, end);
    if (cached !== undefined && cached.length === len && slice === cached) return this.values[i]!;
    const copy = ownString(slice);
    const value = this.transform ? this.transform(copy) : copy;
    this.raw[i] = copy;
    this.values[i] = value;
    return value;
  }
}

/**
 * Interns strings already cut out (URLs of crawler requests): one shared copy per value, so
 * later hash lookups find a string whose hash is known and records never pin a chunk. A map,
 * not `Interner`'s table: URLs share most of their characters (`/products/…-3133` and
 * `/products/…-3483`), so a fingerprint of a few of them sent a site's pages to the same few
 * slots, where they evicted each other on every request (a fresh copy and a fresh hash each
 * time); V8 hashes every character, natively. Past `capacity` values it starts again.
 */
export class StringInterner {
  private readonly values = new Map<string, string>();
  private readonly capacity: number;

  constructor(bits: number) {
    this.capacity = 1 << bits;
  }

  get(s: string): string {
    if (s.length === 0) return s;
    const cached = this.values.get(s);
    if (cached !== undefined) return cached;
    if (this.values.size >= this.capacity) this.values.clear();
    const copy = ownString(s);
    this.values.set(copy, copy);
    return copy;
  }
}

/**
 * A copy of a substring that does not keep its (possibly megabyte) parent string alive:
 * slicing a concatenation makes V8 flatten it into a fresh string first.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}
