/**
 * One GET with every limit enforced while it streams: the overall deadline, a connect
 * timeout, the address guard, cancellation, and a byte cap that stops reading (decompressed
 * bytes count, so a small compression bomb stops at the cap too). The fetchers in
 * `http-fetch.ts` follow redirects over it.
 */

import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { NetworkFailure } from '@robots-lens/fetch';
import { plural } from '@robots-lens/kernel/words';
import { PRIVATE_ADDRESS_CODE } from './address-guard';
import type { AddressGuard } from './address-guard';
import { describeError, overlongBody, RequestFailure } from './http-failures';
import { headerPairs, headerText } from './http-response';
import type { RawResponse } from './http-response';
import { pinnedAddress, pinnedLookup } from './pinned-hosts';
import type { PinnedHosts } from './pinned-hosts';

export interface Limits {
  /** Epoch ms by which the whole fetch must be done. */
  readonly deadline: number;
  readonly totalMs: number;
  readonly connectTimeoutMs: number;
  readonly maxBytes: number;
  readonly userAgent: string;
  /** Keeps a fetch that started on a public address out of private networks. */
  readonly guard: AddressGuard;
  readonly signal?: AbortSignal | undefined;
  /** Hosts answered from a given address (`--resolve`), not DNS. */
  readonly pinned?: PinnedHosts | undefined;
}

/**
 * One GET. Resolves with the status, headers and (when `wantBody` says so) the body up to
 * `maxBytes`; rejects with a `RequestFailure` on any network trouble, a timeout, or a body
 * cut short — Google treats incomplete data like a server error.
 */
export function request(url: URL, limits: Limits, wantBody: (status: number, headers: http.IncomingHttpHeaders) => boolean): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const remaining = limits.deadline - Date.now();
    if (remaining <= 0) {
      reject(new RequestFailure(timeoutFailure(limits, false, 0)));
      return;
    }
    const pinned = pinnedAddress(limits.pinned, url);
    const literalRefusal = pinned === undefined ? limits.guard.refusalForHost(url.hostname) : undefined;
    if (literalRefusal !== undefined) {
      reject(new RequestFailure({ kind: 'other', code: PRIVATE_ADDRESS_CODE, message: literalRefusal }));
      return;
    }
    const transport = url.protocol === 'https:' ? https : http;
    let settled = false;
    let received = 0;
    let responding = false;
    let response: http.IncomingMessage | undefined;
    let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;
    let connectTimer: NodeJS.Timeout | undefined;
    const timers: NodeJS.Timeout[] = [];

    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      limits.signal?.removeEventListener('abort', cancel);
      for (const t of timers) clearTimeout(t);
      if (connectTimer !== undefined) clearTimeout(connectTimer);
      // A decompressor holds the compressed bytes already received and would go on
      // inflating them (a small Brotli bomb is gigabytes) long after the answer is known.
      if (decoder !== undefined) {
        response?.unpipe(decoder);
        decoder.removeAllListeners('data');
        decoder.destroy();
      }
      action();
    };
    const fail = (failure: NetworkFailure): void =>
      settle(() => {
        req.destroy();
        reject(new RequestFailure(failure));
      });

    const cancel = (): void => fail({ kind: 'other', code: 'ABORT_ERR', message: 'The fetch was cancelled.' });
    if (limits.signal?.aborted) {
      reject(new RequestFailure({ kind: 'other', code: 'ABORT_ERR', message: 'The fetch was cancelled.' }));
      return;
    }
    limits.signal?.addEventListener('abort', cancel, { once: true });

    const req = transport.request(url, {
      method: 'GET',
      // A fresh connection per request: nothing is kept alive after the fetch.
      agent: false,
      lookup: pinned !== undefined ? pinnedLookup(limits.guard, pinned) : limits.guard.lookup,
      headers: {
        'user-agent': limits.userAgent,
        accept: 'text/plain, text/html;q=0.9, */*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    timers.push(setTimeout(() => fail(timeoutFailure(limits, responding, received)), remaining));

    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(
        () => fail({ kind: 'connect-timeout', code: 'ETIMEDOUT', message: `No connection to ${url.host} within ${limits.connectTimeoutMs} ms.` }),
        Math.min(limits.connectTimeoutMs, remaining),
      );
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('error', (error) => fail(overlongBody(error, response) ?? describeError(error, url, responding, received)));

    req.on('response', (res) => {
      responding = true;
      response = res;
      const status = res.statusCode ?? 0;
      const headers = headerPairs(res.rawHeaders);
      if (!wantBody(status, res.headers)) {
        settle(() => {
          res.destroy();
          req.destroy();
          resolve({ status, headers, body: new Uint8Array(0), truncated: false });
        });
        return;
      }
      let stream: Readable = res;
      const encoding = headerText(res.headers['content-encoding'])?.trim().toLowerCase() ?? '';
      decoder = decoderFor(encoding);
      if (decoder !== undefined) {
        stream = res.pipe(decoder);
        decoder.on('error', (error: NodeJS.ErrnoException) =>
          fail({ kind: 'protocol', code: error.code ?? 'Z_DATA_ERROR', message: `The ${encoding} body cannot be decompressed (${error.message}).` }),
        );
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        const room = limits.maxBytes - received;
        if (chunk.length > room) {
          // Past the cap: keep what fits and stop reading; the rest is never downloaded.
          chunks.push(chunk.subarray(0, room));
          received += room;
          settle(() => {
            res.destroy();
            req.destroy();
            resolve({ status, headers, body: concat(chunks, received), truncated: true });
          });
          return;
        }
        chunks.push(chunk);
        received += chunk.length;
      });
      stream.on('end', () => settle(() => resolve({ status, headers, body: concat(chunks, received), truncated: false })));
      res.on('error', (error: NodeJS.ErrnoException) =>
        fail({
          kind: 'incomplete-body',
          code: error.code ?? 'ECONNRESET',
          message: `The connection failed after ${plural(received, 'byte')}, before the body was complete (${error.code ?? error.message}).`,
        }),
      );
      res.on('close', () => {
        if (!res.complete) {
          fail({
            kind: 'incomplete-body',
            code: 'ECONNRESET',
            message: `The connection closed after ${plural(received, 'byte')}, before the body was complete.`,
          });
        }
      });
    });
    req.end();
  });
}

function timeoutFailure(limits: Limits, responding: boolean, received: number): NetworkFailure {
  return {
    kind: 'timeout',
    code: 'ETIMEDOUT',
    message: responding
      ? `No complete response within ${limits.totalMs} ms: the body was still arriving after ${plural(received, 'byte')}.`
      : `No response within ${limits.totalMs} ms.`,
  };
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function concat(chunks: readonly Buffer[], size: number): Uint8Array {
  const body = Buffer.concat(chunks, size);
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}
