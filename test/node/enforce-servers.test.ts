/**
 * The snippets proved on real servers: nginx, Apache httpd, HAProxy, Caddy and lighttpd from their
 * Debian packages, each on 127.0.0.1 with the generated snippet in front of a static site,
 * receive a few thousand requests (the example log's, and hard cases: escapes in either
 * case, an encoded slash, `$`, `*`, query strings, raw UTF-8 and invalid octets,
 * /robots.txt, browsers, names inside longer names) and must answer 403 exactly when the
 * matcher disallows the URL for a crawler in scope. A request the server refuses by itself
 * (400 for a browser too: a malformed escape, a raw octet HAProxy does not accept) never
 * reaches the rules and is counted apart.
 */
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { crawlersInScope, enforceSnippet, LIGHTTPD_ESCAPED_RAW } from '@robots-lens/enforce';
import type { CrawlerRanges, EnforceServer } from '@robots-lens/enforce';
import { resolveAgent } from '@robots-lens/kernel/crawlers';
import { decide } from '@robots-lens/kernel/match';
import { decodeUtf8Lossless, parseRobots } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { startServer, staticSite } from '../support/real-servers';
import type { RealServerName, RunningServer } from '../support/real-servers';

const ROOT = join(__dirname, '..', '..');

const HARD_ROBOTS = `User-agent: GPTBot
Disallow: /
Allow: /$
Allow: /blog/
Allow: /*.css$
Disallow: /blog/private
Disallow: /%62log/drafts/
Disallow: /a%2Fb
Disallow: /*?sessionid=
Disallow: /files/*.pdf$
Allow: /public/index.html
Allow: /ツ/
Disallow: /ツ/secret
Disallow: /price$

User-agent: Bytespider
User-agent: ClaudeBot
Disallow: /search
Allow: /search/help
Disallow: /*/comments
Disallow: /%E3%83%84
Disallow: /x%
Disallow: /*F$
Disallow: /*%2A
Disallow: /q$x
`;

const AGENTS = [
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'GPTBot/1.1',
  'gptbot',
  'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0; SLCC2; .NET CLR 2.0.50727)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; GPTBot/1.0) Googlebot-Image/1.0',
  'NotGPTBot/1.0',
  'Mozilla/5.0 (compatible; xGPTBot; GPTBotx)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  // Not UTF-8 (a lone octet E3): lighttpd's header sets it apart.
  'Mozilla/5.0 (compatible; GPTBot/1.0; \xE3)',
];
const BROWSER = AGENTS[5]!;

const FIXED_TARGETS = [
  '/robots.txt', '/robots.txt?x', '/robots%2Etxt', '/', '/?', '/blog/', '/BLOG/', '/blog/private/x', '/%62log/private', '/%62log/drafts/x', '/blog/drafts/x',
  '/%42log/drafts/', '/a%2Fb', '/a%2fb', '/a/b', '/x?sessionid=1', '/x?a=1&sessionid=2', '/files/a.pdf', '/files/a.pdf?x', '/files/a%2Epdf', '/public/',
  '/public/index.html', '/ツ/', '/\xE3\x83\x84/', '/%E3%83%84/secret', '/\xE3\x83\x84/secret', '/%e3%83%84/secret', '/price', '/price?', '/pric%65', '/x%', '/x%zz',
  '/x%41', '/x%4', '/search', '/Search', '/%73earch', '/search/help', '/search/%68elp', '/a/comments', '/%2F', '/%2f', '/a%2F', '/a*', '/a%2A', '/a%2a', '/q$x', '/q%24x',
  '/\xE9', '/\xC3\xA9', '/a.css', '/a.css?x', '/%E3', '/\xE3',
  // Dot segments and doubled slashes, which robots.txt keeps as sent (lighttpd's defaults would not).
  '/blog/../private', '/blog/./private/x', '/blog//private/x', '/%2E%2E/blog/private', '/blog/%2e%2e/search', '//search',
  // Raw characters lighttpd escapes before its rules read the target (its header sets them apart).
  '/blog/private{x}', '/q$x|', '/search[1]',
].map(latin1);

