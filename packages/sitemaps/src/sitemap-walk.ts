/**
 * Sitemaps read one after another: each named sitemap, and the children of every sitemap
 * index among them, depth first, with a bound on nesting and on the number of sitemaps, and
 * each sitemap read once however often it is named (an index that lists itself ends). Where
 * the bytes come from (files, HTTP) is the source's business; this is the walk and the
 * protocol's limits, so the CLI and the language server read sitemaps the same way.
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import { SITEMAP_MAX_BYTES, SITEMAP_MAX_URLS, SitemapXmlError, SitemapXmlReader } from './sitemap-xml';
import type { SitemapKind } from './sitemap-xml';

/** Where sitemaps come from: the Node side reads files and fetches URLs. */
export interface SitemapSource {
  /** The location of a child `<loc>` of the index at `parent`, or why it cannot be read. */
  child(parent: string, loc: string): string | { readonly problem: string };
  /** The same key for two names of one sitemap, so that each is read once. */
  key(location: string): string;
  /**
   * Streams the sitemap's text (gzip already inflated) to `write`, at most
   * `SITEMAP_MAX_BYTES` of it; rejects with an Error whose message is for the user.
   */
  read(location: string, write: (text: string) => Promise<void> | void): Promise<{ readonly overLimit: boolean }>;
}

export interface SitemapWalkHandler {
  /** A page URL listed on `line` (1-based) of `sitemap`, reached from the named sitemap `root`. */
  url(loc: string, sitemap: string, line: number, root: string): void;
  /** Called after each chunk of text: where the handler writes out what the chunk found. */
  drain?(): Promise<void>;
  /** A sitemap has been read (or could not be). */
  done?(report: SitemapReport): void;
}

export interface SitemapReport {
  readonly location: string;
  /** The index that listed it (none for the sitemaps given). */
  readonly parent?: string;
  /** Undefined when it could not be read. */
  readonly kind?: SitemapKind;
  /** Page URLs listed (for a sitemap) or child sitemaps (for an index). */
  readonly entries: number;
  /** Why it could not be read, or was read only in part. */
  readonly error?: string;
  /** The protocol's limits exceeded, entries that are not URLs, children not followed. */
  readonly notices: readonly string[];
}

export interface SitemapWalkOptions {
  /** Levels of sitemap index followed; default 3 (the protocol allows 1, some sites nest). */
  readonly maxIndexDepth?: number;
  /** Most sitemaps read in one walk; default 10,000. */
  readonly maxSitemaps?: number;
  /** Asked between chunks; a cancelled walk stops and returns what was read. */
  readonly isCancelled?: () => boolean;
  /**
   * When the whole walk ends (`Date.now()` milliseconds), whatever is left; the source bounds
   * the read in flight by it. Without one, a hostile index of trickling children could keep a
   * check busy for a day (10,000 sitemaps at the fetch timeout each).
   */
  readonly deadlineAt?: number;
  /** How the deadline is named in the report of the first sitemap it leaves unread. */
  readonly deadlineText?: string;
}

/** The default overall deadline of a sitemap walk: 10 minutes. */
export const SITEMAP_WALK_DEADLINE_MS = 600_000;

/** Reads `roots` and the sitemaps their indexes name; returns a report per sitemap, in order. */
export async function walkSitemaps(roots: readonly string[], source: SitemapSource, handler: SitemapWalkHandler, options: SitemapWalkOptions = {}): Promise<SitemapReport[]> {
  const maxDepth = options.maxIndexDepth ?? 3;
  const maxSitemaps = options.maxSitemaps ?? 10_000;
  const isCancelled = options.isCancelled ?? (() => false);
  const cancelled = (): boolean => isCancelled() || deadlinePassed(options.deadlineAt);
  const seen = new Set<string>();
  const reports: SitemapReport[] = [];
  const stack: { location: string; parent?: string; root: string; depth: number }[] = roots.map((location) => ({ location, root: location, depth: 0 })).reverse();
  while (stack.length > 0 && !isCancelled()) {
    const next = stack.pop()!;
    const key = source.key(next.location);
    if (seen.has(key)) continue;
    seen.add(key);
    if (deadlinePassed(options.deadlineAt)) {
      const others = new Set(stack.map((s) => source.key(s.location)).filter((k) => !seen.has(k))).size;
      const deadline = options.deadlineText !== undefined ? ` (${options.deadlineText})` : '';
      reports.push({ location: next.location, ...parentOf(next), entries: 0, error: `not read: the check's overall deadline${deadline} passed${others > 0 ? `, and ${countOf(others, 'other sitemap')} named were not read either` : ''}.`, notices: [] });
      handler.done?.(reports.at(-1)!);
      break;
    }
    if (reports.length === maxSitemaps) {
      reports.push({ location: next.location, ...parentOf(next), entries: 0, error: `not read: a check reads at most ${formatCount(maxSitemaps)} sitemaps.`, notices: [] });
      handler.done?.(reports.at(-1)!);
      break;
    }
    const { report, children } = await readOne(next.location, next.parent, next.root, source, handler, cancelled, options.deadlineAt);
    if (children.length > 0) {
      if (next.depth + 1 >= maxDepth) {
        const levels = countOf(maxDepth, 'level');
        (report.notices as string[]).push(`its ${countOf(children.length, 'child sitemap')} not read: sitemap indexes are followed ${levels} deep.`);
      } else {
        for (let i = children.length - 1; i >= 0; i--) stack.push({ location: children[i]!, parent: next.location, root: next.root, depth: next.depth + 1 });
      }
    }
    reports.push(report);
    handler.done?.(report);
  }
  return reports;
}

