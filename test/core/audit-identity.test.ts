import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { AuditSession } from '@robots-lens/replay';
import { CrawlerVerifier, formatIp, IpPrefixSet, parseCidr, parseIp, parseIpRangeList, RANGE_LIST_SOURCES, reverseName, sameIp } from '@robots-lens/replay/identity';
import type { AuditRecord, ReplayOptions } from '@robots-lens/replay';
import type { IpRangeList } from '@robots-lens/replay/identity';

const RANGES = join(__dirname, '..', 'fixtures', 'replay', 'ranges');
const ROBOTS = readFileSync(join(__dirname, '..', 'fixtures', 'replay', 'robots.txt'));
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const crawler = (id: string) => CRAWLERS.find((c) => c.id === id)!;

function fixtureLists(): IpRangeList[] {
  return readdirSync(RANGES)
    .filter((n) => n.endsWith('.json'))
    .map((n) => parseIpRangeList(readFileSync(join(RANGES, n), 'utf8'), n));
}

/** Replays combined-format lines and returns the records. */
function replay(lines: readonly string[], options: Partial<ReplayOptions> = {}): AuditRecord[] {
  const records: AuditRecord[] = [];
  const session = new AuditSession(
    { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: parseRobots(ROBOTS) }], format: 'combined', ...options },
    { onRecord: (r) => void records.push(r) },
  );
  const file = session.openFile('test.log');
  assert.equal(session.feedFile(file, lines.join('\n') + '\n'), undefined, 'no DNS, no waiting');
  session.closeFile(file);
  return records;
}

function line(ip: string, path: string, ua: string, time = '23/Nov/2026:00:00:03 +0000', status = 200): string {
  return `${ip} - - [${time}] "GET ${path} HTTP/1.1" ${status} 100 "-" "${ua}"`;
}

