/**
 * What went wrong with a request, as a `NetworkFailure` a user can read: the kind the core
 * decides on (DNS, refused, reset, TLS, a body cut short or too long, …) and a sentence
 * naming the host and the system's code.
 */

import type http from 'node:http';
import type { NetworkFailure } from '@robots-lens/fetch';
import { plural } from '@robots-lens/kernel/words';
import { PRIVATE_ADDRESS_CODE } from './address-guard';
import { headerText } from './http-response';

/** A failure that ends the fetch; carried as data in the outcome, never shown as a crash. */
export class RequestFailure extends Error {
  constructor(readonly failure: NetworkFailure) {
    super(failure.message);
  }
}

/**
 * Bytes after a complete body are not HTTP: the parser fails on them before the body is
 * handed over. That is a body longer than its `Content-Length`, not one cut short.
 */
export function overlongBody(error: unknown, response: http.IncomingMessage | undefined): NetworkFailure | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (response === undefined || !response.complete || !code.startsWith('HPE_')) return undefined;
  const declared = headerText(response.headers['content-length']);
  if (declared === undefined) return undefined;
  return {
    kind: 'protocol',
    code,
    message: `The body is longer than its Content-Length: the server declared ${declared} byte${declared.trim() === '1' ? '' : 's'} and sent more after them, which is not valid HTTP (${code}).`,
  };
}

export function describeError(error: unknown, url: URL, responding: boolean, received: number): NetworkFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'ERROR';
  const text = error instanceof Error ? error.message : String(error);
  const host = url.hostname;
  if (code === PRIVATE_ADDRESS_CODE) return { kind: 'other', code, message: text };
  if (responding) {
    return { kind: 'incomplete-body', code, message: `The connection failed after ${plural(received, 'byte')}, before the body was complete (${code}).` };
  }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return { kind: 'dns', code, message: `The host name ${host} does not resolve (${code}).` };
    case 'ECONNREFUSED':
      return { kind: 'connection-refused', code, message: `${url.host} refused the connection (${code}).` };
    case 'ECONNRESET':
    case 'EPIPE':
      return { kind: 'connection-reset', code, message: `The connection to ${url.host} was reset before a response arrived (${code}).` };
    case 'ETIMEDOUT':
      return { kind: 'timeout', code, message: `The connection to ${url.host} timed out (${code}).` };
  }
  if (code.startsWith('HPE_')) return { kind: 'protocol', code, message: `The response from ${url.host} is not valid HTTP (${code}).` };
  if (/CERT|SSL|TLS|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code)) {
    return { kind: 'tls', code, message: `The TLS connection to ${url.host} failed: ${text} (${code}).` };
  }
  return { kind: 'other', code, message: `The request to ${url.host} failed: ${text} (${code}).` };
}
