/** The summary's count tables keep a bounded number of keys, whatever the log's size. */

import { ownString } from './log-formats';

/**
 * A count table that stays bounded: past `capacity` keys, the least counted half is dropped
 * (heavy hitters survive, so the top of the table stays right for skewed data such as logs).
 */
export class BoundedCounts<V extends { count: number }> {
  readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  entry(key: string, create: () => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= this.capacity) this.prune();
      v = create();
      // Keys may be views into a big chunk of log text: keep a short copy instead.
      this.map.set(ownString(key.length > 300 ? key.slice(0, 300) : key), v);
    }
    return v;
  }

  private prune(): void {
    const sorted = [...this.map].sort((a, b) => b[1].count - a[1].count);
    this.map.clear();
    for (const [k, v] of sorted.slice(0, Math.floor(this.capacity / 2))) this.map.set(k, v);
  }

  top(n: number): [string, V][] {
    return [...this.map].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1)).slice(0, n);
  }
}
