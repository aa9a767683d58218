import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { runCli } from '../support/cli';

const SITE = 'https://shop.test';
const ROBOTS = ['User-agent: *', 'Disallow: /private/', '', 'User-agent: Googlebot', 'Disallow: /nogoogle', 'Allow: /private/open/', ''].join('\n');

function urlset(urls: readonly string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls.map((u) => `  <url><loc>${u}</loc></url>`), '</urlset>', ''].join('\n');
}

function sitemapIndex(locs: readonly string[]): string {
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...locs.map((l) => `  <sitemap><loc>${l}</loc></sitemap>`), '</sitemapindex>', ''].join('\n');
}

const PAGES = [`${SITE}/`, `${SITE}/private/a`, `${SITE}/nogoogle/x`, `${SITE}/private/open/b`, 'https://blog.shop.test/private/c'];
const GZ_PAGES = [`${SITE}/private/gz`, `${SITE}/shoes`];
const MOVED_PAGES = [`${SITE}/nogoogle/moved`];
const BIG_COUNT = 50_001;

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-sitemaps-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, ROBOTS);
let server: http.Server;
let base = '';

before(async () => {
  const big = urlset(Array.from({ length: BIG_COUNT }, (_, i) => `${SITE}/${i === BIG_COUNT - 1 ? 'nogoogle/last' : `p/${i}`}`));
  const routes: Record<string, (res: http.ServerResponse) => void> = {
    '/sitemap-index.xml': (res) => res.end(sitemapIndex([`${base}/sitemap-pages.xml`, `${base}/sitemap-gz.xml.gz`, `${base}/moved.xml`, `${base}/missing.xml`])),
    '/sitemap-pages.xml': (res) => res.end(urlset(PAGES)),
    // Served as a file download, not as a Content-Encoding: the sitemap itself is gzip.
    '/sitemap-gz.xml.gz': (res) => {
      res.setHeader('content-type', 'application/gzip');
      res.end(gzipSync(urlset(GZ_PAGES)));
    },
    '/moved.xml': (res) => {
      res.statusCode = 301;
      res.setHeader('location', '/sitemap-moved.xml');
      res.end();
    },
    '/sitemap-moved.xml': (res) => res.end(urlset(MOVED_PAGES)),
    '/big.xml': (res) => res.end(big),
    '/malformed.xml': (res) => res.end('<?xml version="1.0"?>\n<urlset>\n  <url><loc>https://shop.test/a</loc></url>\n  <url><loc>https://shop.test/b</lo></url>\n</urlset>\n'),
  };
  server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Blocked {
  type: string;
  url: string;
  agent: string;
  line: number;
  rule: string;
  sitemap: string;
  sitemapLine: number;
}

interface Summary {
  type: 'summary';
  origin: string | null;
  listed: number;
  agents: { agent: string; checked: number; blocked: number }[];
  otherOrigin: { count: number; examples: { url: string }[] };
  notUrls: { count: number };
  sitemaps: { location: string; kind?: string; entries: number; error?: string; notices: string[] }[];
}

function jsonLines(stdout: string): { blocked: Blocked[]; summary: Summary } {
  const objects = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Blocked | Summary);
  const summary = objects.pop() as Summary;
  assert.equal(summary.type, 'summary', 'the last object is the summary');
  return { blocked: objects as Blocked[], summary };
}

/** What the core matcher says, URL by URL and crawler by crawler: the expected blocked entries. */
function expectedBlocked(urls: readonly string[], agents: readonly string[]): { url: string; agent: string; line: number }[] {
  const matcher = matcherFor(parseRobots(ROBOTS));
  const out: { url: string; agent: string; line: number }[] = [];
  for (const url of urls) {
    if (!url.startsWith(`${SITE}/`)) continue;
    for (const agent of agents) {
      const verdict = matcher.decide(url, agent, { origin: SITE });
      if (verdict.outcome === 'disallowed') out.push({ url, agent, line: verdict.rule!.line + 1 });
    }
  }
  return out;
}

describe('robots-lens sitemaps over HTTP', () => {
  test('an index is followed: gzip, a redirect and a 404 child; every blocked URL with its deciding line, as the matcher decides', async () => {
    const { code, stdout, stderr } = await runCli(['sitemaps', robots, `${base}/sitemap-index.xml`, '--agent', 'Googlebot', '--agent', 'GPTBot', '--origin', SITE, '--json']);
    assert.equal(code, 2, 'a sitemap that cannot be read makes the check incomplete');
    assert.match(stderr, new RegExp(`missing\\.xml: HTTP 404 status: no sitemap there\\.`));
    const { blocked, summary } = jsonLines(stdout);
    const expected = expectedBlocked([...PAGES, ...GZ_PAGES, ...MOVED_PAGES], ['Googlebot', 'GPTBot']);
    assert.deepEqual(
      blocked.map((b) => ({ url: b.url, agent: b.agent, line: b.line })).sort((a, b) => (a.url + a.agent).localeCompare(b.url + b.agent)),
      expected.sort((a, b) => (a.url + a.agent).localeCompare(b.url + b.agent)),
    );
    assert.equal(blocked.length, 5);
    const gz = blocked.find((b) => b.url === `${SITE}/private/gz`)!;
    assert.deepEqual({ line: gz.line, rule: gz.rule, sitemap: gz.sitemap, sitemapLine: gz.sitemapLine, type: gz.type }, { line: 2, rule: 'Disallow: /private/', sitemap: `${base}/sitemap-gz.xml.gz`, sitemapLine: 3, type: 'blocked' });
    const moved = blocked.find((b) => b.url === `${SITE}/nogoogle/moved`)!;
    assert.equal(moved.sitemap, `${base}/moved.xml`);
    assert.deepEqual(summary.sitemaps.map((s) => [s.location.replace(base, ''), s.kind ?? null, s.entries, s.error ?? null]), [
      ['/sitemap-index.xml', 'sitemapindex', 4, null],
      ['/sitemap-pages.xml', 'urlset', 5, null],
      ['/sitemap-gz.xml.gz', 'urlset', 2, null],
      ['/moved.xml', 'urlset', 1, null],
      ['/missing.xml', null, 0, 'HTTP 404 status: no sitemap there.'],
    ]);
    assert.deepEqual(summary.agents, [
      { agent: 'Googlebot', checked: 7, blocked: 2 },
      { agent: 'GPTBot', checked: 7, blocked: 3 },
    ]);
    assert.equal(summary.listed, 8);
    assert.deepEqual(summary.otherOrigin.examples.map((e) => e.url), ['https://blog.shop.test/private/c']);
    assert.equal(summary.otherOrigin.count, 1);
  });

  test('with no sitemap named, the Sitemap: lines of the robots.txt are read, and the text names each blocked URL with its line', async () => {
    const withLines = join(dir, 'robots-with-sitemaps.txt');
    writeFileSync(withLines, `${ROBOTS}\nSitemap: ${base}/sitemap-pages.xml\nSitemap: /relative.xml\n`);
    const { code, stdout } = await runCli(['sitemaps', withLines, '--agent', 'Googlebot', '--origin', SITE]);
    assert.equal(code, 0);
    assert.match(stdout, /^blocked +https:\/\/shop\.test\/nogoogle\/x {2}\[Googlebot\] {2}line 5: Disallow: \/nogoogle {2}\(http:\/\/127\.0\.0\.1:\d+\/sitemap-pages\.xml, line 5\)$/m);
    assert.match(stdout, /^Googlebot: 1 URL blocked of 4 URLs checked\.$/m);
    // Five listed, one of them elsewhere: the headline does not say all five are on the site.
    assert.match(stdout, /^Sitemaps: 1 sitemap read, 5 URLs listed, 4 on https:\/\/shop\.test\.$/m);
    assert.match(stdout, /^1 URL on another origin, not governed by this robots\.txt \(its own robots\.txt decides\):\n {2}https:\/\/blog\.shop\.test\/private\/c /m);
    assert.match(stdout, /line 9: "\/relative\.xml" is not an http\(s\) URL, not read\./);
  });

  test('a sitemap of 50,001 URLs is said to exceed the protocol, and every URL is still checked', async () => {
    const { code, stdout } = await runCli(['sitemaps', robots, `${base}/big.xml`, '--agent', 'Googlebot', '--origin', SITE, '--json']);
    assert.equal(code, 0);
    const { blocked, summary } = jsonLines(stdout);
    assert.deepEqual(blocked.map((b) => b.url), [`${SITE}/nogoogle/last`]);
    assert.equal(summary.listed, BIG_COUNT);
    assert.deepEqual(summary.sitemaps[0]!.notices, ["lists 50,001 URLs, more than the protocol's 50,000: search engines may reject it (every URL was checked)."]);
    const text = await runCli(['sitemaps', robots, `${base}/big.xml`, '--agent', 'Googlebot', '--origin', SITE]);
    assert.match(text.stdout, /note: lists 50,001 URLs, more than the protocol's 50,000/);
  });

  test('malformed XML is an error with its line and column; exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['sitemaps', robots, `${base}/malformed.xml`, '--agent', 'Googlebot']);
    assert.equal(code, 2);
    assert.match(stderr, /malformed\.xml: malformed XML at line 4, column 36: unexpected close tag\./);
    assert.match(stdout, /malformed\.xml {2}2 entries read, then: malformed XML at line 4, column 36/);
    // The heading counts it as read in part, not as "0 sitemaps read" beside its 2 URLs.
    assert.match(stdout, /^Sitemaps: 1 sitemap read in part, 2 URLs listed/m);
    // The answer, first: its two URLs are on another origin than the sitemap's, so nothing was checked.
    assert.match(stdout, /^Nothing checked: the sitemaps read list no URL on http:\/\/127\.0\.0\.1:\d+ \(1 sitemap read in part\), so no listed URL was checked against robots\.txt\.\nSitemaps:/);
    // On their own origin they are checked, and the answer says how much was read.
    const onSite = await runCli(['sitemaps', robots, `${base}/malformed.xml`, '--agent', 'Googlebot', '--origin', SITE]);
    assert.match(onSite.stdout, /^Partly checked: 2 URLs on https:\/\/shop\.test checked, none blocked, but 1 sitemap was read in part, so listed URLs may be missing from this check\.\nSitemaps:/);
  });

  test('a sitemap that cannot be read: the answer is that nothing was checked, never that none is blocked; exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['sitemaps', robots, `${base}/missing.xml`, '--agent', 'Googlebot', '--agent', 'GPTBot']);
    assert.equal(code, 2);
    assert.match(stderr, /missing\.xml: HTTP 404/);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines[0], 'Nothing checked: no sitemap could be read (1 sitemap tried), so no listed URL was checked against robots.txt.');
    assert.deepEqual(lines.filter((l) => /^(Googlebot|GPTBot):/.test(l)), ['Googlebot: nothing checked.', 'GPTBot: nothing checked.']);
    assert.doesNotMatch(stdout, /none blocked|no listed URL is blocked/i);
  });

  test('every sitemap read and none blocked: the answer says so, with how many URLs were checked', async () => {
    const { code, stdout } = await runCli(['sitemaps', robots, `${base}/sitemap-moved.xml`, '--agent', 'GPTBot', '--origin', SITE]);
    assert.equal(code, 0);
    assert.equal(stdout.split('\n')[0], 'No listed URL is blocked: 1 URL on https://shop.test checked for 1 crawler.');
  });

  test('the sitemaps\' own origin is taken when none is given, and URLs elsewhere are set apart', async () => {
    const { code, stdout } = await runCli(['sitemaps', robots, `${base}/sitemap-pages.xml`, '--agent', 'Googlebot', '--json']);
    assert.equal(code, 0);
    const { blocked, summary } = jsonLines(stdout);
    assert.equal(summary.origin, base);
    assert.deepEqual(blocked, []);
    assert.equal(summary.otherOrigin.count, 5);
  });
});

