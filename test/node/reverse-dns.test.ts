import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { CrawlerVerifier, parseIp, parseIpRangeList, reverseName } from '@robots-lens/replay/identity';
import type { AuditRecord } from '@robots-lens/replay';
import type { RequestVerification } from '@robots-lens/replay/identity';
import { replayLogFiles } from '../../server/src/node/log-reader';
import { NodeReverseDnsResolver, parseDnsServer } from '../../server/src/node/reverse-dns';
import { startDnsServer } from './dns-server';
import type { TestDnsServer } from './dns-server';

const ptrName = (ip: string) => reverseName(parseIp(ip)!);
const crawler = (id: string) => CRAWLERS.find((c) => c.id === id)!;
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const YANDEX_UA = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';

let server: TestDnsServer;

before(async () => {
  server = await startDnsServer({
    ptr: {
      [ptrName('66.249.66.1')]: ['crawl-66-249-66-1.googlebot.com'],
      [ptrName('2001:4860:4801:10::1')]: ['crawl-2001-4860-4801-10--1.googlebot.com'],
      [ptrName('203.0.113.45')]: ['static.45.113.0.203.clients.example-hosting.net'],
      // A PTR anyone can set for their own address: it claims googlebot.com but does not resolve back.
      [ptrName('198.51.100.23')]: ['crawl-198-51-100-23.googlebot.com'],
      [ptrName('5.255.231.18')]: ['5-255-231-18.spider.yandex.com'],
    },
    a: {
      'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
      'crawl-198-51-100-23.googlebot.com': ['66.249.66.99'],
      '5-255-231-18.spider.yandex.com': ['5.255.231.18'],
    },
    aaaa: { 'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:10::1'] },
    broken: [ptrName('192.0.2.66')],
  });
});

after(async () => {
  await server.close();
});

async function check(ip: string, id: string, resolver = new NodeReverseDnsResolver({ server: server.address })): Promise<RequestVerification> {
  return new CrawlerVerifier({ dns: resolver }).verify(ip, crawler(id));
}

describe('forward-confirmed reverse DNS against a real DNS server', () => {
  test('PTR under googlebot.com that resolves back: verified, with the names as evidence', async () => {
    const v = await check('66.249.66.1', 'googlebot');
    assert.equal(v.status, 'verified');
    assert.deepEqual(
      { method: v.evidence?.method, ptr: v.evidence?.ptr, hostname: v.evidence?.hostname, forward: v.evidence?.forward },
      { method: 'reverse-dns', ptr: ['crawl-66-249-66-1.googlebot.com'], hostname: 'crawl-66-249-66-1.googlebot.com', forward: ['66.249.66.1'] },
    );
  });

  test('IPv6: PTR in ip6.arpa and an AAAA answer', async () => {
    const v = await check('2001:4860:4801:10::1', 'googlebot');
    assert.equal(v.status, 'verified');
    assert.deepEqual(v.evidence?.forward, ['2001:4860:4801:10::1']);
  });

  test('a PTR outside the operator domains is spoofed', async () => {
    const v = await check('203.0.113.45', 'googlebot');
    assert.equal(v.status, 'spoofed');
    assert.match(v.evidence!.detail, /reverses to static\.45\.113\.0\.203\.clients\.example-hosting\.net, not a name under googlebot\.com/);
  });

  test('a forged PTR that does not resolve back is spoofed', async () => {
    const v = await check('198.51.100.23', 'googlebot');
    assert.equal(v.status, 'spoofed');
    assert.deepEqual(v.evidence?.forward, ['66.249.66.99']);
  });

  test('no PTR at all (NXDOMAIN) is spoofed', async () => {
    const v = await check('45.148.10.67', 'googlebot');
    assert.equal(v.status, 'spoofed');
    assert.match(v.evidence!.detail, /has no PTR record/);
  });

  test('a DNS failure (SERVFAIL) leaves the claim unverified', async () => {
    const v = await check('192.0.2.66', 'googlebot');
    assert.equal(v.status, 'unverified');
    assert.ok(v.evidence?.error);
  });

  test('operators without documented names are not asked (GPTBot): unverified without a query', async () => {
    const before = server.questions.length;
    const v = await check('20.171.207.14', 'gptbot');
    assert.equal(v.status, 'unverified');
    assert.equal(server.questions.length, before);
  });

  test('answers are cached: one address is asked about once', async () => {
    const resolver = new NodeReverseDnsResolver({ server: server.address });
    const verifier = new CrawlerVerifier({ dns: resolver });
    await verifier.verify('5.255.231.18', crawler('yandexbot'));
    await verifier.verify('5.255.231.18', crawler('yandexbot'));
    await resolver.reverse('5.255.231.18');
    assert.equal(resolver.queries, 2, 'one PTR and one A query');
  });

  test('queries are rate-limited', async () => {
    const resolver = new NodeReverseDnsResolver({ server: server.address, maxQueriesPerSecond: 10 });
    const started = Date.now();
    await Promise.all(['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'].map((ip) => resolver.reverse(ip)));
    assert.ok(Date.now() - started >= 280, `${Date.now() - started} ms for 4 queries at 10/s`);
  });

  test('--dns-server values are checked', () => {
    assert.equal(parseDnsServer('127.0.0.1:5353'), '127.0.0.1:5353');
    assert.equal(parseDnsServer('[::1]:53'), '[::1]:53');
    assert.equal(parseDnsServer('::1'), '::1');
    assert.throws(() => parseDnsServer('dns.example:53'), /not an IP address/);
    assert.throws(() => parseDnsServer('127.0.0.1:99999'), /not a port/);
  });
});

