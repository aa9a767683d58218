/**
 * One real HTTP server on 127.0.0.1 for the survey tests, answering by Host header, as one
 * machine serving many sites does; the CLI reaches each site through `--resolve
 * host:port:127.0.0.1`. Every case the survey must get right has a host of its own.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/** The study's blunders in one file: a blank line inside a group, and one crawler's groups split apart. */
export const SPLIT_ROBOTS = [
  'User-agent: *',
  'Disallow: /tmp/',
  '',
  'User-agent: GPTBot',
  '',
  'Disallow: /',
  '',
  'User-agent: CCBot',
  'Disallow: /a/',
  '',
  'User-agent: GPTBot',
  'Disallow: /b/',
  '',
].join('\n');

/** The study's own example: ExampleBot's two groups merge, so help.html is allowed and report.html not. */
export const EXAMPLEBOT_ROBOTS = [
  'User-agent: ExampleBot',
  'Disallow: /private/',
  '',
  'User-agent: *',
  'Disallow: /tmp/',
  '',
  'User-agent: ExampleBot',
  'Allow: /private/help.html',
  '',
].join('\n');

/** Every tested path disallowed, yet not the site: the home page is allowed by a longer Allow. */
export const HOME_ONLY_ROBOTS = ['User-agent: *', 'Disallow: /', 'Allow: /$', ''].join('\n');

/** A wildcard Disallow the site over, an Allow outranked by a longer Disallow: proved. */
export const WILDCARD_ROBOTS = ['User-agent: *', 'Disallow: *', 'Allow: /pub', 'Disallow: /pub*', ''].join('\n');

export const HTML_ROBOTS = ['<!DOCTYPE html>', '<html><body><pre>', 'User-agent: *', 'Disallow: /admin/', '</pre></body></html>', ''].join('\n');

export const BOM_ROBOTS = '\ufeffUser-agent: *\nDisallow: /bom/\n';

export const SITEMAP_COUNT = 25;
export const SITEMAPS_ROBOTS = [
  'User-agent: *',
  'Crawl-delay: 10',
  'Content-Signal: search=yes, ai-train=no',
  'Disallow: /search',
  '',
  ...Array.from({ length: SITEMAP_COUNT }, (_, i) => `Sitemap: https://sitemaps.test/sitemap-${i + 1}.xml`),
  '',
].join('\n');

export const ELSEWHERE_ROBOTS = 'User-agent: *\nDisallow: /elsewhere-rules/\n';

/** Rule text that tries to be HTML and terminal control: it must stay text everywhere. */
export const HOSTILE_ROBOTS = 'User-agent: *\nDisallow: /"><script>alert(1)</script>\nSitemap: https://hostile.test/<img src=x>\x1b[31m\u009b2J\n';

/** The path the hostile rule decides. */
export const HOSTILE_PATH = '/"><script>alert(1)</script>';

export const SURVEY_HOSTS = [
  'split.test',
  'examplebot.test',
  'home-only.test',
  'wildcard.test',
  'gone.test',
  'teapot.test',
  'busy.test',
  'down.test',
  'moved.test',
  'elsewhere.test',
  'html.test',
  'bom.test',
  'sitemaps.test',
  'hostile.test',
  'hang.test',
] as const;

export type SurveyHost = (typeof SURVEY_HOSTS)[number];

export interface SurveyServer {
  readonly port: number;
  /** `http://<host>:<port>` */
  site(host: SurveyHost): string;
  /** `--resolve` arguments pointing every host at the server. */
  readonly resolveArgs: readonly string[];
  /** Requests answered per host, in order (the path asked). */
  readonly requests: Map<string, string[]>;
  /** Replace a host's robots.txt (a watch sees the site change). */
  serve(host: SurveyHost, body: string): void;
  close(): Promise<void>;
}

export async function startSurveyServer(): Promise<SurveyServer> {
  const bodies = new Map<string, string>([
    ['split.test', SPLIT_ROBOTS],
    ['examplebot.test', EXAMPLEBOT_ROBOTS],
    ['home-only.test', HOME_ONLY_ROBOTS],
    ['wildcard.test', WILDCARD_ROBOTS],
    ['elsewhere.test', ELSEWHERE_ROBOTS],
    ['bom.test', BOM_ROBOTS],
    ['sitemaps.test', SITEMAPS_ROBOTS],
    ['hostile.test', HOSTILE_ROBOTS],
  ]);
  const requests = new Map<string, string[]>();
  const hanging = new Set<Socket>();
  let port = 0;
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    requests.set(host, [...(requests.get(host) ?? []), req.url ?? '']);
    const send = (status: number, type: string, body: string): void => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    switch (host) {
      case 'gone.test':
        return send(410, 'text/plain', 'Gone\n');
      case 'teapot.test':
        return send(418, 'text/html', '<html><body>I am a teapot</body></html>\n');
      case 'busy.test':
        return send(429, 'text/plain', 'Too many requests\n');
      case 'down.test':
        return send(503, 'text/plain', 'Unavailable\n');
      case 'moved.test':
        res.writeHead(301, { location: `http://elsewhere.test:${port}/robots.txt`, 'content-length': 0 });
        return res.end();
      case 'html.test':
        return send(200, 'text/html; charset=utf-8', HTML_ROBOTS);
      case 'hang.test':
        // Headers never come: the socket is held until the server closes.
        hanging.add(req.socket);
        return;
    }
    const body = bodies.get(host);
    if (body === undefined || req.url !== '/robots.txt') return send(404, 'text/plain', 'Not found\n');
    send(200, 'text/plain; charset=utf-8', body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    site: (host) => `http://${host}:${port}`,
    resolveArgs: SURVEY_HOSTS.flatMap((host) => ['--resolve', `${host}:${port}:127.0.0.1`]),
    requests,
    serve: (host, body) => void bodies.set(host, body),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of hanging) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