describe('robots-lens sitemaps on files', () => {
  const tree = join(dir, 'site');
  mkdirSync(join(tree, 'parts'), { recursive: true });
  writeFileSync(join(tree, 'parts', 'a.xml'), urlset([`${SITE}/private/a`, `${SITE}/ok`]));
  // Gzip told by its first bytes, whatever the name says.
  writeFileSync(join(tree, 'parts', 'b.xml'), gzipSync(urlset([`${SITE}/nogoogle/b`])));
  // A child named twice and the index naming itself are read once.
  writeFileSync(join(tree, 'index.xml'), sitemapIndex(['parts/a.xml', 'parts/b.xml', 'index.xml', './parts/a.xml', 'ftp://shop.test/x.xml']));

  test('a relative or empty <loc> is set apart, named as such; the headline counts the URLs on the site', async () => {
    const odd = join(tree, 'odd.xml');
    writeFileSync(odd, urlset([`${SITE}/private/a`, '/relative/path', '', `${SITE}/ok`]));
    const { code, stdout } = await runCli(['sitemaps', robots, odd, '--agent', 'Googlebot']);
    assert.equal(code, 0);
    assert.match(stdout, /^Sitemaps: 1 sitemap read, 4 URLs listed, 2 on https:\/\/shop\.test \(the first URL listed; --origin chooses another\)\.$/m);
    assert.match(stdout, /^2 URLs not an absolute URL, not checked:\n {2}\/relative\/path {2}\(.*odd\.xml, line \d+: not an absolute URL: sitemaps list fully qualified URLs\)\n {2}\(empty\) {2}\(.*odd\.xml, line \d+: an empty <loc>\)$/m);
  });

  test('a folder named as a sitemap is not read, said in words; exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['sitemaps', robots, tree, '--agent', 'Googlebot']);
    assert.equal(code, 2);
    assert.match(stdout, new RegExp(`^ {2}${tree.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} {2}not read: a directory, not a sitemap file\\.$`, 'm'));
    assert.equal(stderr, `robots-lens sitemaps: ${tree}: a directory, not a sitemap file.\n`);
  });

  test('a local index names its children by paths relative to it; gzip by magic bytes; loops end', async () => {
    const { code, stdout } = await runCli(['sitemaps', robots, join(tree, 'index.xml'), '-a', 'Googlebot', '-a', 'GPTBot', '--json']);
    assert.equal(code, 0);
    const { blocked, summary } = jsonLines(stdout);
    assert.deepEqual(
      blocked.map((b) => [b.url, b.agent, b.line, b.sitemap]),
      [
        [`${SITE}/private/a`, 'GPTBot', 2, join(tree, 'parts', 'a.xml')],
        [`${SITE}/nogoogle/b`, 'Googlebot', 5, join(tree, 'parts', 'b.xml')],
      ],
    );
    assert.equal(summary.sitemaps.length, 3);
    assert.match(summary.sitemaps[0]!.notices.join(' '), /1 child sitemap not read: line 7: "ftp:\/\/shop\.test\/x\.xml" is not an http\(s\) URL/);
  });

  test('--fail-on-blocked exits 1 when a URL is blocked, 0 when none is', async () => {
    const blocked = await runCli(['sitemaps', robots, join(tree, 'parts', 'a.xml'), '-a', 'GPTBot', '--fail-on-blocked']);
    assert.equal(blocked.code, 1);
    const clean = await runCli(['sitemaps', robots, join(tree, 'parts', 'b.xml'), '-a', 'GPTBot', '--fail-on-blocked']);
    assert.equal(clean.code, 0);
    assert.match(clean.stdout, /^GPTBot: none blocked of 1 URL checked\.$/m);
  });

  test('more than 50 MB of text is read no further, and said so', async () => {
    const entry = `<url><loc>${SITE}/p/0123456789012345678901234567890123456789</loc></url>\n`;
    const count = Math.ceil((52_428_800 + 1000) / entry.length);
    const bomb = join(tree, 'huge.xml.gz');
    writeFileSync(bomb, gzipSync(`<urlset>\n${entry.repeat(count)}</urlset>\n`));
    const { code, stdout } = await runCli(['sitemaps', robots, bomb, '-a', 'Googlebot', '--json']);
    assert.equal(code, 0);
    const { summary } = jsonLines(stdout);
    assert.match(summary.sitemaps[0]!.notices[0]!, /^larger than the protocol's 50 MB \(52,428,800 bytes\) uncompressed: only the first 50 MB were read/);
    assert.ok(summary.listed < count && summary.listed > 50_000);
  });

  test('no sitemap named and no Sitemap: line is a usage error', async () => {
    const none = await runCli(['sitemaps', robots, '-a', 'Googlebot']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /has no Sitemap: line with an http\(s\) URL; name the sitemaps/);
  });

  test("no --agent: the editor's four crawlers, and stderr says so", async () => {
    const noAgent = await runCli(['sitemaps', robots, join(tree, 'index.xml'), '--json']);
    assert.equal(noAgent.code, 0);
    assert.equal(noAgent.stderr, 'robots-lens sitemaps: no --agent given: checking Googlebot, bingbot, GPTBot, ClaudeBot, as the editor does by default.\n');
    assert.deepEqual(jsonLines(noAgent.stdout).summary.agents.map((a) => a.agent), ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot']);
  });
});
