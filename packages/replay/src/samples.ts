/**
 * Samples a summary keeps (unparsed lines, late lines): the first few by (time, file, line),
 * never by arrival. Arrival order depends on how files were read side by side and on where a
 * log was cut into shards; the order of (time, file, line) does not, so a replay of one log
 * and the merge of its shards' summaries keep the very same samples.
 */

/** Where a sampled line sits: its time (-Infinity when none is known yet), file and line number. */
export interface SampleKey {
  readonly time: number;
  readonly file: string;
  readonly line: number;
}

/** A kept sample with its key, as a summary part carries it (`time` null for -Infinity, which JSON lacks). */
export interface KeptSample<T> {
  readonly time: number | null;
  readonly file: string;
  readonly line: number;
  readonly sample: T;
}

export function keyBefore(a: SampleKey, b: SampleKey): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.file !== b.file) return a.file < b.file;
  return a.line < b.line;
}

/** The first `limit` samples by key, whatever order they are offered in. */
export class SampleKeeper<T> {
  private readonly kept: { key: SampleKey; sample: T }[] = [];

  constructor(private readonly limit: number) {}

  /** Whether a sample with this key would be kept: callers skip building samples that would not. */
  wants(key: SampleKey): boolean {
    const kept = this.kept;
    return kept.length < this.limit || keyBefore(key, kept[kept.length - 1]!.key);
  }

  offer(key: SampleKey, sample: T): void {
    if (!this.wants(key)) return;
    const kept = this.kept;
    // Logs come mostly in time order, so the new sample usually goes last.
    let i = kept.length;
    while (i > 0 && keyBefore(key, kept[i - 1]!.key)) i--;
    kept.splice(i, 0, { key, sample });
    if (kept.length > this.limit) kept.pop();
  }

  samples(): T[] {
    return this.kept.map((k) => k.sample);
  }

  /** The kept samples with their keys, for a summary part. */
  part(): KeptSample<T>[] {
    return this.kept.map(({ key, sample }) => ({ time: Number.isFinite(key.time) ? key.time : null, file: key.file, line: key.line, sample }));
  }

  /** Offers the samples another part kept. */
  absorb(samples: readonly KeptSample<T>[]): void {
    for (const s of samples) this.offer({ time: s.time ?? -Infinity, file: s.file, line: s.line }, s.sample);
  }
}
