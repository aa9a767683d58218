import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import ipaddr from 'ipaddr.js';
import { jsonLine } from '@robots-lens/replay';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import type { AuditSummary } from '@robots-lens/replay';
import { replayLogFiles } from '../../server/src/node/log-reader';
import { loadRangeLists } from '../../server/src/node/ranges';
import { singleVersion } from '../../server/src/node/versions';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';
import { startDnsServer } from '../node/dns-server';
import type { TestDnsServer } from '../node/dns-server';

const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const LOG = join(ROOT, 'examples', 'access.log');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'replay');
const RANGES = join(FIXTURES, 'ranges');
const out = mkdtempSync(join(tmpdir(), 'robots-lens-replay-cli-'));

interface JsonRecord {
  time: string;
  ip: string;
  method: string;
  url: string;
  status: number | null;
  crawler: string | null;
  verification: string;
  allowed: boolean | null;
  line: number | null;
  rule: string | null;
  state: string | null;
  violation: boolean;
  logLine: number;
  userAgent: string;
}

// ── What the log says, worked out here without the engine ─────────────────────────────
const logLines = readFileSync(LOG, 'utf8').split('\n').filter((l, i, all) => i < all.length - 1 || l !== '');
const COMBINED = /^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+) HTTP\/[\d.]+" (\d{3}) (\d+|-) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"/;
const wellFormed = logLines.map((l) => COMBINED.exec(l));
const googlePrefixes = (JSON.parse(readFileSync(join(RANGES, 'common-crawlers.json'), 'utf8')) as { prefixes: { ipv4Prefix?: string; ipv6Prefix?: string }[] }).prefixes.map((p) =>
  ipaddr.parseCIDR((p.ipv4Prefix ?? p.ipv6Prefix)!),
);
const inGoogleRanges = (ip: string): boolean => {
  const a = ipaddr.parse(ip);
  return googlePrefixes.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
};
/** Googlebot claims: the token `Googlebot/` (not Googlebot-Image) in the User-Agent. */
const claimsGooglebot = (ua: string): boolean => /(^|[\s(;])Googlebot\//.test(ua);
const googlebotClaims = wellFormed.filter((m): m is RegExpExecArray => m !== null && claimsGooglebot(m[8]!));
const spoofedGooglebotIps = [...new Set(googlebotClaims.filter((m) => !inGoogleRanges(m[1]!)).map((m) => m[1]!))].sort();

function records(stdout: string): JsonRecord[] {
  return stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as JsonRecord);
}

let dns: TestDnsServer;
before(async () => {
  dns = await startDnsServer({
    ptr: { '18.231.255.5.in-addr.arpa': ['5-255-231-18.spider.yandex.com'] },
    a: { '5-255-231-18.spider.yandex.com': ['5.255.231.18'] },
  });
});
after(async () => {
  await dns.close();
});

