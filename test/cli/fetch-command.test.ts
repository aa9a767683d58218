import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CrawlerAccess, FetchPolicy, RobotsFetchReport } from '@robots-lens/fetch';
import { runCli } from '../support/cli';
import { HTML_SOFT_404, MOVED_ROBOTS, OVERSIZE_BYTES, ROBOTS_OK, startFixtureServer } from '../support/http-fixture-server';
import type { CaseName, FixtureServer } from '../support/http-fixture-server';

let fixture: FixtureServer;
before(async () => {
  fixture = await startFixtureServer();
});
after(async () => {
  await fixture.close();
});

/** The report, and the exit code: 1 when no complete answer arrived, else 0. */
async function fetchJson(site: string, ...options: string[]): Promise<RobotsFetchReport> {
  const { code, stdout, stderr } = await runCli(['fetch', site, '--json', ...options]);
  const report = JSON.parse(stdout) as RobotsFetchReport;
  assert.equal(code, report.error ? 1 : 0, stderr);
  return report;
}

interface Row {
  readonly name: CaseName;
  readonly options?: string[];
  readonly state: RobotsFetchReport['state'];
  readonly status: number | null;
  readonly chain: number[];
  readonly bytes: number | null;
  readonly warnings: string[];
  readonly error?: string;
  /** Per policy: access and a phrase of every such crawler's summary. */
  readonly crawlers: Partial<Record<FetchPolicy, readonly [CrawlerAccess, string]>>;
}

const STOP = 'stops crawling for 12 h, then uses the last good copy up to 30 days';
const FOLLOW = { google: ['by-rules', 'follows these rules'], rfc9309: ['by-rules', 'follows these rules'], amazon: ['by-rules', 'follows these rules'] } as const;
const AMAZON = ['cached-copy', 'cached copy up to 30 days'] as const;
const GONE = (status: number) => ({
  google: ['everything', `treats HTTP ${status} like a missing robots.txt: everything allowed`],
  rfc9309: ['everything', `reads HTTP ${status} as "unavailable"`],
  amazon: AMAZON,
}) as const;
const DOWN = { google: ['nothing', `treats a timeout or network error like a server error: ${STOP}`], rfc9309: ['nothing', 'must assume complete disallow'], amazon: AMAZON } as const;

