/**
 * The params of the live-fetch requests, checked as they arrive: the client is trusted to
 * send the shapes of `protocol/`, but a bad value is answered as InvalidParams, never as
 * a server failure.
 */

import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { MAX_FETCH_TIMEOUT_MS } from '@robots-lens/fetch';
import { InputError } from '../node/input-error';

export function requiredString(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a non-empty string.`);
  return value.trim();
}

export function optionalTimeout(params: { readonly timeoutMs?: number }): number | undefined {
  const value = params.timeoutMs;
  if (value === undefined || value === null) return undefined;
  // Past 2^31 ms a timer fires at once: a huge timeout would time every fetch out instantly.
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > MAX_FETCH_TIMEOUT_MS) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"timeoutMs" must be a number of milliseconds from 1 to ${MAX_FETCH_TIMEOUT_MS} (10 minutes).`);
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

/** The params object itself: null, a list or a scalar is answered as InvalidParams. */
export function paramsObject(params: unknown, request: string): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new ResponseError(ErrorCodes.InvalidParams, `${request} needs its params as an object.`);
  }
  return params as Record<string, unknown>;
}

/** A field that must be a string, empty allowed (a URL or path the matcher judges as given). */
export function requiredText(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a string.`);
  return value;
}

/** A field that is absent (undefined or null) or a string. */
export function optionalText(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a string when given.`);
  return value;
}

/** A field that is absent (undefined or null) or a list of strings. */
export function optionalTextList(params: Record<string, unknown>, name: string): readonly string[] | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ResponseError(ErrorCodes.InvalidParams, `"${name}" must be a list of strings when given.`);
  }
  return value as readonly string[];
}