const PIECES = ['/', 'a', 'b', 'A', 'F', 'f', '2', '4', 'x', '%', '%2F', '%2f', '%62', '%41', '%4', '%E3', '%24', '%2A', '*', '$', '?', '=', '.', 'blog', 'search', 'files', '.pdf', '\xE9', '\xE3\x83\x84', '\xE3'];
const RANDOM_TARGETS = fc.sample(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => '/' + p.join('')), { numRuns: 170, seed: 37 });

/** The octets of a string written with `\xHH` for raw octets (already one character per octet) or as text (UTF-8). */
function latin1(target: string): string {
  return [...target].some((c) => c.charCodeAt(0) > 0xff) ? Buffer.from(target, 'utf8').toString('latin1') : target;
}

function exampleLogTargets(): string[] {
  const lines = readFileSync(join(ROOT, 'examples', 'access.log'), 'latin1').split('\n');
  const targets = new Set<string>();
  for (const line of lines) {
    const m = /"GET (\S+) HTTP\/1\.[01]"/.exec(line);
    if (m && !m[1]!.includes('#')) targets.add(m[1]!);
  }
  return [...targets].slice(0, 400);
}

interface Case {
  readonly target: string;
  readonly agent: string;
}

interface Differences {
  readonly compared: number;
  readonly refusedByServer: number;
  readonly unexpressible: number;
  readonly differences: readonly string[];
}

/** Whether the header says the rules may decide this crawler's request otherwise than robots.txt. */
type Inexact = (crawlerId: string, target: string, agent: string) => boolean;

async function runCases(server: RunningServer, file: RobotsFile, scope: ReadonlySet<string>, cases: readonly Case[], inexact: Inexact, spoofedFrom127: ReadonlySet<string>): Promise<Differences> {
  const differences: string[] = [];
  let compared = 0;
  let refusedByServer = 0;
  let unexpressible = 0;
  const baseline = new Map<string, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < cases.length) {
      const { target, agent } = cases[next++]!;
      const crawler = resolveAgent(agent).crawler;
      const inScope = crawler !== undefined && scope.has(crawler.id);
      if (inScope && inexact(crawler.id, target, agent)) {
        unexpressible++;
        continue;
      }
      const text = decodeUtf8Lossless(Buffer.from(target, 'latin1'));
      // A spoofed claim (--verified-only, from outside its ranges) is refused whatever the URL but /robots.txt.
      const spoofed = inScope && spoofedFrom127.has(crawler.id) && target !== '/robots.txt';
      const expected = spoofed || (inScope && decide(file, text, agent).allowed === false);
      const status = await server.status(target, agent);
      if ((status === 403) !== expected) {
        let plain = baseline.get(target);
        if (plain === undefined) baseline.set(target, (plain = await server.status(target, BROWSER)));
        // The server answers a browser the same 400: it refused the request line before any rule ran.
        if (plain === status && status === 400) {
          refusedByServer++;
          continue;
        }
        differences.push(`${JSON.stringify(target)} as ${JSON.stringify(agent)}: server ${status}, matcher ${expected ? 'disallowed' : 'allowed'}`);
      }
      compared++;
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  return { compared, refusedByServer, unexpressible, differences };
}

/** --verified-only from 127.0.0.1: GPTBot's list holds it (verified), ClaudeBot's does not (spoofed), Bytespider has none. */
const RANGES: readonly CrawlerRanges[] = [
  { token: 'GPTBot', prefixes: ['127.0.0.0/8', '2001:db8::/32'], lists: [{ name: 'gptbot.json', date: '2026-12-01T00:00:00Z' }] },
  { token: 'ClaudeBot', prefixes: ['192.0.2.0/24'], lists: [{ name: 'claudebot.json', date: null }] },
];

