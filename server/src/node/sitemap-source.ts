/**
 * Where sitemaps come from for the CLI and the language server: files on disk and http(s)
 * URLs fetched with the project's fetcher (its redirects, deadline and address guard).
 * Gzip is told by its first bytes, whatever the name, and inflated as a stream; at most
 * the protocol's 50 MB of text is read from any sitemap, so a bomb stops there.
 */

import { constants, promises as fs } from 'node:fs';
import { Socket } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { SITEMAP_MAX_BYTES } from '@robots-lens/sitemaps';
import type { SitemapSource } from '@robots-lens/sitemaps';
import { AddressGuard } from './address-guard';
import { describeFsError, openFileStream } from './files';
import { DEFAULT_TIMEOUT_MS, fetchDocument } from './http-fetch';
import type { HttpOptions } from './http-fetch';

/** A sitemap named by an http(s) URL rather than a path. */
export function isSitemapUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

export interface SitemapSourceOptions extends HttpOptions {
  /**
   * Whether local files may be read. The sitemaps a fetched index names are always fetched;
   * a file is read only when the user named it or a local index names it.
   */
  readonly files?: boolean;
  /**
   * The URL of the fetched robots.txt whose `Sitemap:` lines are read, if it was fetched:
   * the walk starts with its address guard, so a public file never leads to a private address.
   */
  readonly fetchedFrom?: string;
  /**
   * Refuse what is not a regular file before opening it (the language server: opening a FIFO
   * holds one of Node's four file-system threads until a writer comes). The CLI reads the
   * pipes the user names (`<(…)`).
   */
  readonly regularFilesOnly?: boolean;
  /** When the whole walk ends (`Date.now()` milliseconds): no fetch or read goes past it. */
  readonly deadlineAt?: number;
}

/**
 * Text handed to the walk at most this many bytes at a time, the event loop free between: a
 * slice of sitemap XML (some 350 URLs) is parsed and decided in a few milliseconds.
 */
const SLICE_BYTES = 16 * 1024;

export function sitemapSource(options: SitemapSourceOptions = {}): SitemapSource {
  const files = options.files ?? true;
  // One address guard per walk from a root: a child is fetched with the guard of the index
  // that names it, so a public index cannot send the fetcher to a private address.
  const guards = new Map<string, AddressGuard>();
  const key = (location: string): string => {
    if (!isSitemapUrl(location)) return `file:${resolve(location)}`;
    try {
      // A `#fragment` is never sent: `a.xml#x` is the sitemap `a.xml`, read once.
      const url = new URL(location);
      url.hash = '';
      return url.href;
    } catch {
      return location;
    }
  };
  const guardOf = async (location: string): Promise<AddressGuard> => {
    const known = guards.get(key(location));
    if (known !== undefined) return known;
    const guard = new AddressGuard(options.addressRange);
    if (options.fetchedFrom !== undefined && isSitemapUrl(options.fetchedFrom)) await guard.startAt(new URL(options.fetchedFrom).hostname);
    guards.set(key(location), guard);
    return guard;
  };
  return {
    child(parent, loc) {
      const fetched = isSitemapUrl(parent);
      const child = childLocation(parent, loc, fetched);
      if (typeof child !== 'string') return child;
      const parentGuard = guards.get(key(parent));
      const childKey = key(child);
      // Named by two indexes: the stricter guard (one that started public) wins.
      if (fetched && parentGuard !== undefined && (guards.get(childKey)?.startedOnPublic !== true)) guards.set(childKey, parentGuard);
      return child;
    },
    key,
    async read(location, write) {
      const remaining = options.deadlineAt !== undefined ? options.deadlineAt - Date.now() : Infinity;
      if (remaining <= 0) throw new Error(DEADLINE_PASSED);
      if (isSitemapUrl(location)) return readFetched(location, { ...options, guard: await guardOf(location) }, remaining, write);
      if (!files) throw new Error('a local file named by a fetched sitemap index is not read.');
      return readFile(location, options.regularFilesOnly === true, remaining, write);
    },
  };
}

const DEADLINE_PASSED = "not read: the check's overall deadline passed.";

/**
 * Where a `<loc>` of the index at `parent` points. A fetched index names only http(s) URLs:
 * a document from the network never makes the tool read a file (`c:/secret.xml` is not a
 * path there). A local index names files by paths relative to itself, or URLs.
 */
function childLocation(parent: string, loc: string, fetched: boolean): string | { readonly problem: string } {
  if (loc === '') return { problem: 'an empty <loc>' };
  const drivePath = /^[a-z]:[\\/]/i.test(loc);
  if (/^[a-z][a-z0-9+.-]*:/i.test(loc) && !(drivePath && !fetched)) {
    if (!isSitemapUrl(loc)) return { problem: `"${loc}" is not an http(s) URL` };
    try {
      return new URL(loc).href;
    } catch {
      return { problem: `"${loc}" is not a URL` };
    }
  }
  if (fetched) {
    try {
      const url = new URL(loc, parent);
      return isSitemapUrl(url.href) ? url.href : { problem: `"${loc}" is not an http(s) URL` };
    } catch {
      return { problem: `"${loc}" is not a URL` };
    }
  }
  // An index checked out of a repository names its children by paths relative to it.
  return isAbsolute(loc) ? loc : join(dirname(parent), loc);
}

