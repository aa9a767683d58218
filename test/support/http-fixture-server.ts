/**
 * A real HTTP server on loopback for the fetch and check tests. Every robots.txt case gets
 * its own listening port on 127.0.0.1 (a robots.txt is always at `/robots.txt` of an
 * origin, so each case needs an origin of its own); cross-host redirects land on a second
 * listener on 127.0.0.2. Ports are chosen by the system, so parallel test files never clash.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const ROBOTS_OK = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'User-agent: Bingbot',
  'Disallow: /nogoogle',
  'Allow: /',
  '',
  'Sitemap: https://example.test/sitemap-1.xml',
  'Sitemap: https://example.test/sitemap-2.xml',
  '',
].join('\n');

/** What Stack Overflow answered in the seed's archive: a 418 with a 113-byte body. */
export const BODY_418 = `${'<html><body><h1>418 I am a teapot</h1><p>No robots here.</p></body></html>'.padEnd(112, ' ')}\n`;

export const HTML_SOFT_404 = [
  '<!DOCTYPE html>',
  '<html><head><title>Not found</title></head><body><pre>',
  'User-agent: *',
  'Disallow: /admin/',
  '</pre></body></html>',
  '',
].join('\n');

/** What the cross-host redirects finally reach on 127.0.0.2. */
export const MOVED_ROBOTS = 'User-agent: *\nDisallow: /moved-rules/\n';

/** A body larger than Google's 500 KiB and the default reading cap. */
export const OVERSIZE_BYTES = 700_000;

export const SITE_ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  '',
  'User-agent: Googlebot',
  'Disallow: /private/',
  'Allow: /private/open/',
  '',
].join('\n');

export const CASES = [
  'ok',
  'html',
  'bom',
  'empty',
  'cross-host',
  'redirects-5',
  'redirects-6',
  'status-404',
  'status-410',
  'status-401',
  'status-403',
  'status-418',
  'status-429',
  'status-500',
  'status-503',
  'reset',
  'hang',
  'oversize',
  'trickle',
  'gzip',
  'site',
  'site-503',
  'site-404',
] as const;