const SUITES: readonly { readonly name: string; readonly robots: () => string; readonly crawlers: readonly string[]; readonly cases: () => Case[]; readonly ranges?: readonly CrawlerRanges[] }[] = [
  {
    name: 'hard cases',
    robots: () => HARD_ROBOTS,
    crawlers: ['GPTBot', 'Bytespider', 'ClaudeBot'],
    cases: () => [...FIXED_TARGETS, ...RANDOM_TARGETS].flatMap((target) => AGENTS.map((agent) => ({ target, agent }))),
  },
  {
    name: "examples/robots.txt and the example log's requests",
    robots: () => readFileSync(join(ROOT, 'examples', 'robots.txt'), 'utf8'),
    crawlers: ['GPTBot', 'Bytespider'],
    cases: () => exampleLogTargets().flatMap((target) => [AGENTS[0]!, AGENTS[3]!, BROWSER].map((agent) => ({ target, agent }))),
  },
  {
    name: '--verified-only: a claim from outside its ranges refused whatever the URL, the others by their rules',
    robots: () => HARD_ROBOTS,
    crawlers: ['GPTBot', 'Bytespider', 'ClaudeBot'],
    ranges: RANGES,
    cases: () => [...FIXED_TARGETS, ...RANDOM_TARGETS.slice(0, 100)].flatMap((target) => AGENTS.map((agent) => ({ target, agent }))),
  },
];

/**
 * The requests each header says may be decided otherwise: for RE2 (Caddy) a URL with `%` or
 * raw non-ASCII octets for a crawler with an inexact rule; for lighttpd a URL with a raw
 * character lighttpd escapes before its rules read the target, /robots.txt spelt with escapes
 * (lighttpd decodes them first), the path refused requests are rewritten to, or a User-Agent
 * that is not UTF-8.
 */
function inexactRequests(server: EnforceServer, inexactCrawlers: ReadonlySet<string>): Inexact {
  if (server === 'lighttpd') {
    return (_crawler, target, agent) =>
      !isUtf8(Buffer.from(agent, 'latin1')) ||
      [...LIGHTTPD_ESCAPED_RAW].some((c) => target.includes(c)) || /^\/robots-lens-refused(?:\?|$)/.test(target) || (target !== '/robots.txt' && decodeUnreserved(target) === '/robots.txt');
  }
  return (crawler, target) => inexactCrawlers.has(crawler) && /[%\x80-\xFF]/.test(target);
}

/** `%2E` as `.`, as lighttpd reads a target: escapes of unreserved characters decoded. */
function decodeUnreserved(target: string): string {
  return target.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9._~-]/.test(c) ? c : escape;
  });
}

for (const server of ['nginx', 'apache', 'haproxy', 'caddy', 'lighttpd'] as const satisfies readonly (RealServerName & EnforceServer)[]) {
  describe(`enforce --server ${server} on a real ${server}`, () => {
    const site = staticSite();
    // lighttpd's snippet does not check claims against ranges (its header says so).
    for (const suite of SUITES.filter((s) => !(s.ranges && server === 'lighttpd'))) {
      let running: RunningServer | undefined;
      const file = parseRobots(suite.robots());
      const scope = crawlersInScope({ crawlers: suite.crawlers });
      assert.ok(scope.ok);
      const snippet = enforceSnippet(file, scope.crawlers, { server, status: 403, source: 'robots.txt', ...(suite.ranges ? { ranges: suite.ranges } : {}) });
      const spoofed = new Set(suite.ranges ? ['claudebot'] : []);
      const inexact = inexactRequests(server, new Set(snippet.plan.crawlers.filter((c) => c.rules.some((r) => !r.regex.exact)).map((c) => c.crawler.id)));
      before(async () => {
        running = await startServer(server, site, snippet.text, 403);
      });
      after(async () => running?.stop());
      test(`${suite.name}: 0 differences between the server's status and the matcher's verdict`, async (t) => {
        const cases = suite.cases();
        const result = await runCases(running!, file, new Set(scope.crawlers.map((c) => c.id)), cases, inexact, spoofed);
        t.diagnostic(`${result.compared} requests compared, ${result.refusedByServer} refused by ${server} itself, ${result.unexpressible} set apart as the header says they may differ`);
        assert.deepEqual(result.differences.slice(0, 20), [], `${result.differences.length} differences of ${result.compared}`);
        assert.ok(result.compared >= (cases.length - result.unexpressible) * 0.9 && result.compared >= 1000, `${result.compared} of ${cases.length} compared (${result.refusedByServer} refused by the server itself, ${result.unexpressible} set apart as the header says they may differ)`);
      });
    }
  });
}