async function readFile(path: string, regularOnly: boolean, remainingMs: number, write: (text: string) => Promise<void> | void): Promise<{ overLimit: boolean }> {
  let stream: Readable;
  try {
    stream = await openSitemapFile(path, regularOnly);
  } catch (error) {
    if (!(error as NodeJS.ErrnoException | undefined)?.code) throw error;
    // The report names the sitemap already: its reason leaves the path out.
    const sentence = describeFsError(error, path, 'sitemap file');
    throw new Error(sentence.startsWith(`${path}: `) ? sentence.slice(path.length + 2) : sentence.startsWith(`${path} is `) ? sentence.slice(path.length + 4) : sentence);
  }
  // A pipe that trickles (or never ends) is read until the walk's deadline, no longer.
  const timer = Number.isFinite(remainingMs) ? setTimeout(() => stream.destroy(new Error(DEADLINE_REACHED)), remainingMs) : undefined;
  try {
    return await streamText(stream, write);
  } finally {
    clearTimeout(timer);
    stream.destroy();
  }
}

const DEADLINE_REACHED = "read only in part: the check's overall deadline passed while reading it.";

/**
 * A regular file as a stream; a pipe (process substitution, a FIFO) opened without waiting
 * for a writer and read as a socket, so that no file-system thread waits on it. With
 * `regularOnly`, anything but a regular file is refused before it is opened.
 */
async function openSitemapFile(path: string, regularOnly: boolean): Promise<Readable> {
  const info = await fs.stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path} is a directory`), { code: 'EISDIR' });
  if (info.isFile()) return openFileStream(path, { highWaterMark: 1024 * 1024 });
  if (regularOnly) throw new Error('not a regular file (a pipe or a device): only regular files are read here.');
  if (info.isFIFO()) {
    const handle = await fs.open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    return new Socket({ fd: handle.fd, readable: true, writable: false });
  }
  return openFileStream(path, { highWaterMark: 1024 * 1024 });
}

async function readFetched(url: string, options: HttpOptions, remainingMs: number, write: (text: string) => Promise<void> | void): Promise<{ overLimit: boolean }> {
  // The walk's deadline bounds each fetch too: a trickling child ends with the walk.
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, remainingMs);
  const fetched = await fetchDocument(url, { ...options, timeoutMs, maxBytes: SITEMAP_MAX_BYTES + 1 });
  if (fetched.error) throw new Error(timeoutMs === remainingMs && (fetched.error.kind === 'timeout' || fetched.error.kind === 'connect-timeout') ? DEADLINE_REACHED : fetched.error.message);
  if (fetched.redirectProblem !== null) throw new Error(`the redirect from ${fetched.finalUrl} was not followed: ${fetched.redirectProblem}.`);
  const moved = fetched.finalUrl !== url ? ` (redirected to ${fetched.finalUrl})` : '';
  if (fetched.status === null || fetched.status < 200 || fetched.status > 299) throw new Error(`HTTP ${fetched.status ?? 'no'} status${moved}: no sitemap there.`);
  const body = fetched.body ?? new Uint8Array(0);
  const read = await streamText(Readable.from([Buffer.from(body.buffer, body.byteOffset, body.length)]), write);
  return { overLimit: read.overLimit || fetched.truncated };
}

/**
 * Decodes UTF-8 (the protocol's encoding) a chunk at a time and hands the text on, gzip
 * inflated first; stops after `SITEMAP_MAX_BYTES` bytes of text.
 */
async function streamText(input: Readable, write: (text: string) => Promise<void> | void): Promise<{ overLimit: boolean }> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return { overLimit: false };
  const gzipped = first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const rest = (async function* (): AsyncGenerator<Buffer> {
    yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  const gunzip = gzipped ? createGunzip() : undefined;
  // pipeline, not pipe: a source closed early (the reader refused the XML and stopped) or failing
  // reaches the inflater and its callback, never an 'error' event nobody listens to.
  const text: AsyncIterable<Buffer> = gunzip ? pipeline(Readable.from(rest), gunzip, () => undefined) : rest;
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  try {
    for await (const chunk of text) {
      const room = SITEMAP_MAX_BYTES - total;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      total += kept.length;
      // A fetched sitemap arrives as one buffer of up to 50 MB: parsed whole it would hold the
      // language server's event loop for over a second. Slices of 16 KiB take a few ms each.
      for (let at = 0; at < kept.length; at += SLICE_BYTES) {
        if (at > 0) await new Promise((resolve) => setImmediate(resolve));
        await write(decoder.decode(kept.subarray(at, at + SLICE_BYTES), { stream: true }));
      }
      if (chunk.length > room) return { overLimit: true };
    }
  } catch (error) {
    if (gunzip && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new Error(`the gzip data cannot be inflated (${(error as Error).message}).`);
    throw error;
  } finally {
    gunzip?.destroy();
  }
  const tail = decoder.decode();
  if (tail !== '') await write(tail);
  return { overLimit: false };
}
