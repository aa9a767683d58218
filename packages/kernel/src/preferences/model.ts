/**
 * What a robots.txt says about the use of what a crawler fetches (the contract
 * docs/spec/ai-preferences.md): Content-Usage rules, Content-Signal lines and License lines, read
 * from the parsed file. Lines are 0-based physical lines, as everywhere in the core.
 */

/** A Content-Usage category's preference: `y` → allowed, `n` → disallowed, anything else unknown. */
export type UsagePreference = 'allowed' | 'disallowed' | 'unknown';

/** The categories of the vocabulary this revision knows. */
export const USAGE_LABELS = ['train-ai', 'search'] as const;
export type UsageLabel = (typeof USAGE_LABELS)[number];

export interface ContentUsageRule {
  readonly line: number;
  /** The group the line sits in; -1 outside any group (no crawler reads it). */
  readonly group: number;
  /** The path pattern as written; null when the value has none (the whole group). */
  readonly path: string | null;
  /** The normalised path, compared like an Allow/Disallow pattern; null without a path. */
  readonly normalized: string | null;
  /** Octets of the normalised path; -1 without a path, so any real path is longer. */
  readonly octets: number;
  /** The preference text after the path. */
  readonly preferenceText: string;
  /** The dictionary parsed; when false every category is unknown. */
  readonly parsed: boolean;
  readonly preferences: Readonly<Record<UsageLabel, UsagePreference>>;
  /** Labels this revision does not know, in order; they are ignored. */
  readonly unknownLabels: readonly string[];
  /** Labels given more than once, whatever their values. */
  readonly repeatedLabels: readonly string[];
}

/** A Content-Signal key's value: `yes`, `no`, or null when the line states nothing for it. */
export type SignalValue = 'yes' | 'no' | null;

export const SIGNAL_KEYS = ['search', 'ai-input', 'ai-train'] as const;
export type SignalKey = (typeof SIGNAL_KEYS)[number];

/**
 * Content-Signal's `use` key and its values (Cloudflare's managed robots.txt: "how AI systems
 * may consume the content"), least permissive first: the most a use may be, not a yes/no.
 */
export const CONTENT_SIGNAL_USE = { key: 'use', levels: ['immediate', 'reference', 'full'] } as const;
/** A `use` level; left out of the entry point, which counts its names: it is `CONTENT_SIGNAL_USE.levels[number]`. */
type UseLevel = (typeof CONTENT_SIGNAL_USE.levels)[number];

export interface SignalEntry {
  /** The key as written. */
  readonly key: string;
  /** The value as written. */
  readonly value: string;
  /** Offset of the entry's key within the line's value. */
  readonly offset: number;
}

export interface ContentSignalLine {
  readonly line: number;
  /** The group the line sits in; -1 outside any group. */
  readonly group: number;
  readonly signals: Readonly<Record<SignalKey, SignalValue>>;
  /** The `use` level the line states; null when it states none (or a value that is no level). */
  readonly use: UseLevel | null;
  /** Every `key=value` entry as written, known or not, for lint. */
  readonly entries: readonly SignalEntry[];
}

export interface LicenseLine {
  readonly line: number;
  readonly url: string;
}

export interface PreferenceStatements {
  readonly contentUsage: readonly ContentUsageRule[];
  readonly contentSignals: readonly ContentSignalLine[];
  readonly licenses: readonly LicenseLine[];
}

/** The effective Content-Usage for a URL: the longest matching rule(s), combined most-restrictively. */
export interface EffectiveUsage {
  /** The deciding rule's line (the first, when rules with the same path were combined). */
  readonly line: number;
  readonly lines: readonly number[];
  readonly preferences: Readonly<Record<UsageLabel, UsagePreference>>;
}

/** The effective Content-Signal for a crawler: its group's lines combined, each key with its line. */
export interface EffectiveSignal {
  /** The first Content-Signal line of the group. */
  readonly line: number;
  readonly lines: readonly number[];
  readonly signals: Readonly<Record<SignalKey, SignalValue>>;
  /** The line that states each key's value; null when none does. */
  readonly signalLines: Readonly<Record<SignalKey, number | null>>;
  /** The `use` level of the group's lines, the least permissive stated; null when none is. */
  readonly use: UseLevel | null;
  readonly useLine: number | null;
}

/**
 * The preferences in effect for (URL, crawler). Not applicable when the crawler may not
 * fetch the URL: preferences are about what is done with what was fetched.
 */
export interface EffectivePreferences {
  readonly applicable: boolean;
  readonly contentUsage: EffectiveUsage | null;
  readonly contentSignal: EffectiveSignal | null;
}