describe('IP addresses and prefixes', () => {
  test('IPv4, IPv6, IPv4-mapped, brackets and zones', () => {
    assert.deepEqual(parseIp('66.249.66.1'), { family: 4, words: [0x42f94201] });
    assert.equal(parseIp('::ffff:66.249.66.1')?.family, 4);
    assert.equal(formatIp(parseIp('[2001:DB8:0:0:0:0:0:1]')!), '2001:db8::1');
    assert.equal(formatIp(parseIp('fe80::1%eth0')!), 'fe80::1');
    assert.equal(formatIp(parseIp('2001:db8::')!), '2001:db8::');
    for (const bad of ['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1::2::3', '12345::', 'g::1', 'www.example.test']) {
      assert.equal(parseIp(bad), undefined, bad);
    }
    assert.equal(parseIp(' 66.249.66.1 ')?.family, 4);
    assert.ok(sameIp('2001:4860:4801:10::1', '2001:4860:4801:0010:0000:0000:0000:0001'));
    assert.equal(reverseName(parseIp('66.249.66.1')!), '1.66.249.66.in-addr.arpa');
    assert.equal(reverseName(parseIp('2001:db8::1')!), '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
  });

  test('prefix sets agree with ipaddr.js on random IPv4 and IPv6 addresses and prefixes', () => {
    const v4 = fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map((o) => o.join('.'));
    const v6 = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((g) => g.map((x) => x.toString(16)).join(':'));
    fc.assert(
      fc.property(fc.oneof(v4, v6), fc.oneof(v4, v6), fc.integer({ min: 0, max: 128 }), (addr, net, rawBits) => {
        const family = addr.includes(':') ? 6 : 4;
        const bits = Math.min(rawBits, family === 4 ? 32 : 128);
        // Make the prefix share the address's family and, half the time, contain it.
        const base = (net.includes(':') ? 6 : 4) === family && rawBits % 2 === 0 ? net : addr;
        const prefix = parseCidr(`${base}/${bits}`)!;
        const set = new IpPrefixSet<string>();
        set.add(prefix, 'hit');
        const ours = set.lookup(parseIp(addr)!) === 'hit';
        const theirs = ipaddr.parse(addr).match(ipaddr.parseCIDR(`${ipaddr.parse(base).toString()}/${bits}`));
        assert.equal(ours, theirs, `${addr} in ${base}/${bits}`);
      }),
      { numRuns: 2000 },
    );
  });

  test('longest prefix wins', () => {
    const set = new IpPrefixSet<string>();
    set.add(parseCidr('66.249.64.0/19')!, 'wide');
    set.add(parseCidr('66.249.66.0/27')!, 'narrow');
    assert.equal(set.lookup(parseIp('66.249.66.1')!), 'narrow');
    assert.equal(set.lookup(parseIp('66.249.70.1')!), 'wide');
    assert.equal(set.lookup(parseIp('66.250.0.1')!), undefined);
  });
});

describe('published IP lists', () => {
  test("Google's shape: creationTime, IPv4 and IPv6 prefixes, the crawlers it covers", () => {
    const list = parseIpRangeList(readFileSync(join(RANGES, 'common-crawlers.json'), 'utf8'), 'common-crawlers.json');
    assert.equal(list.creationTime, '2026-08-20T14:46:45.000000');
    assert.equal(list.prefixes.length, 11);
    assert.equal(list.url, 'https://developers.google.com/static/crawling/ipranges/common-crawlers.json');
    assert.ok(list.crawlers.includes('Googlebot') && list.crawlers.includes('Googlebot-Image'));
    assert.deepEqual(list.problems, []);
  });

  test('other shapes: split ipv4Prefixes/ipv6Prefixes, plain arrays, one CIDR per line', () => {
    const split = parseIpRangeList(JSON.stringify({ creationTime: '2025-10-30T11:00:00Z', ipv4Prefixes: [{ ipv4Prefix: '20.171.206.0/24' }], ipv6Prefixes: null }), 'gptbot.json');
    assert.equal(split.prefixes.length, 1);
    assert.deepEqual(split.crawlers, ['GPTBot']);
    assert.equal(parseIpRangeList('["157.55.39.0/24", "2620:1ec:c11::/48"]', 'bingbot.json').prefixes.length, 2);
    const text = parseIpRangeList('# AhrefsBot\n54.36.148.0/23\n54.36.149.0/24 # second\n', 'ahrefsbot.txt');
    assert.equal(text.prefixes.length, 2);
    assert.deepEqual(text.crawlers, ['AhrefsBot']);
    const goog = parseIpRangeList('{"syncToken": "1755700000000", "prefixes": [{"ipv4Prefix": "8.8.4.0/24"}]}', 'googlebot.json');
    assert.equal(goog.creationTime, new Date(1755700000000).toISOString());
  });

  test('bad input never throws: problems are reported', () => {
    assert.match(parseIpRangeList('{"prefixes": [', 'bingbot.json').problems[0]!, /not valid JSON/);
    assert.match(parseIpRangeList('{"prefixes": [{"ipv4Prefix": "nonsense"}]}', 'bingbot.json').problems.join(), /not an IP prefix/);
    assert.deepEqual(parseIpRangeList('{}', 'unknown.json').crawlers, []);
  });

  test('every catalogue list URL has a distinct file name', () => {
    const names = RANGE_LIST_SOURCES.map((s) => s.fileName);
    assert.equal(new Set(names).size, names.length, names.join(', '));
  });
});

describe('verification (docs/spec/robots-semantics.md §9)', () => {
  const lists = fixtureLists();

  test('IPv4 and IPv6 inside the published ranges are verified, with the list and its date', () => {
    const verifier = new CrawlerVerifier({ ranges: lists });
    const v4 = verifier.verify('66.249.66.1', crawler('googlebot'));
    assert.ok(!(v4 instanceof Promise));
    assert.equal(v4.status, 'verified');
    assert.equal(v4.evidence?.prefix, '66.249.66.0/27');
    assert.deepEqual(v4.evidence?.lists, [{ name: 'common-crawlers.json', date: '2026-08-20T14:46:45.000000' }]);
    const v6 = verifier.verify('2001:4860:4801:10::1', crawler('googlebot-image'));
    assert.equal((v6 as { status: string }).status, 'verified');
  });

  test('a Googlebot claim from outside the ranges is spoofed; evidence names the list', () => {
    const v = new CrawlerVerifier({ ranges: lists }).verify('203.0.113.45', crawler('googlebot'));
    assert.equal((v as { status: string }).status, 'spoofed');
    assert.match((v as { evidence: { detail: string } }).evidence.detail, /203\.0\.113\.45 lies in none of the 11 prefixes Google publishes for Googlebot in common-crawlers\.json \(dated 2026-08-20/);
  });

  test('crawlers sharing a list get sentences naming themselves, whichever asked about an address first', () => {
    const verifier = new CrawlerVerifier({ ranges: lists });
    for (const id of ['googlebot', 'googlebot-image', 'googlebot']) {
      const v = verifier.verify('203.0.113.45', crawler(id)) as { status: string; evidence: { detail: string } };
      assert.equal(v.status, 'spoofed');
      assert.match(v.evidence.detail, new RegExp(`prefixes Google publishes for ${crawler(id).token} in`), id);
    }
    const bare = new CrawlerVerifier({});
    for (const id of ['googlebot-image', 'googlebot']) {
      const v = bare.verify('66.249.66.1', crawler(id)) as { evidence: { detail: string } };
      assert.match(v.evidence.detail, new RegExp(`no IP list loaded for ${crawler(id).token} `), id);
    }
  });

  test('without a list (and DNS off) a claim is unverified, and says what is missing', () => {
    const v = new CrawlerVerifier({}).verify('66.249.66.1', crawler('googlebot')) as { status: string; evidence: { detail: string } };
    assert.equal(v.status, 'unverified');
    assert.match(v.evidence.detail, /no IP list loaded for Googlebot \(expected common-crawlers\.json or googlebot\.json\); reverse DNS verification is off/);
    const meta = new CrawlerVerifier({ ranges: lists }).verify('31.13.115.4', crawler('facebookexternalhit')) as { status: string };
    assert.equal(meta.status, 'unverified');
  });

  test('a request claiming a control token is spoofed (suspicious), whatever its address', () => {
    const v = new CrawlerVerifier({ ranges: lists }).verify('66.249.66.1', crawler('google-extended')) as { status: string; evidence: { method: string; detail: string } };
    assert.equal(v.status, 'spoofed');
    assert.equal(v.evidence.method, 'control-token');
    assert.match(v.evidence.detail, /never sends requests/);
  });
});

describe('identity in the replay', () => {
  const lists = fixtureLists();

  test('crawler, spoofed crawler, browser, other client, no User-Agent, control token', () => {
    const records = replay(
      [
        line('66.249.66.1', '/private/a', GOOGLEBOT),
        line('2001:4860:4801:12::3', '/x', GOOGLEBOT),
        line('203.0.113.45', '/checkout/', GOOGLEBOT),
        line('90.63.225.195', '/checkout/', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
        line('198.51.100.9', '/checkout/', 'python-requests/2.32.3'),
        line('198.51.100.10', '/checkout/', '-'),
        line('66.249.66.2', '/x', 'Mozilla/5.0 (compatible; Google-Extended/1.0)'),
      ],
      { ranges: lists },
    );
    const pick = (r: AuditRecord) => [r.client, r.crawler, r.verification, r.allowed, r.violation];
    assert.deepEqual(pick(records[0]!), ['crawler', 'Googlebot', 'verified', false, true]);
    assert.equal(records[0]!.line, 7);
    assert.equal(records[0]!.rule, 'Disallow: /private/');
    assert.deepEqual(pick(records[1]!), ['crawler', 'Googlebot', 'verified', true, false]);
    // Googlebot's own group does not disallow /checkout/: the spoofer was "allowed", and is still spoofed.
    assert.deepEqual(pick(records[2]!), ['crawler', 'Googlebot', 'spoofed', true, false]);
    assert.deepEqual(pick(records[3]!), ['browser', null, 'not-applicable', null, false]);
    assert.equal(records[3]!.state, null);
    // Unknown clients are judged by their token's chain (here the * group) but are not counted as violations.
    assert.deepEqual(pick(records[4]!), ['other-client', null, 'not-applicable', false, false]);
    assert.equal(records[4]!.agent, 'python-requests');
    assert.deepEqual(pick(records[5]!), ['no-user-agent', null, 'not-applicable', null, false]);
    assert.deepEqual(pick(records[6]!), ['control-token', 'Google-Extended', 'spoofed', true, false]);
    assert.equal(records[6]!.evidence?.method, 'control-token');
  });

  test('records are plain JSON: a round trip changes nothing', () => {
    const records = replay([line('66.249.66.1', '/private/a', GOOGLEBOT)], { ranges: lists });
    assert.deepEqual(JSON.parse(JSON.stringify(records)), records);
  });

  test('--origin: a logged absolute URL on another host is not applicable', () => {
    const records = replay([line('66.249.66.1', 'https://cdn.example.test/private/a', GOOGLEBOT), line('66.249.66.1', 'https://www.example.test/private/a', GOOGLEBOT)], {
      origin: 'https://www.example.test',
    });
    assert.equal(records[0]!.allowed, null);
    assert.equal(records[0]!.reason, 'other-origin');
    assert.equal(records[1]!.allowed, false);
  });
});
