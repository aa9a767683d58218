/**
 * The protocol's DTOs are plain JSON: each result and notification is built from the real
 * core on realistic inputs, through the server's feature functions and their converters
 * (`server/src/features/wire/`), and must come back from `JSON.stringify`/`JSON.parse`
 * deep-equal (strictly: no class instance, no `undefined` field, no Map, Set or Date).
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CancellationToken } from 'vscode-languageserver';
import { lint } from '@robots-lens/editor/lint';
import { aiAccessResult } from '../../server/src/features/ai-access-request';
import { checkSitemapsRequest } from '../../server/src/features/check-sitemaps-request';
import { checkUrlRequest } from '../../server/src/features/check-url-request';
import { compareRequest } from '../../server/src/features/compare-request';
import { FetchedDocuments } from '../../server/src/features/fetched-documents';
import { fetchRobots } from '../../server/src/features/fetch-request';
import { fileSummary } from '../../server/src/features/file-summary-request';
import { matrix } from '../../server/src/features/matrix-request';
import { replayRequest } from '../../server/src/features/replay-request';
import type {
  CheckSitemapsProgressParams,
  FetchedDocumentParams,
  ReadIpListsResult,
  ReadLogParams,
  ReadLogResult,
  RefreshIpListsProgressParams,
  RefreshIpListsResult,
  ReplayCountsParams,
  ReplayProgressParams,
} from '../../server/src/protocol';
import { parsedDocument } from '../support/features';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'replay');

/** Comes back from JSON unchanged, and says which DTO failed. */
function roundTrips(name: string, value: unknown): void {
  assert.deepStrictEqual(JSON.parse(JSON.stringify(value)), value, `${name} changed on the way through JSON`);
}

// Rules that give every shape something to carry: a `%` escape Google reads literally, a
// crawler's own group, Content-Usage and Content-Signal, a shadowed rule, sitemaps.
const ROBOTS = [
  'User-agent: *',
  'Disallow: /%62',
  'Disallow: /private/',
  'Allow: /private/open',
  'Content-Usage: /ai-ok/ train-ai=y',
  'Content-Signal: ai-train=no, search=yes',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'User-agent: Googlebot',
  'Disallow: /nogoogle',
  'Disallow: /nogoogle/deeper',
  '',
  'Sitemap: https://shop.test/sitemap.xml',
  '',
].join('\n');
const OLD = 'User-agent: GPTBot\nAllow: /\n\nUser-agent: *\nDisallow: /private/\n';
const BING_HEADER = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-wire-'));
const urlset = (urls: readonly string[]): string => `<urlset>\n${urls.map((u) => `  <url><loc>${u}</loc></url>`).join('\n')}\n</urlset>\n`;
const PAGES = join(dir, 'pages.xml');
const INDEX = join(dir, 'index.xml');
writeFileSync(PAGES, urlset(['https://shop.test/', 'https://shop.test/private/a', 'https://shop.test/nogoogle/b', 'https://elsewhere.test/x', 'not a url']));
writeFileSync(INDEX, `<sitemapindex><sitemap><loc>${PAGES}</loc></sitemap><sitemap><loc>${join(dir, 'missing.xml')}</loc></sitemap></sitemapindex>`);
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const logLine = (path: string, ua: string, minute: number) => `20.171.207.9 - - [23/Nov/2026:00:0${minute}:03 +0000] "GET ${path} HTTP/1.1" 200 1 "-" "${ua}"`;
const FLIP_LOG = join(dir, 'access.log');
writeFileSync(FLIP_LOG, [logLine('/blog/a', GPTBOT, 1), logLine('/private/x', GPTBOT, 2), 'garbage'].join('\n') + '\n');

let web: http.Server;
let origin = '';

