/**
 * robots.txt over time (docs/spec/robots-semantics.md §6): versions with effective times, and the one in effect
 * at a request's timestamp. A change applies from its effective time, never retroactively.
 */

import type { RobotsFile } from '@robots-lens/kernel/parse';
import { isoTime } from './time';

/** One version of the file, and from when it applied. */
export interface RobotsVersion {
  /** How the version is named to people: a snapshot file name, `abc1234 2024-01-02T…`, `robots.txt`. */
  readonly label: string;
  /** Epoch milliseconds from which it applies; null = in effect all along (a single given file). */
  readonly effective: number | null;
  /** Where it came from (path, commit, `file@time`). */
  readonly source: string;
  readonly file: RobotsFile;
}

/** The version in effect at a time, with the one it replaced. */
export interface VersionInEffect {
  readonly index: number;
  readonly version: RobotsVersion;
  /** The version before, when this one replaced it (for grace). */
  readonly previous: RobotsVersion | undefined;
  /** The request predates the earliest known version, which is used for it anyway. */
  readonly beforeFirst: boolean;
}

/** JSON-friendly description of a version, for summaries. */
export interface RobotsVersionInfo {
  readonly label: string;
  readonly effective: string | null;
  readonly source: string;
  readonly groups: number;
  readonly rules: number;
}

/**
 * Versions sorted by effective time. Lookups remember the last answer, because log lines
 * arrive in time order: almost every lookup is one comparison.
 */
export class RobotsTimeline {
  readonly versions: readonly RobotsVersion[];
  private readonly starts: readonly number[];
  private readonly answers: readonly VersionInEffect[];
  private readonly beforeFirst: VersionInEffect;
  private last = 0;

  constructor(versions: readonly RobotsVersion[]) {
    if (versions.length === 0) throw new Error('a robots.txt timeline needs at least one version');
    // Stable sort: versions without a time first, then by time; equal times keep their order.
    this.versions = [...versions].sort((a, b) => (a.effective ?? -Infinity) - (b.effective ?? -Infinity));
    this.starts = this.versions.map((v) => v.effective ?? -Infinity);
    this.answers = this.versions.map((version, index) => ({ index, version, previous: index > 0 ? this.versions[index - 1] : undefined, beforeFirst: false }));
    this.beforeFirst = { ...this.answers[0]!, beforeFirst: true };
  }

  at(time: number): VersionInEffect {
    const starts = this.starts;
    let i = this.last;
    const next = starts[i + 1];
    if (!(starts[i]! <= time && (next === undefined || time < next))) {
      // Binary search for the last start <= time.
      let lo = 0;
      let hi = starts.length - 1;
      i = 0;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid]! <= time) {
          i = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      this.last = i;
    }
    // Answers are shared objects: a replay asks once per request.
    return i === 0 && starts[0]! > time ? this.beforeFirst : this.answers[i]!;
  }

  info(): RobotsVersionInfo[] {
    return this.versions.map((v) => ({
      label: v.label,
      effective: v.effective === null ? null : isoTime(v.effective),
      source: v.source,
      groups: v.file.groups.length,
      rules: v.file.groups.reduce((n, g) => n + g.rules.length, 0),
    }));
  }
}