const ROWS: Row[] = [
  { name: 'ok', state: 'rules', status: 200, chain: [200], bytes: Buffer.byteLength(ROBOTS_OK), warnings: [], crawlers: FOLLOW },
  { name: 'html', state: 'rules', status: 200, chain: [200], bytes: Buffer.byteLength(HTML_SOFT_404), warnings: ['looks-like-html', 'content-type'], crawlers: { ...FOLLOW, google: ['by-rules', 'takes the valid lines of this HTML page'] } },
  { name: 'bom', state: 'rules', status: 200, chain: [200], bytes: 41, warnings: ['bom'], crawlers: FOLLOW },
  { name: 'empty', state: 'rules', status: 200, chain: [200], bytes: 0, warnings: ['empty-body'], crawlers: FOLLOW },
  { name: 'cross-host', state: 'rules', status: 200, chain: [301, 301, 200], bytes: Buffer.byteLength(MOVED_ROBOTS), warnings: ['redirect'], crawlers: FOLLOW },
  {
    name: 'redirects-6', state: 'unavailable', status: 302, chain: [301, 302, 301, 302, 301, 302], bytes: null, warnings: ['too-many-redirects'],
    crawlers: { google: ['everything', 'follows at most 5 redirect hops'], rfc9309: ['everything', 'more than 5 redirects'], amazon: AMAZON },
  },
  { name: 'status-404', state: 'unavailable', status: 404, chain: [404], bytes: 10, warnings: [], crawlers: GONE(404) },
  { name: 'status-410', state: 'unavailable', status: 410, chain: [410], bytes: 5, warnings: [], crawlers: GONE(410) },
  { name: 'status-401', state: 'unavailable', status: 401, chain: [401], bytes: 15, warnings: ['access-denied'], crawlers: GONE(401) },
  { name: 'status-403', state: 'unavailable', status: 403, chain: [403], bytes: 10, warnings: ['access-denied'], crawlers: GONE(403) },
  { name: 'status-418', state: 'unavailable', status: 418, chain: [418], bytes: 113, warnings: [], crawlers: GONE(418) },
  {
    name: 'status-429', state: 'unreachable', status: 429, chain: [429], bytes: 18, warnings: ['rate-limited'],
    crawlers: { google: ['nothing', `treats 429 like a server error: ${STOP}`], rfc9309: ['everything', 'RFC 9309 counts 429'], amazon: AMAZON },
  },
  { name: 'status-500', state: 'unreachable', status: 500, chain: [500], bytes: 15, warnings: [], crawlers: { ...DOWN, google: ['nothing', `on HTTP 500 ${STOP}`] } },
  { name: 'status-503', state: 'unreachable', status: 503, chain: [503], bytes: 12, warnings: [], crawlers: { ...DOWN, google: ['nothing', `on 503 (retried fairly often) ${STOP}`] } },
  { name: 'reset', state: 'unreachable', status: null, chain: [], bytes: null, warnings: [], error: 'connection-reset', crawlers: DOWN },
  { name: 'hang', options: ['--timeout', '200'], state: 'unreachable', status: null, chain: [], bytes: null, warnings: [], error: 'timeout', crawlers: DOWN },
  { name: 'trickle', options: ['--timeout', '300'], state: 'unreachable', status: null, chain: [], bytes: null, warnings: [], error: 'timeout', crawlers: DOWN },
  {
    name: 'oversize', state: 'rules', status: 200, chain: [200], bytes: 512_000 + 65_536, warnings: ['size-limit'],
    crawlers: { ...FOLLOW, google: ['by-rules', 'ignores everything after the first 500 KiB'] },
  },
  { name: 'oversize', options: ['--max-bytes', '1000'], state: 'rules', status: 200, chain: [200], bytes: 1000, warnings: ['truncated'], crawlers: FOLLOW },
];

describe('robots-lens fetch --json against a real HTTP server', () => {
  for (const row of ROWS) {
    test(`${row.name}${row.options ? ' ' + row.options.join(' ') : ''}: ${row.state}`, async () => {
      const origin = fixture.origin(row.name);
      const report = await fetchJson(origin, ...(row.options ?? []));
      assert.equal(report.origin, origin);
      assert.equal(report.url, `${origin}/robots.txt`);
      assert.equal(report.state, row.state);
      assert.equal(report.status, row.status);
      assert.deepEqual(report.chain.map((h) => h.status), row.chain);
      assert.equal(report.bytes, row.bytes);
      assert.deepEqual(report.warnings.map((w) => w.code), row.warnings);
      assert.equal(report.error?.kind, row.error);
      if (row.error !== undefined) assert.ok(report.error!.message.length > 0);
      assert.equal(report.rules === null, row.state !== 'rules');
      assert.ok(report.crawlers.length >= 15);
      for (const c of report.crawlers) {
        const want = row.crawlers[c.policy];
        assert.ok(want, `${c.crawler}: no expectation for ${c.policy}`);
        assert.equal(c.access, want[0], `${c.crawler}: ${c.summary}`);
        assert.ok(c.summary.includes(want[1]), `${c.crawler}: "${c.summary}" lacks "${want[1]}"`);
      }
    });
  }

  test('the JSON carries url, chain, status, state, bytes, contentType, warnings, rules and crawlers', async () => {
    const report = await fetchJson(fixture.origin('ok'));
    for (const key of ['url', 'chain', 'status', 'state', 'bytes', 'contentType', 'warnings', 'rules', 'crawlers', 'origin', 'explanation']) {
      assert.ok(key in report, key);
    }
    assert.deepEqual(report.rules, {
      groups: 2,
      rules: 3,
      sitemaps: ['https://example.test/sitemap-1.xml', 'https://example.test/sitemap-2.xml'],
      agents: ['*', 'Googlebot', 'Bingbot'],
    });
    const googlebot = report.crawlers.find((c) => c.crawler === 'Googlebot')!;
    assert.deepEqual(
      { policy: googlebot.policy, documented: googlebot.documented, source: googlebot.source },
      { policy: 'google', documented: true, source: 'https://developers.google.com/crawling/docs/robots-txt/robots-txt-spec' },
    );
  });

  test('a cross-host redirect keeps the original origin', async () => {
    const origin = fixture.origin('cross-host');
    const report = await fetchJson(`${origin}/some/page.html`);
    assert.equal(report.origin, origin);
    assert.equal(report.finalUrl, `${fixture.otherOrigin}/final-robots.txt`);
    assert.deepEqual(report.chain[0], { url: `${origin}/robots.txt`, status: 301, location: `${fixture.otherOrigin}/hop` });
  });

  test('the oversize body declared its full length', async () => {
    const report = await fetchJson(fixture.origin('oversize'));
    assert.equal(report.truncated, true);
    assert.match(report.warnings[0]!.message, new RegExp(`Content-Length: ${OVERSIZE_BYTES}`));
  });
});

