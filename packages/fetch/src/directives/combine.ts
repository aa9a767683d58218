/**
 * The directives one crawler obeys on a page: the generic ones plus those addressed to a
 * token of its chain (`googlebot` also speaks to Googlebot-Image and Googlebot-News), with
 * the most restrictive combination winning (docs/spec/robots-semantics.md §8): `none` = noindex + nofollow,
 * `nosnippet` beats any `max-snippet`, the smallest `max-snippet`/`max-video-preview`,
 * the smallest `max-image-preview` (none < standard < large), the earliest
 * `unavailable_after`. Every effective directive says where it came from; everything that
 * did not count says why.
 */

import { resolveAgent } from '@robots-lens/kernel/crawlers';
import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';
import type { DirectiveSource, PageDirective, PageDirectives } from './read';
import { isImagePreview, readCount, readDate } from './read';

export type EffectiveName =
  | 'noindex'
  | 'nofollow'
  | 'nosnippet'
  | 'max-snippet'
  | 'max-image-preview'
  | 'max-video-preview'
  | 'noimageindex'
  | 'notranslate'
  | 'indexifembedded'
  | 'unavailable_after'
  | 'noarchive'
  | 'nocache'
  | 'nositelinkssearchbox';

/** One part of a header or meta tag that contributes to an effective directive. */
export interface DirectiveUse {
  readonly source: DirectiveSource;
  /** The part as written (`none`, `googlebot: max-snippet: 20`). */
  readonly text: string;
  readonly bot: string | null;
}

export interface EffectiveDirective {
  readonly name: EffectiveName;
  /** The winning value for `max-*` and `unavailable_after` (as written); null for flags. */
  readonly value: string | null;
  /** `unavailable_after` as an ISO 8601 UTC time. */
  readonly time?: string;
  /** `unavailable_after` lies before the `now` given to `effectiveDirectives`. */
  readonly expired?: boolean;
  /** Every part that asks for it (for a value: every part asking for the winning value). */
  readonly from: readonly DirectiveUse[];
}

/** A directive that does not count for this crawler, and why. */
export interface SetAsideDirective extends DirectiveUse {
  readonly reason: string;
}

export interface EffectiveDirectives {
  /** The crawler's token and the chain of tokens it answers to. */
  readonly token: string;
  readonly chain: readonly string[];
  /** In a fixed order: noindex, nofollow, nosnippet, max-snippet, … */
  readonly directives: readonly EffectiveDirective[];
  readonly noindex: boolean;
  readonly nofollow: boolean;
  readonly setAside: readonly SetAsideDirective[];
  /** Sentences about interactions (`indexifembedded` without `noindex`, a past `unavailable_after`…). */
  readonly notes: readonly string[];
  /** `noindex, nofollow, max-snippet:50` — or `(none: index, follow)`. */
  readonly summary: string;
}

const ORDER: readonly EffectiveName[] = [
  'noindex',
  'nofollow',
  'nosnippet',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'noimageindex',
  'notranslate',
  'indexifembedded',
  'unavailable_after',
  'noarchive',
  'nocache',
  'nositelinkssearchbox',
];

const SIMPLE_FLAGS = new Set<string>(['noindex', 'nofollow', 'noarchive', 'nocache', 'nosnippet', 'noimageindex', 'notranslate', 'indexifembedded', 'nositelinkssearchbox']);

const IMAGE_RANK: Readonly<Record<string, number>> = { none: 0, standard: 1, large: 2 };

