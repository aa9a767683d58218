/**
 * What a URL means to robots.txt: its origin (which robots.txt applies at all) and its
 * path + `;params` + `?query`, without fragment (docs/spec/robots-semantics.md §4). Written by hand rather than
 * with WHATWG `URL`, which would resolve dot segments and re-encode — robots.txt matching
 * sees the path exactly as sent. Path extraction follows Google's `GetPathParamsQuery`.
 */

export interface Target {
  /** `scheme://host[:port]`, lower-cased, default port dropped; null for a bare path. */
  readonly origin: string | null;
  /** Path, params and query as written, starting with `/`. */
  readonly path: string;
}

export type TargetResult = { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly message: string };

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443', ftp: '21' };

/** Reads a URL (`https://host/path?q`) or a path (`/path?q`, `?q`). */
export function parseTarget(input: string): TargetResult {
  const url = input.trim();
  if (url === '') return { ok: false, message: 'The URL is empty.' };
  // Anything starting with `/` is a path, `//double` included: that is how it appears in request lines.
  if (url.startsWith('/')) return { ok: true, target: { origin: null, path: pathOf(url, 0) } };
  if (url.startsWith('?') || url.startsWith(';')) return { ok: true, target: { origin: null, path: '/' + cutFragment(url) } };
  const schemeEnd = schemeLength(url);
  if (schemeEnd < 0) {
    return { ok: false, message: `"${truncate(url)}" is neither a path starting with "/" nor an absolute URL (https://host/path).` };
  }
  const afterScheme = schemeEnd + 3;
  let authorityEnd = afterScheme;
  while (authorityEnd < url.length) {
    const c = url.charCodeAt(authorityEnd);
    if (c === 0x2f || c === 0x3f || c === 0x3b || c === 0x23) break;
    authorityEnd++;
  }
  const origin = cachedOrigin(url.slice(0, schemeEnd), url.slice(afterScheme, authorityEnd));
  if (origin === undefined) return { ok: false, message: `"${truncate(url)}" has no host.` };
  return { ok: true, target: { origin, path: pathOf(url, authorityEnd) } };
}

/** Length of a `scheme` followed by `://`, or -1. */
function schemeLength(url: string): number {
  const c0 = url.charCodeAt(0);
  if (!isAlpha(c0)) return -1;
  let i = 1;
  while (i < url.length) {
    const c = url.charCodeAt(i);
    if (isAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2e || c === 0x2d) i++;
    else break;
  }
  return url.startsWith('://', i) ? i : -1;
}

function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

// Queries come in long runs on one origin: remember the last one instead of re-normalising.
let lastScheme = '';
let lastAuthority = '';
let lastOrigin: string | undefined;

function cachedOrigin(scheme: string, authority: string): string | undefined {
  if (scheme !== lastScheme || authority !== lastAuthority) {
    lastScheme = scheme;
    lastAuthority = authority;
    lastOrigin = originOf(scheme.toLowerCase(), authority);
  }
  return lastOrigin;
}

/** Normalises `scheme://authority` for comparison. Undefined when there is no host. */
export function originOf(scheme: string, authority: string): string | undefined {
  const at = authority.lastIndexOf('@');
  let hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  hostPort = hostPort.toLowerCase();
  let host = hostPort;
  let port = '';
  const bracket = hostPort.lastIndexOf(']');
  const colon = hostPort.lastIndexOf(':');
  if (colon > bracket) {
    host = hostPort.slice(0, colon);
    port = hostPort.slice(colon + 1);
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') return undefined;
  host = asciiHost(host);
  if (port === DEFAULT_PORTS[scheme]) port = '';
  return `${scheme}://${host}${port ? ':' + port : ''}`;
}

/** The URL standard's parser, a global wherever the kernel runs (its lib types leave it out). */
const WhatwgUrl = (globalThis as { URL?: new (input: string) => { readonly hostname: string } }).URL;

/**
 * A host in its ASCII (punycode) form: `bücher.test` and `xn--bcher-kva.test` are one host,
 * and so one origin, wherever origins are compared. The IDNA mapping (UTS #46) is the URL
 * standard's, which every runtime here has; an ASCII host is taken as it is, without the cost.
 */
function asciiHost(host: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII is what it tells apart.
  if (/^[\x00-\x7f]*$/.test(host) || WhatwgUrl === undefined) return host;
  try {
    const hostname = new WhatwgUrl(`http://${host}/`).hostname;
    return hostname === '' ? host : hostname;
  } catch {
    // Not a valid international name: compared as written (lower-cased).
    return host;
  }
}

/** Origin of a site or robots.txt URL given loosely (`example.com`, `https://example.com/robots.txt`). */
export function siteOrigin(input: string): string | undefined {
  const trimmed = input.trim();
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`;
  const parsed = parseTarget(withScheme);
  return parsed.ok && parsed.target.origin !== null ? parsed.target.origin : undefined;
}

function pathOf(url: string, from: number): string {
  const rest = cutFragment(url.slice(from));
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : '/' + rest;
}

function cutFragment(s: string): string {
  const hash = s.indexOf('#');
  return hash >= 0 ? s.slice(0, hash) : s;
}

function truncate(s: string): string {
  return s.length > 80 ? s.slice(0, 77) + '…' : s;
}