describe('robots-lens replay on examples/', () => {
  let json: JsonRecord[];
  before(async () => {
    const { code, stdout, stderr } = await runCli(['replay', ROBOTS, LOG, '--ranges', RANGES, '--json']);
    assert.equal(code, 0, stderr);
    json = records(stdout);
  });

  test('one JSON record per request line; the malformed lines are counted, not fatal', async () => {
    assert.equal(logLines.length, 4008);
    const malformed = wellFormed.filter((m) => m === null).length;
    assert.equal(malformed, 4);
    assert.equal(json.length, logLines.length - malformed);
    assert.deepEqual(json.map((r) => r.logLine), wellFormed.flatMap((m, i) => (m ? [i + 1] : [])));
    const { stdout } = await runCli(['replay', ROBOTS, LOG]);
    assert.match(stdout, /4,008 lines, 4,004 requests, 4 not parsed/);
    assert.match(stdout, /Lines not parsed: 4 /);
  });

  test('records carry the required fields with the right types', () => {
    const first = json[0]!;
    assert.deepEqual(
      { time: first.time, ip: first.ip, method: first.method, url: first.url, status: first.status, crawler: first.crawler, verification: first.verification, allowed: first.allowed, state: first.state },
      { time: '2026-11-23T00:00:03Z', ip: '66.249.66.1', method: 'GET', url: '/robots.txt', status: 200, crawler: 'Googlebot', verification: 'verified', allowed: true, state: 'rules' },
    );
    for (const r of json) {
      assert.ok(['verified', 'spoofed', 'unverified', 'not-applicable'].includes(r.verification));
      assert.ok(r.allowed === null || typeof r.allowed === 'boolean');
      assert.ok(r.state === null || ['rules', 'grace', 'unavailable', 'unreachable'].includes(r.state));
      if (r.line !== null) assert.match(r.rule!, /^(Allow|Disallow|Dissallow)\b/);
    }
    // Browsers: robots.txt does not apply.
    const browser = json.find((r) => r.ip === '90.63.225.195')!;
    assert.deepEqual([browser.crawler, browser.verification, browser.allowed, browser.state], [null, 'not-applicable', null, null]);
  });

  test('every Googlebot claim from outside the published ranges is spoofed — the README four included', () => {
    for (const ip of ['203.0.113.45', '198.51.100.23', '45.148.10.67', '2a01:4f8:c17:5e2a::1']) assert.ok(spoofedGooglebotIps.includes(ip), ip);
    const engine = [...new Set(json.filter((r) => r.crawler === 'Googlebot' && r.verification === 'spoofed').map((r) => r.ip))].sort();
    assert.deepEqual(engine, spoofedGooglebotIps);
    const verified = json.filter((r) => r.crawler === 'Googlebot' && r.verification === 'verified').length;
    assert.equal(verified, googlebotClaims.filter((m) => inGoogleRanges(m[1]!)).length);
  });

  test("the 503 hour: Googlebot's requests between its 503 and its next good fetch are judged unreachable", () => {
    const fetches = googlebotClaims.filter((m) => m[4] === '/robots.txt' && inGoogleRanges(m[1]!));
    const firstFailure = fetches.find((m) => m[5] === '503')!;
    const recovery = fetches.find((m) => m[5] === '200' && fetches.indexOf(m) > fetches.indexOf(firstFailure))!;
    const toIso = (clf: string) => new Date(Date.parse(clf.replace(/^(\d+)\/(\w+)\/(\d+):(\d+:\d+:\d+) \+0000$/, '$2 $1 $3 $4 UTC'))).toISOString().replace('.000Z', 'Z');
    const from = toIso(firstFailure[2]!);
    const until = toIso(recovery[2]!);
    assert.equal(from, '2026-11-24T14:00:41Z');
    const window = json.filter((r) => r.crawler === 'Googlebot' && r.verification === 'verified' && r.time >= from && r.time < until);
    assert.ok(window.length >= 6, `${window.length} Googlebot requests in the window`);
    assert.ok(window.every((r) => r.state === 'unreachable'), JSON.stringify(window.map((r) => [r.time, r.state])));
    // bingbot kept crawling after its own 503: every page it fetched then is a violation.
    const bingFailure = json.find((r) => r.crawler === 'bingbot' && r.url === '/robots.txt' && r.status === 503)!;
    const bingRecovery = json.find((r) => r.crawler === 'bingbot' && r.url === '/robots.txt' && r.status === 200 && r.time > bingFailure.time)!;
    const bingPages = json.filter((r) => r.crawler === 'bingbot' && r.verification === 'verified' && r.url !== '/robots.txt' && r.time > bingFailure.time && r.time < bingRecovery.time);
    assert.ok(bingPages.length > 0);
    assert.ok(bingPages.every((r) => r.state === 'unreachable' && r.allowed === false && r.violation));
  });

  test('the 404 period: GPTBot may fetch anything until its next good fetch', () => {
    const gone = json.find((r) => r.crawler === 'GPTBot' && r.url === '/robots.txt' && r.status === 404)!;
    const back = json.find((r) => r.crawler === 'GPTBot' && r.url === '/robots.txt' && r.status === 200 && r.time > gone.time)!;
    const during = json.filter((r) => r.crawler === 'GPTBot' && r.verification === 'verified' && r.time > gone.time && r.time < back.time);
    assert.ok(during.length > 0);
    assert.ok(during.every((r) => r.state === 'unavailable' && r.allowed === true));
    // Outside it, GPTBot's group is Disallow: / (line 74).
    const ruled = json.find((r) => r.crawler === 'GPTBot' && r.verification === 'verified' && r.state === 'rules' && r.url !== '/robots.txt')!;
    assert.deepEqual([ruled.allowed, ruled.line, ruled.rule], [false, 74, 'Disallow: /']);
  });

  test('the text summary names the spoofed sources and the policy used', async () => {
    const { code, stdout } = await runCli(['replay', ROBOTS, LOG, '--ranges', RANGES, '--crawl-delay']);
    assert.equal(code, 0);
    for (const ip of spoofedGooglebotIps) assert.match(stdout, new RegExp(`Googlebot\\s+${ip.replace(/[.:]/g, '\\$&')}\\s`));
    assert.match(stdout, /Google policy \(12 h all disallowed, then the last good copy up to 30 days/);
    assert.match(stdout, /24 h after a change/);
    assert.match(stdout, /2026-11-24T14:00:41Z\s+Googlebot\s+503 → unreachable/);
    assert.match(stdout, /Crawl-delay \(verified requests; checked only for bingbot, msnbot, ClaudeBot, Claude-User, Claude-SearchBot, CCBot, Slurp, AhrefsBot, MJ12bot\)/);
    assert.match(stdout, /ClaudeBot\s+Crawl-delay 10 s: \d+ of \d+ requests too soon/);
    assert.match(stdout, /common-crawlers\.json \(2026-08-20T14:46:45\.000000\)/);
  });

  test('exports: CSV, JSON lines and a summary JSON; --fail-on violations exits 1', async () => {
    const csv = join(out, 'r.csv');
    const jsonl = join(out, 'r.jsonl');
    const summary = join(out, 's.json');
    const { code, stderr } = await runCli(['replay', ROBOTS, LOG, '--ranges', RANGES, '--csv', csv, '--jsonl', jsonl, '--summary-json', summary, '--fail-on', 'violations']);
    assert.equal(code, 1, stderr);
    const csvLines = readFileSync(csv, 'utf8').trimEnd().split('\n');
    assert.equal(csvLines.length, 4004 + 1);
    assert.match(csvLines[0]!, /^time,ip,method,url,status,/);
    assert.equal(readFileSync(jsonl, 'utf8').trimEnd().split('\n').length, 4004);
    const s = JSON.parse(readFileSync(summary, 'utf8')) as { totals: { violations: number; requests: number }; parseFailures: { count: number }; spoofed: { ip: string }[] };
    assert.equal(s.totals.requests, 4004);
    assert.equal(s.parseFailures.count, 4);
    assert.ok(s.totals.violations > 0);
    assert.equal(JSON.parse(readFileSync(jsonl, 'utf8').split('\n')[0]!).url, '/robots.txt');
  });

  test('--verify-dns with a DNS server on 127.0.0.1 verifies YandexBot by forward-confirmed reverse DNS', async () => {
    const { code, stdout, stderr } = await runCli(['replay', ROBOTS, LOG, '--json', '--dns-server', dns.address]);
    assert.equal(code, 0, stderr);
    const yandex = records(stdout).filter((r) => r.crawler === 'YandexBot');
    const fromKnown = yandex.filter((r) => r.ip === '5.255.231.18');
    assert.ok(fromKnown.length > 0 && fromKnown.every((r) => r.verification === 'verified'));
    // The other YandexBot addresses have no PTR on this server: the claim fails.
    assert.ok(yandex.filter((r) => r.ip !== '5.255.231.18').every((r) => r.verification === 'spoofed'));
  });
});

describe('robots-lens replay: versions, formats and usage', () => {
  test('a snapshot folder: the change applies from its time, with 24 h grace', async () => {
    const log = join(out, 'versions.log');
    const ua = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
    writeFileSync(
      log,
      ['24/Nov/2026:11:59:59', '24/Nov/2026:12:00:00', '25/Nov/2026:12:00:00'].map((t) => `20.171.207.14 - - [${t} +0000] "GET /search?q=boots HTTP/1.1" 200 10 "-" "${ua}"`).join('\n') + '\n',
    );
    const { code, stdout } = await runCli(['replay', join(FIXTURES, 'snapshots'), log, '--json']);
    assert.equal(code, 0);
    assert.deepEqual(records(stdout).map((r) => [r.allowed, r.state]), [[true, 'rules'], [false, 'grace'], [false, 'rules']]);
    const strict = await runCli(['replay', join(FIXTURES, 'snapshots'), log, '--json', '--grace', '0']);
    assert.deepEqual(records(strict.stdout).map((r) => r.violation), [false, true, true]);
    const explicit = await runCli(['replay', join(FIXTURES, 'robots.txt'), log, '--json', '--version', `${join(FIXTURES, 'snapshots', '2026-11-23T00-00-00Z.txt')}@2026-11-25T00:00:00Z`]);
    assert.deepEqual(records(explicit.stdout).map((r) => r.allowed), [false, false, true]);
  });

  test('other formats through the CLI, auto-detected or forced', async () => {
    const w3c = await runCli(['replay', join(FIXTURES, 'robots.txt'), join(FIXTURES, 'logs', 'iis-w3c.log'), '--json']);
    assert.equal(records(w3c.stdout).length, 3);
    const json = await runCli(['replay', join(FIXTURES, 'robots.txt'), join(FIXTURES, 'logs', 'custom.json.log'), '--log-format', 'json', '--json-fields', 'time=ts,ip=client.ip,request=req,status=code,userAgent=agent', '--json']);
    assert.deepEqual(records(json.stdout).map((r) => [r.url, r.crawler]), [['/robots.txt', 'Googlebot'], ['/checkout/', 'Googlebot']]);
  });

  test('a longer log: the bundled CLI gives the same records and summary as the engine', async () => {
    const log = join(out, 'big.log');
    writeFileSync(log, readFileSync(LOG, 'utf8').repeat(5));
    const summaryJson = join(out, 'big-summary.json');
    const cli = await runCli(['replay', ROBOTS, log, '--json', '--ranges', RANGES, '--crawl-delay', '--crawl-delay-scope', 'claimed', '--summary-json', summaryJson]);
    assert.equal(cli.code, 0, cli.stderr);
    const lines: string[] = [];
    const summary = await replayLogFiles(
      [log],
      { versions: [await singleVersion(ROBOTS)], ranges: (await loadRangeLists(RANGES)).lists, crawlDelay: 'claimed' },
      { onRecord: (r) => void lines.push(jsonLine(r)) },
    );
    assert.equal(lines.length, 5 * 4004);
    assert.equal(cli.stdout, lines.join('\n') + '\n');
    const { sources: _sources, warnings: _warnings, shard: _shard, ...cliSummary } = JSON.parse(readFileSync(summaryJson, 'utf8')) as AuditSummary & { sources: unknown; warnings: unknown; shard: unknown };
    assert.deepEqual({ ...cliSummary, elapsedMs: 0 }, JSON.parse(JSON.stringify({ ...summary, elapsedMs: 0 })));
  });

  test('usage errors exit 2 with one line', async () => {
    for (const args of [
      ['replay'],
      ['replay', ROBOTS],
      ['replay', ROBOTS, LOG, '--format', 'xml'],
      ['replay', ROBOTS, LOG, '--grace', 'soon'],
      ['replay', ROBOTS, LOG, '--fail-on', 'anything'],
      ['replay', ROBOTS, join(out, 'missing.log')],
      ['replay', ROBOTS, LOG, '--dns-server', 'dns.example'],
      ['replay', ROBOTS, LOG, '--version', 'x.txt'],
    ]) {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /^robots-lens replay: .+\n$/, stderr);
    }
  });
});

describe('robots-lens ranges', () => {
  test('lists a folder with dates, and what is missing', async () => {
    const { code, stdout } = await runCli(['ranges', '--dir', RANGES]);
    assert.equal(code, 0);
    assert.match(stdout, /common-crawlers\.json\s+11 prefixes\s+2026-08-20T14:46:45\.000000\s+Googlebot/);
    assert.match(stdout, /Missing \(run --refresh\):/);
    assert.match(stdout, /special-crawlers\.json/);
  });

  test('--refresh tries every catalogue URL and reports each one (no network here: each fails clearly)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-refresh-cli-'));
    const { code, stdout } = await runCli(['ranges', '--refresh', '--dir', dir, '--timeout', '5s']);
    const lines = stdout.split('\n').filter((l) => /^\s+(ok|FAIL)\s/.test(l));
    assert.equal(lines.length, RANGE_LIST_SOURCES.length);
    for (const source of RANGE_LIST_SOURCES) assert.ok(stdout.includes(source.url), source.url);
    const failed = lines.filter((l) => l.includes('FAIL'));
    assert.equal(code, failed.length > 0 ? 1 : 0);
    for (const l of failed) assert.match(l, /FAIL\s+\S+\s+https?:\/\/\S+: .+/);
  });
});
