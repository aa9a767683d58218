/**
 * Where sitemaps come from for the CLI and the language server: files on disk and http(s)
 * URLs fetched with the project's fetcher (its redirects, deadline and address guard).
 * Gzip is told by its first bytes, whatever the name, and inflated as a stream; at most
 * the protocol's 50 MB of text is read from any sitemap, so a bomb stops there.
 */

import { dirname, isAbsolute, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { SITEMAP_MAX_BYTES } from '@robots-lens/sitemaps';
import type { SitemapSource } from '@robots-lens/sitemaps';
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
}

export function sitemapSource(options: SitemapSourceOptions = {}): SitemapSource {
  const files = options.files ?? true;
  return {
    child(parent, loc) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(loc) && !/^[a-z]:[\\/]/i.test(loc)) {
        if (!isSitemapUrl(loc)) return { problem: `"${loc}" is not an http(s) URL` };
        try {
          return new URL(loc).href;
        } catch {
          return { problem: `"${loc}" is not a URL` };
        }
      }
      if (loc === '') return { problem: 'an empty <loc>' };
      if (isSitemapUrl(parent)) {
        try {
          return new URL(loc, parent).href;
        } catch {
          return { problem: `"${loc}" is not a URL` };
        }
      }
      // An index checked out of a repository names its children by paths relative to it.
      return isAbsolute(loc) ? loc : join(dirname(parent), loc);
    },
    key(location) {
      if (!isSitemapUrl(location)) return `file:${resolve(location)}`;
      try {
        return new URL(location).href;
      } catch {
        return location;
      }
    },
    read(location, write) {
      if (isSitemapUrl(location)) return readFetched(location, options, write);
      if (!files) return Promise.reject(new Error('a local file named by a fetched sitemap index is not read.'));
      return readFile(location, write);
    },
  };
}

async function readFile(path: string, write: (text: string) => Promise<void> | void): Promise<{ overLimit: boolean }> {
  let stream;
  try {
    stream = await openFileStream(path, { highWaterMark: 1024 * 1024 });
  } catch (error) {
    // The report names the sitemap already: its reason leaves the path out.
    const sentence = describeFsError(error, path, 'sitemap file');
    throw new Error(sentence.startsWith(`${path}: `) ? sentence.slice(path.length + 2) : sentence.startsWith(`${path} is `) ? sentence.slice(path.length + 4) : sentence);
  }
  try {
    return await streamText(stream, write);
  } finally {
    stream.destroy();
  }
}

async function readFetched(url: string, options: HttpOptions, write: (text: string) => Promise<void> | void): Promise<{ overLimit: boolean }> {
  const fetched = await fetchDocument(url, { timeoutMs: DEFAULT_TIMEOUT_MS, ...options, maxBytes: SITEMAP_MAX_BYTES + 1 });
  if (fetched.error) throw new Error(fetched.error.message);
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
  const text: AsyncIterable<Buffer> = gunzip ? Readable.from(rest).pipe(gunzip) : rest;
  const decoder = new TextDecoder('utf-8');
  let total = 0;
  try {
    for await (const chunk of text) {
      const room = SITEMAP_MAX_BYTES - total;
      if (chunk.length > room) {
        await write(decoder.decode(chunk.subarray(0, room), { stream: true }));
        return { overLimit: true };
      }
      total += chunk.length;
      await write(decoder.decode(chunk, { stream: true }));
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