async function readOne(
  location: string,
  parent: string | undefined,
  root: string,
  source: SitemapSource,
  handler: SitemapWalkHandler,
  cancelled: () => boolean,
  deadlineAt: number | undefined,
): Promise<{ report: SitemapReport; children: string[] }> {
  const notices: string[] = [];
  const children: string[] = [];
  const badChildren: string[] = [];
  let entries = 0;
  let overlong = 0;
  const reader = new SitemapXmlReader({
    location(loc, line, kind) {
      entries++;
      if (kind === 'urlset') {
        handler.url(loc, location, line, root);
        return;
      }
      const child = source.child(location, loc);
      if (typeof child === 'string') children.push(child);
      else badChildren.push(`line ${line}: ${child.problem}`);
    },
    overlong() {
      entries++;
      overlong++;
    },
  });
  const base = { location, ...(parent !== undefined ? { parent } : {}) };
  let overLimit = false;
  try {
    ({ overLimit } = await source.read(location, async (text) => {
      if (cancelled()) return;
      reader.write(text);
      await handler.drain?.();
    }));
    if (deadlinePassed(deadlineAt) && !overLimit) throw new Error("read only in part: the check's overall deadline passed while reading it.");
    if (!overLimit && !cancelled()) reader.close();
    await handler.drain?.();
  } catch (error) {
    await handler.drain?.();
    const message = error instanceof SitemapXmlError ? `malformed XML at ${error.message}` : error instanceof Error ? error.message : String(error);
    return { report: { ...base, ...kindOf(reader), entries, error: message, notices }, children: [] };
  }
  if (overLimit) notices.push(`larger than the protocol's 50 MB (${formatCount(SITEMAP_MAX_BYTES)} bytes) uncompressed: only the first 50 MB were read, and search engines may reject it.`);
  if (reader.kind === 'urlset' && entries > SITEMAP_MAX_URLS) {
    notices.push(`lists ${formatCount(entries)} URLs, more than the protocol's ${formatCount(SITEMAP_MAX_URLS)}: search engines may reject it (every URL was checked).`);
  }
  if (reader.kind === 'sitemapindex' && entries > SITEMAP_MAX_URLS) {
    notices.push(`lists ${formatCount(entries)} sitemaps, more than the protocol's ${formatCount(SITEMAP_MAX_URLS)}.`);
  }
  if (overlong > 0) notices.push(`${countOf(overlong, '<loc>')} of more than 65,536 characters, not a URL (skipped).`);
  if (badChildren.length > 0) notices.push(`${countOf(badChildren.length, 'child sitemap')} not read: ${badChildren.slice(0, 3).join('; ')}${badChildren.length > 3 ? '; …' : ''}`);
  return { report: { ...base, ...kindOf(reader), entries, notices }, children };
}

function kindOf(reader: SitemapXmlReader): { kind?: SitemapKind } {
  return reader.kind !== undefined ? { kind: reader.kind } : {};
}

function parentOf(entry: { parent?: string }): { parent?: string } {
  return entry.parent !== undefined ? { parent: entry.parent } : {};
}

function deadlinePassed(deadlineAt: number | undefined): boolean {
  return deadlineAt !== undefined && Date.now() >= deadlineAt;
}