describe('robots-lens fetch, text output', () => {
  test('200: chain, state, body, rules, then what crawlers do', async () => {
    const origin = fixture.origin('ok');
    const { code, stdout } = await runCli(['fetch', origin]);
    assert.equal(code, 0);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines[0], `robots.txt for ${origin}`);
    assert.equal(lines[1], `  200  ${origin}/robots.txt`);
    assert.match(lines[2]!, /^state {5}rules — HTTP 200: the rules in this file apply to every URL of /);
    assert.equal(lines[3], `body      ${Buffer.byteLength(ROBOTS_OK)} bytes, text/plain; charset=utf-8`);
    assert.equal(lines[4], 'rules     2 groups, 3 rules, 2 sitemaps; user-agents: *, Googlebot, Bingbot');
    assert.ok(lines.includes('what crawlers do'));
    assert.ok(lines.includes('  Googlebot, Googlebot-Image, Googlebot-News: follows these rules; caches robots.txt up to 24 h'), stdout);
  });

  test('503: Googlebot stops for 12 h, then the last good copy', async () => {
    const { stdout } = await runCli(['fetch', fixture.origin('status-503')]);
    assert.match(stdout, /^state {5}unreachable — HTTP 503: a server error/m);
    assert.match(stdout, /Googlebot, Googlebot-Image, Googlebot-News: on 503 \(retried fairly often\) stops crawling for 12 h, then uses the last good copy up to 30 days/);
  });

  test('404: everything allowed', async () => {
    const { stdout } = await runCli(['fetch', fixture.origin('status-404')]);
    assert.match(stdout, /Googlebot, Googlebot-Image, Googlebot-News: treats HTTP 404 like a missing robots.txt: everything allowed/);
  });

  test('418: the 113-byte body is reported exactly', async () => {
    const { stdout } = await runCli(['fetch', fixture.origin('status-418')]);
    assert.match(stdout, /^body {6}113 bytes, text\/html$/m);
    assert.match(stdout, /The 113-byte body is not read as rules/);
  });

  test('a network error is stated, exit 1', async () => {
    const { code, stdout } = await runCli(['fetch', fixture.origin('reset')]);
    assert.equal(code, 1);
    assert.match(stdout, /connection-reset: The connection to 127\.0\.0\.1:\d+ was reset before a response arrived \(ECONNRESET\)/);
    assert.match(stdout, /^state {5}unreachable/m);
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['no site', ['fetch'], /give one site or URL/],
    ['bad --timeout', ['fetch', 'example.com', '--timeout', 'soon'], /--timeout: "soon" is not a duration such as 10s or 500ms \(a bare number is milliseconds\)\./],
    ['bad --max-bytes', ['fetch', 'example.com', '--max-bytes', '0'], /--max-bytes takes a whole number/],
    ['not http', ['fetch', 'ftp://example.com/'], /not an http or https URL/],
    ['unknown option', ['fetch', 'example.com', '--agent', 'x'], /unknown option --agent\. Usage: robots-lens fetch <site-or-url>/],
    ['--timeout over the maximum', ['fetch', 'example.com', '--timeout', '2147483648'], /--timeout takes at most 600000 ms/],
  ];
  for (const [name, args, message] of usage) {
    test(`usage error: ${name} exits 2`, async () => {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2);
      assert.match(stderr, message);
    });
  }
});
