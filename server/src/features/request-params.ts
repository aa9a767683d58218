/**
 * The params of the live-fetch requests, checked as they arrive: the client is trusted to
 * send the shapes of `protocol.ts`, but a bad value is answered as InvalidParams, never as
 * a server failure.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { InputError } from '../node/files';

export function requiredString(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a non-empty string.`);
  return value.trim();
}

export function optionalTimeout(params: { readonly timeoutMs?: number }): number | undefined {
  const value = params.timeoutMs;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"timeoutMs" must be a number of milliseconds of 1 or more.`);
  }
  return Math.round(value);
}

/** A site or URL a user can correct is answered as such, not as a server failure. */
export async function invalidInputAsParamsError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
    throw error;
  }
}