before(async () => {
  web = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.setHeader('content-type', 'text/plain');
      res.end(ROBOTS);
    } else if (req.url === '/page') {
      res.setHeader('content-type', 'text/html');
      res.setHeader('x-robots-tag', 'noindex, unavailable_after: 2020-01-01');
      res.end('<html><head><meta name="robots" content="nofollow"></head><body>hi</body></html>');
    } else if (req.url === '/moved') {
      res.writeHead(301, { location: '/page' });
      res.end();
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

after(() => web?.close());

describe('every DTO round-trips through JSON unchanged', () => {
  const parsed = parsedDocument(ROBOTS);

  test('robotsLens/testUrl: verdicts with agents, groups, rules, Google\'s literal reading and preferences', () => {
    const fetched = new FetchedDocuments(() => true);
    const result = fetched.testUrl(parsed, { uri: parsed.uri, url: 'https://shop.test/b', agents: ['Googlebot', 'GPTBot', BING_HEADER, 'SomeBot'], origin: 'https://shop.test' });
    assert.ok(result.verdicts.some((v) => v.googleLiteral !== undefined), 'a verdict with Google\'s literal reading');
    assert.ok(result.verdicts.some((v) => v.agent.crawler !== undefined && v.agent.kind === 'user-agent-header'));
    roundTrips('TestUrlResult', result);
    roundTrips('TestUrlResult (preferences)', fetched.testUrl(parsed, { uri: parsed.uri, url: '/ai-ok/a', agents: ['ExampleBot'] }));
    roundTrips('TestUrlResult (other origin)', fetched.testUrl(parsed, { uri: parsed.uri, url: 'https://elsewhere.test/', agents: ['Googlebot'], origin: 'https://shop.test' }));
  });

  test('robotsLens/fetchedDocument: a fetched document whose robots.txt was unreachable', async () => {
    const fetched = new FetchedDocuments(() => true);
    const params: FetchedDocumentParams = {
      uri: parsed.uri,
      source: { origin: 'https://shop.test', url: 'https://shop.test/robots.txt', state: 'unreachable', status: 503, explanation: 'Every URL is disallowed.', fetchedAt: '2026-11-23T00:00:00.000Z' },
    };
    roundTrips('FetchedDocumentParams', params);
    fetched.set(params);
    const tested = fetched.testUrl(parsed, { uri: parsed.uri, url: '/a', agents: ['Googlebot'] });
    assert.equal(tested.fetchState?.state, 'unreachable');
    roundTrips('TestUrlResult (fetch state)', tested);
    roundTrips('MatrixResult (fetch state)', await fetched.matrix(parsed, { uri: parsed.uri, paths: ['/a'] }, CancellationToken.None));
    roundTrips('AiAccessResult (fetch state)', fetched.aiAccess(parsed));
  });

  test('robotsLens/matrix: cells with preferences, crawlers, groups and a truncation note', async () => {
    const result = await matrix(parsed, { uri: parsed.uri, paths: ['/', '/%62', '/private/open', '/ai-ok/x', 'x'.repeat(20_000)] }, CancellationToken.None);
    assert.ok(result.truncated && result.rows.some((r) => r.crawler !== undefined));
    roundTrips('MatrixResult', result);
  });

  test('robotsLens/aiAccess and robotsLens/fileSummary', () => {
    roundTrips('AiAccessResult', aiAccessResult(parsed));
    roundTrips('FileSummaryResult', fileSummary(parsed, lint(parsed.file)));
  });

  test('robotsLens/fetch: a live fetch report with the text, from a loopback server', async () => {
    const result = await fetchRobots({ site: origin, timeoutMs: 5_000 });
    assert.equal(result.state, 'rules');
    assert.equal(typeof result.text, 'string');
    roundTrips('FetchResult', result);
    roundTrips('FetchResult (404)', await fetchRobots({ site: `${origin}/nothing-here`, timeoutMs: 5_000 }));
  });

  test('robotsLens/checkUrl: crawl permission and indexing directives of a redirected page', async () => {
    const report = await checkUrlRequest({ url: `${origin}/moved`, agent: 'Googlebot', timeoutMs: 5_000 });
    assert.ok(report.indexing !== null && report.page.chain.length > 1);
    roundTrips('UrlCheckReportDto', report);
    roundTrips('UrlCheckReportDto (disallowed)', await checkUrlRequest({ url: `${origin}/private/x`, agent: 'GPTBot', timeoutMs: 5_000 }));
  });

  test('robotsLens/replay: summary, records, rule counts and progress, verified by IP lists', async () => {
    const progress: ReplayProgressParams[] = [];
    let counts: ReplayCountsParams | undefined;
    const robots = parsedDocument(readFileSync(join(FIXTURES, 'robots.txt'), 'utf8'));
    const result = await replayRequest(robots, { uri: robots.uri, logFiles: [join(FIXTURES, 'logs', 'combined.log')], crawlDelay: true }, CancellationToken.None, {
      progress: (p) => progress.push(p),
      setCounts: (p, c) => (counts = { uri: p.uri, counts: c }),
      rangesDir: join(FIXTURES, 'ranges'),
    });
    assert.ok(result.records.length > 0 && result.summary.crawlers.length > 0);
    assert.ok(result.records.some((r) => r.evidence !== null));
    roundTrips('ReplayResult', result);
    roundTrips('ReplayProgressParams', progress);
    roundTrips('ReplayCountsParams', counts);
  });

  test('robotsLens/compare: the diff, the requests and the sitemap URLs an edit flips', async () => {
    const result = await compareRequest(parsed, { uri: parsed.uri, otherText: OLD, otherLabel: 'git HEAD', logFiles: [FLIP_LOG], sitemaps: [INDEX] });
    assert.ok(result.requests && result.sitemaps && result.diff.crawlers.some((c) => c.crawler !== undefined));
    roundTrips('CompareResult', result);
  });

  test('robotsLens/checkSitemaps: blocked URLs, the tally, reports and progress', async () => {
    const progress: CheckSitemapsProgressParams[] = [];
    const result = await checkSitemapsRequest(parsed, { uri: parsed.uri, agents: ['Googlebot', 'GPTBot'], sitemaps: [INDEX] }, CancellationToken.None, { progress: (p) => progress.push(p) });
    assert.ok(result.blocked.length > 0 && result.tally.origin !== undefined && result.sitemaps.some((s) => s.error !== undefined));
    roundTrips('CheckSitemapsResult', result);
    roundTrips('CheckSitemapsProgressParams', progress);
  });

  test('the client-side answers: log pieces, IP lists and the IP list refresh', () => {
    const read: ReadLogParams = { file: FLIP_LOG, index: 0 };
    const piece: ReadLogResult = { text: readFileSync(FLIP_LOG, 'utf8'), bytesRead: 10, bytesTotal: 10 };
    const lists: ReadIpListsResult = { files: [{ name: 'googlebot.json', text: '{}' }], folders: ['/ws/.robots-lens/ip-lists'], problems: [] };
    const refreshed: RefreshIpListsResult = { ok: true, stored: 3, message: '3 lists stored.' };
    const refreshing: RefreshIpListsProgressParams = { done: 1, total: 3 };
    for (const [name, value] of Object.entries({ read, piece, lists, refreshed, refreshing })) roundTrips(name, value);
  });
});