/** Combines a page's directives for one crawler (a token, a User-Agent header or a resolved agent). */
export function effectiveDirectives(
  page: PageDirectives,
  agent: string | ResolvedAgent,
  options: { readonly now?: number } = {},
): EffectiveDirectives {
  const resolved = typeof agent === 'string' ? resolveAgent(agent) : agent;
  const token = resolved.token || resolved.input.trim() || '*';
  const chainKeys = new Set(resolved.chain.filter((t) => t !== '*').map((t) => t.toLowerCase()));
  const flags = new Map<EffectiveName, DirectiveUse[]>();
  const valued = new Map<'max-snippet' | 'max-image-preview' | 'max-video-preview' | 'unavailable_after', Array<{ use: DirectiveUse; value: string; rank: number }>>();
  const setAside: SetAsideDirective[] = [];
  const notes: string[] = [];
  const add = (name: EffectiveName, use: DirectiveUse): void => {
    const list = flags.get(name);
    if (list) list.push(use);
    else flags.set(name, [use]);
  };

  for (const d of page.directives) {
    const use: DirectiveUse = { source: d.source, text: d.text, bot: d.bot };
    if (d.bot !== null && !chainKeys.has(d.bot)) {
      setAside.push({ ...use, reason: `addressed to ${d.bot}, not to ${token}` });
      continue;
    }
    if (!d.known) {
      setAside.push({ ...use, reason: 'not a directive crawlers know' });
      continue;
    }
    if (d.name === 'none') {
      add('noindex', use);
      add('nofollow', use);
    } else if (SIMPLE_FLAGS.has(d.name)) {
      add(d.name as EffectiveName, use);
    } else if (d.name === 'all' || d.name === 'index' || d.name === 'follow') {
      setAside.push({ ...use, reason: `${d.name} is the default: it adds nothing and cannot undo a more restrictive directive` });
    } else if (d.name === 'noodp' || d.name === 'noydir') {
      setAside.push({ ...use, reason: `${d.name} is obsolete: no crawler reads it any more` });
    } else {
      const rank = valueRank(d);
      if (rank === undefined) {
        setAside.push({ ...use, reason: `the value cannot be read, so ${d.name} is ignored` });
        continue;
      }
      const name = d.name as 'max-snippet' | 'max-image-preview' | 'max-video-preview' | 'unavailable_after';
      const list = valued.get(name);
      const entry = { use, value: (d.value ?? '').trim(), rank };
      if (list) list.push(entry);
      else valued.set(name, [entry]);
    }
  }

  const effective = new Map<EffectiveName, EffectiveDirective>();
  for (const [name, from] of flags) effective.set(name, { name, value: null, from });

  for (const [name, entries] of valued) {
    if (name === 'max-snippet' && effective.has('nosnippet')) {
      const by = effective.get('nosnippet')!.from[0]!;
      for (const e of entries) setAside.push({ ...e.use, reason: `nosnippet (${by.source.label}) overrides max-snippet` });
      continue;
    }
    // The most restrictive value has the lowest rank: smallest count, smallest preview, earliest date.
    const best = Math.min(...entries.map((e) => e.rank));
    const winners = entries.filter((e) => e.rank === best);
    const winner = winners[0]!;
    const directive: EffectiveDirective = {
      name,
      value: name === 'max-image-preview' ? winner.value.toLowerCase() : winner.value,
      from: winners.map((e) => e.use),
      ...(name === 'unavailable_after'
        ? { time: new Date(best).toISOString(), ...(options.now !== undefined ? { expired: best <= options.now } : {}) }
        : {}),
    };
    effective.set(name, directive);
    for (const e of entries) {
      if (e.rank !== best) setAside.push({ ...e.use, reason: `a more restrictive ${name} (${describeValue(name, winner.value)}, ${winner.use.source.label}) applies` });
    }
  }

  const directives = ORDER.flatMap((name) => {
    const d = effective.get(name);
    return d ? [d] : [];
  });
  const noindex = effective.has('noindex');
  const nofollow = effective.has('nofollow');

  if (effective.has('indexifembedded') && !noindex) {
    notes.push('indexifembedded has an effect only together with noindex.');
  }
  const snippet = effective.get('max-snippet');
  if (snippet !== undefined && readCount(snippet.value ?? '') === 0) {
    notes.push('max-snippet:0 shows no snippet, like nosnippet.');
  }
  const until = effective.get('unavailable_after');
  if (until?.expired === true) {
    notes.push(`The unavailable_after date (${until.value}) has passed: Google no longer shows the page in results.`);
  }
  if (resolved.crawler?.id === 'amazonbot' && page.sources.some((s) => s.kind === 'meta')) {
    notes.push("Amazon says Amazonbot does not support robots meta tags: it may ignore the meta tags.");
  }

  return { token, chain: resolved.chain, directives, noindex, nofollow, setAside, notes, summary: summarize(directives) };
}

/** Lower is more restrictive. Undefined when the value cannot be read. */
function valueRank(d: PageDirective): number | undefined {
  const value = d.value ?? '';
  switch (d.name) {
    case 'max-snippet':
    case 'max-video-preview': {
      const n = readCount(value);
      if (n === undefined) return undefined;
      return n === -1 ? Number.MAX_SAFE_INTEGER : n;
    }
    case 'max-image-preview':
      return isImagePreview(value) ? IMAGE_RANK[value.trim().toLowerCase()] : undefined;
    case 'unavailable_after':
      return readDate(value);
  }
  return undefined;
}

function describeValue(name: string, value: string): string {
  return `${name}: ${value}`;
}

/** `noindex, nofollow, max-snippet:50`; `(none: index, follow)` when nothing restricts the page. */
export function summarize(directives: readonly EffectiveDirective[]): string {
  if (directives.length === 0) return '(none: index, follow)';
  return directives.map((d) => (d.value === null ? d.name : `${d.name}:${d.value}`)).join(', ');
}