describe('reverse DNS in a replay', () => {
  test('lists first, then DNS for what they do not cover; results per request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-dns-'));
    const log = join(dir, 'access.log');
    const stamp = '[23/Nov/2026:00:00:03 +0000]';
    writeFileSync(
      log,
      [
        `66.249.66.1 - - ${stamp} "GET /a HTTP/1.1" 200 1 "-" "${GOOGLEBOT_UA}"`,
        `198.51.100.23 - - ${stamp} "GET /b HTTP/1.1" 200 1 "-" "${GOOGLEBOT_UA}"`,
        `5.255.231.18 - - ${stamp} "GET /c HTTP/1.1" 200 1 "-" "${YANDEX_UA}"`,
        `5.255.231.18 - - ${stamp} "GET /d HTTP/1.1" 200 1 "-" "${YANDEX_UA}"`,
      ].join('\n') + '\n',
    );
    const google = parseIpRangeList(readFileSync(join(__dirname, '..', 'fixtures', 'replay', 'ranges', 'common-crawlers.json'), 'utf8'), 'common-crawlers.json');
    const resolver = new NodeReverseDnsResolver({ server: server.address });
    const records: AuditRecord[] = [];
    const summary = await replayLogFiles(
      [log],
      { versions: [{ label: 'r', effective: null, source: 'r', file: parseRobots('User-agent: *\nDisallow: /b\n') }], ranges: [google], dns: resolver },
      { onRecord: (r) => void records.push(r) },
    );
    assert.deepEqual(records.map((r) => [r.crawler, r.verification, r.evidence?.method]), [
      ['Googlebot', 'verified', 'ip-ranges'],
      ['Googlebot', 'spoofed', 'reverse-dns'],
      ['YandexBot', 'verified', 'reverse-dns'],
      ['YandexBot', 'verified', 'reverse-dns'],
    ]);
    // Not in the list, and the forged PTR does not resolve back: both facts are in the evidence.
    assert.match(records[1]!.evidence!.detail, /does not resolve back.*also in none of common-crawlers\.json/);
    assert.equal(summary.verification.reverseDns, true);
    assert.equal(summary.spoofed[0]!.ip, '198.51.100.23');
  });
});