export type CaseName = (typeof CASES)[number];

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` of a case. */
  origin(name: CaseName): string;
  /** `http://127.0.0.2:<port>`, the second host of the cross-host redirects. */
  readonly otherOrigin: string;
  /** An origin where nothing listens (connection refused). */
  readonly closedOrigin: string;
  /** How many requests each path received on a case's origin. */
  hits(name: CaseName, path: string): number;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function startFixtureServer(): Promise<FixtureServer> {
  const servers: http.Server[] = [];
  const origins = new Map<CaseName, string>();
  const hitCounts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  const other = await listen('127.0.0.2', otherHostHandler(), servers);
  const otherOrigin = `http://127.0.0.2:${other}`;
  for (const name of CASES) {
    const handler = caseHandler(name, otherOrigin, timers);
    const port = await listen('127.0.0.1', (req, res) => {
      const key = `${name} ${req.url ?? ''}`;
      hitCounts.set(key, (hitCounts.get(key) ?? 0) + 1);
      // A client that stops reading (byte cap, timeout) makes later writes fail; that is expected.
      res.on('error', () => undefined);
      req.socket.on('error', () => undefined);
      handler(req, res);
    }, servers);
    origins.set(name, `http://127.0.0.1:${port}`);
  }
  const closedOrigin = `http://127.0.0.1:${await closedPort()}`;

  return {
    origin: (name) => origins.get(name)!,
    otherOrigin,
    closedOrigin,
    hits: (name, path) => hitCounts.get(`${name} ${path}`) ?? 0,
    async close() {
      for (const t of timers) clearInterval(t);
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/** Listens on a system-chosen port of `host`. */
function listen(host: string, handler: Handler, keep: http.Server[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    server.on('error', reject);
    server.listen(0, host, () => {
      keep.push(server);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** A port that was free a moment ago and is closed again: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const scratch: http.Server[] = [];
  const port = await listen('127.0.0.1', () => undefined, scratch);
  await new Promise<void>((resolve) => scratch[0]!.close(() => resolve()));
  return port;
}

function text(res: http.ServerResponse, status: number, body: string | Buffer, type: string | null = 'text/plain; charset=utf-8', extra: Record<string, string | string[]> = {}): void {
  const headers: Record<string, string | string[] | number> = { 'content-length': Buffer.byteLength(body), ...extra };
  if (type !== null) headers['content-type'] = type;
  res.writeHead(status, headers);
  res.end(body);
}

function redirect(res: http.ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location, 'content-length': 0 });
  res.end();
}

function caseHandler(name: CaseName, otherOrigin: string, timers: Set<NodeJS.Timeout>): Handler {
  return (req, res) => {
    const path = req.url ?? '/';
    switch (name) {
      case 'ok':
        return text(res, 200, ROBOTS_OK);
      case 'html':
        return text(res, 200, HTML_SOFT_404, 'text/html; charset=utf-8');
      case 'bom':
        return text(res, 200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /bom-private/\n')]));
      case 'empty':
        return text(res, 200, '');
      case 'cross-host':
        return redirect(res, 301, `${otherOrigin}/hop`);
      case 'redirects-5':
      case 'redirects-6': {
        const total = name === 'redirects-5' ? 5 : 6;
        const n = path === '/robots.txt' ? 0 : Number(path.split('/').pop());
        if (n < total) return redirect(res, n % 2 === 0 ? 301 : 302, `/r/${n + 1}`);
        return text(res, 200, 'User-agent: *\nDisallow: /after-redirects/\n');
      }
      case 'status-404':
        return text(res, 404, 'Not found\n');
      case 'status-410':
        return text(res, 410, 'Gone\n');
      case 'status-401':
        return text(res, 401, 'Login required\n', 'text/plain', { 'www-authenticate': 'Basic realm="x"' });
      case 'status-403':
        return text(res, 403, 'Forbidden\n');
      case 'status-418':
        return text(res, 418, BODY_418, 'text/html');
      case 'status-429':
        return text(res, 429, 'Too many requests\n', 'text/plain', { 'retry-after': '120' });
      case 'status-500':
        return text(res, 500, 'Internal error\n');
      case 'status-503':
        return text(res, 503, 'Maintenance\n', 'text/plain', { 'retry-after': '3600' });
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'hang':
        // Never answer; the client's timeout must end it (close() drops the connection).
        return;
      case 'oversize':
        return streamOversize(res);
      case 'trickle': {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 100_000 });
        const timer = setInterval(() => {
          if (res.destroyed) {
            clearInterval(timer);
            timers.delete(timer);
            return;
          }
          res.write('# trickle......\n');
        }, 5);
        timers.add(timer);
        res.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      case 'gzip':
        // Compressed, so the test also covers Content-Encoding.
        return text(res, 200, gzipSync(Buffer.from('User-agent: *\nDisallow: /zipped/\n')), 'text/plain', { 'content-encoding': 'gzip' });
      case 'site':
        return sitePage(res, path, 200);
      case 'site-503':
        return sitePage(res, path, 503);
      case 'site-404':
        return sitePage(res, path, 404);
    }
  };
}

function otherHostHandler(): Handler {
  return (req, res) => {
    res.on('error', () => undefined);
    if (req.url === '/hop') return redirect(res, 301, '/final-robots.txt');
    if (req.url === '/final-robots.txt') return text(res, 200, MOVED_ROBOTS);
    return text(res, 404, 'Not found\n');
  };
}

/** Writes OVERSIZE_BYTES of valid rules, honouring backpressure, until done or the client leaves. */
function streamOversize(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/plain', 'content-length': OVERSIZE_BYTES });
  let sent = 0;
  const line = (i: number): string => `Disallow: /p${String(i).padStart(8, '0')}\n`;
  let i = 0;
  const pump = (): void => {
    while (sent < OVERSIZE_BYTES && !res.destroyed) {
      let chunk = i === 0 ? 'User-agent: *\n' : '';
      while (chunk.length < 16_384) chunk += line(i++);
      chunk = chunk.slice(0, OVERSIZE_BYTES - sent);
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

export const PAGE_PRIVATE = [
  '<!DOCTYPE html>',
  '<html><head>',
  '<title>Quarterly report</title>',
  '<meta name="robots" content="noindex, nofollow">',
  '<meta name="googlebot-news" content="nosnippet">',
  '<script>var fake = \'<meta name="robots" content="noarchive">\';</script>',
  '</head><body><!-- <meta name="robots" content="noimageindex"> --><p>Numbers.</p></body></html>',
].join('\n');

export const PAGE_PUBLIC_NOINDEX = '<!DOCTYPE html><html><head><meta name="ROBOTS" content="NOINDEX"><meta name="description" content="noindex is not here"></head><body>Hi</body></html>';

export const PAGE_PLAIN = '<!DOCTYPE html><html><head><title>Plain</title></head><body>Nothing special.</body></html>';

function sitePage(res: http.ServerResponse, path: string, robotsStatus: number): void {
  if (path === '/robots.txt') {
    return robotsStatus === 200 ? text(res, 200, SITE_ROBOTS) : text(res, robotsStatus, `status ${robotsStatus}\n`);
  }
  switch (path) {
    case '/private/report.html':
      return text(res, 200, PAGE_PRIVATE, 'text/html; charset=utf-8', { 'x-robots-tag': ['noindex', 'googlebot: max-snippet: 20, notranslate'] });
    case '/private/open/page.html':
    case '/page.html':
    case '/public/noindex.html':
      return text(res, 200, PAGE_PUBLIC_NOINDEX, 'text/html');
    case '/public/plain.html':
      return text(res, 200, PAGE_PLAIN, 'text/html');
    case '/doc.pdf':
      return text(res, 200, Buffer.from('%PDF-1.4 not really'), 'application/pdf', { 'x-robots-tag': 'noindex, unavailable_after: Wednesday, 03-Nov-2027 15:00:00 GMT' });
    case '/moved':
      return redirect(res, 301, '/public/plain.html');
    default:
      return text(res, 404, 'Not found\n', 'text/html');
  }
}
