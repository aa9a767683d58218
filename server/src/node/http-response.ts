/**
 * Reading a response's head: headers as sent (names lower-cased, one entry per line), the
 * declared length, and where a redirect points.
 */

export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased, values as sent, one entry per header line. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Uint8Array;
  readonly truncated: boolean;
}

export function headerPairs(raw: readonly string[]): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return pairs;
}

export function firstHeader(response: RawResponse, name: string): string | undefined {
  return response.headers.find(([n]) => n === name)?.[1];
}

export function allHeaders(response: RawResponse, name: string): string[] {
  return response.headers.filter(([n]) => n === name).map(([, v]) => v);
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function declaredLength(response: RawResponse): number | null {
  const value = firstHeader(response, 'content-length');
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The absolute http(s) URL a redirect points to, or why it cannot be followed. */
export function redirectTarget(from: string, location: string | undefined): string | { problem: string } {
  if (location === undefined || location.trim() === '') return { problem: 'the redirect has no Location header' };
  let next: URL;
  try {
    next = new URL(location.trim(), from);
  } catch {
    return { problem: `Location "${location}" is not a URL` };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return { problem: `Location points to a ${next.protocol} URL, not http(s)` };
  next.hash = '';
  return next.href;
}
