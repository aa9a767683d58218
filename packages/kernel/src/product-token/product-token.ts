/**
 * Product tokens as Google reads them from a `User-agent:` value: the leading run of
 * `[A-Za-z_-]` characters. `Googlebot/2.1` → `Googlebot`, `Foo Bar` → `Foo`,
 * `AB42bot` → `AB`, `360Spider` → `` (no token: the line governs nobody).
 */
export function productToken(value: string): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end))) end++;
  return value.slice(0, end);
}

/** `*` alone, or `*` followed by whitespace and anything (Google still reads it as the global group). */
export function isStarAgent(value: string): boolean {
  if (value.charCodeAt(0) !== 0x2a) return false;
  if (value.length === 1) return true;
  const next = value.charCodeAt(1);
  return next === 0x20 || next === 0x09;
}

function isTokenChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;
}

/** Key used to look groups up: tokens compare case-insensitively. */
export function tokenKey(token: string): string {
  return token.toLowerCase();
}
