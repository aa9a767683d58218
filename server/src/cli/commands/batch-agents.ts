/**
 * The agent strings of a batch, one string per distinct agent. A batch names a few dozen
 * agents across hundreds of thousands of lines; a fresh string for each line cost its
 * decoding, its hashing again by every map keyed by agent (the matcher's selection, the
 * answers kept per agent) and the garbage: a tenth of a lean batch's CPU profile, of which
 * this saves about a third (581 -> 565 ms wall for `--fields allowed,line`).
 */

/** Slots of the table (a power of two), and how many may be taken before it starts again. */
const SLOTS = 4096;
const MOST_KEPT = SLOTS / 2;
/** Slots tried from an agent's own before its text is made afresh and not kept. */
const PROBES = 8;

export class AgentNames {
  private readonly bytes: Array<Uint8Array | undefined> = new Array<Uint8Array | undefined>(SLOTS).fill(undefined);
  private readonly texts: string[] = new Array<string>(SLOTS).fill('');
  private kept = 0;

  /** The Latin-1 text of `bytes[start, end)` (printable ASCII, as `readAgentUrl` finds it): the same string each time the same bytes come. */
  text(bytes: Buffer, start: number, end: number): string {
    const length = end - start;
    if (length === 0) return '';
    // A few bytes stand for the rest: reading all of a 150-byte User-Agent to hash it would
    // cost as much as the string it saves. Agents alike there are told apart by `sameBytes`.
    let slot = (length * 31 + bytes[start]! * 131 + bytes[start + (length >> 1)]! * 7 + bytes[start + (length >> 2)]! * 17 + bytes[end - 1]!) & (SLOTS - 1);
    for (let probe = 0; probe < PROBES; probe++, slot = (slot + 1) & (SLOTS - 1)) {
      const kept = this.bytes[slot];
      if (kept === undefined) return this.keep(slot, bytes, start, end);
      if (sameBytes(kept, bytes, start, end)) return this.texts[slot]!;
    }
    return latin1(bytes, start, end);
  }

  private keep(slot: number, bytes: Buffer, start: number, end: number): string {
    if (this.kept >= MOST_KEPT) {
      // A batch of endless distinct agents: start again rather than hold them all.
      this.bytes.fill(undefined);
      this.kept = 0;
    }
    const text = latin1(bytes, start, end);
    this.bytes[slot] = Uint8Array.prototype.slice.call(bytes, start, end);
    this.texts[slot] = text;
    this.kept++;
    return text;
  }
}

function sameBytes(kept: Uint8Array, bytes: Uint8Array, start: number, end: number): boolean {
  if (kept.length !== end - start) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== bytes[start + i]) return false;
  return true;
}

/** Latin-1 text of plain ASCII bytes, without `toString`'s checks of its arguments. */
export function latin1(bytes: Buffer, start: number, end: number): string {
  return (bytes as Buffer & { latin1Slice(start: number, end: number): string }).latin1Slice(start, end);
}
