import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { AuditSession, RobotsTimeline } from '@robots-lens/replay';
import type { AuditRecord, AuditSummary, ReplayOptions, RobotsVersion } from '@robots-lens/replay';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-23T00:00:00Z');

/** A combined-format line at `T0 + offsetMs`. */
function at(offsetMs: number, ua: string, path: string, status = 200, ip = '192.0.2.1'): string {
  const d = new Date(T0 + offsetMs);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
  return `${ip} - - [${stamp}] "GET ${path} HTTP/1.1" ${status} 10 "-" "${ua}"`;
}

function version(label: string, effective: number | null, text: string): RobotsVersion {
  return { label, effective, source: label, file: parseRobots(text) };
}

function replay(versions: RobotsVersion[], lines: string[], options: Partial<ReplayOptions> = {}): { records: AuditRecord[]; summary: AuditSummary } {
  const records: AuditRecord[] = [];
  const session = new AuditSession({ versions, format: 'combined', ...options }, { onRecord: (r) => void records.push(r) });
  const file = session.openFile('t.log');
  session.feedFile(file, lines.join('\n'));
  session.closeFile(file);
  return { records, summary: session.summary() };
}

const OLD = version('old', T0, 'User-agent: *\nDisallow: /checkout/\n');
const NEW = version('new', T0 + 10 * HOUR, 'User-agent: *\nDisallow: /checkout/\nDisallow: /search\n');

describe('versions over time (docs/spec/robots-semantics.md §6)', () => {
  test('a change applies from its effective time, never before', () => {
    const { records } = replay([OLD, NEW], [at(10 * HOUR - 1000, GPTBOT, '/search?q=a'), at(10 * HOUR, GPTBOT, '/search?q=a')], { graceMs: 0 });
    assert.deepEqual(records.map((r) => [r.version, r.allowed, r.state]), [['old', true, 'rules'], ['new', false, 'rules']]);
    assert.equal(records[1]!.line, 3);
    assert.equal(records[1]!.violation, true);
  });

  test('within the cache grace a differing verdict is grace, not a violation; after it, a violation', () => {
    const { records, summary } = replay([OLD, NEW], [at(10 * HOUR + 1000, GPTBOT, '/search?q=a'), at(34 * HOUR - 1000, GPTBOT, '/search?q=b'), at(34 * HOUR, GPTBOT, '/search?q=c')]);
    assert.deepEqual(records.map((r) => [r.state, r.allowed, r.violation]), [['grace', false, false], ['grace', false, false], ['rules', false, true]]);
    assert.deepEqual(records[0]!.grace, { previousVersion: 'old', previousAllowed: true, changedAt: '2026-11-23T10:00:00Z' });
    assert.equal(summary.totals.grace, 2);
    assert.equal(summary.totals.violations, 1);
    assert.equal(summary.policy.graceHours, 24);
  });

  test('grace only where the verdicts differ', () => {
    const { records } = replay([OLD, NEW], [at(11 * HOUR, GPTBOT, '/checkout/'), at(11 * HOUR, GPTBOT, '/blog/')]);
    assert.deepEqual(records.map((r) => r.state), ['rules', 'rules']);
    assert.equal(records[0]!.violation, true);
  });

  test('a crawler that fetched robots.txt after the change knew the new version: no grace', () => {
    const { records } = replay([OLD, NEW], [at(11 * HOUR, GPTBOT, '/robots.txt'), at(12 * HOUR, GPTBOT, '/search?q=a'), at(12 * HOUR, BINGBOT, '/search?q=a')]);
    assert.deepEqual(records.map((r) => [r.crawler, r.state, r.violation]), [['GPTBot', 'rules', false], ['GPTBot', 'rules', true], ['bingbot', 'grace', false]]);
  });

  test('requests before the earliest known version are judged by it, and say so', () => {
    const { records, summary } = replay([OLD, NEW], [at(-HOUR, GPTBOT, '/checkout/')]);
    assert.equal(records[0]!.version, 'old');
    assert.match(records[0]!.note ?? '', /Predates the earliest known version/);
    assert.equal(summary.beforeFirstVersion, 1);
  });

  test('timeline lookups in and out of order', () => {
    const timeline = new RobotsTimeline([NEW, OLD, version('later', T0 + 20 * HOUR, '')]);
    assert.deepEqual([T0 + 21 * HOUR, T0, T0 + 15 * HOUR, T0 - 1].map((t) => timeline.at(t).version.label), ['later', 'old', 'new', 'old']);
    assert.equal(timeline.at(T0 + 15 * HOUR).previous?.label, 'old');
    assert.equal(timeline.at(T0 - 1).beforeFirst, true);
  });
});

describe('robots.txt fetches in the log (docs/spec/robots-semantics.md §5)', () => {
  const SITE = [version('robots.txt', null, 'User-agent: *\nDisallow: /checkout/\n')];

  test('5xx: everything disallowed until a good fetch', () => {
    const { records } = replay(SITE, [
      at(0, BINGBOT, '/robots.txt', 503),
      at(60_000, BINGBOT, '/blog/'),
      at(120_000, BINGBOT, '/robots.txt', 200),
      at(180_000, BINGBOT, '/blog/'),
    ]);
    assert.deepEqual(records.map((r) => [r.url, r.state, r.allowed, r.reason, r.violation]), [
      ['/robots.txt', 'unreachable', true, 'robots-txt', false],
      ['/blog/', 'unreachable', false, 'unreachable', true],
      ['/robots.txt', 'rules', true, 'robots-txt', false],
      ['/blog/', 'rules', true, 'no-matching-rule', false],
    ]);
  });

  test('429 is unreachable too; 404 makes everything allowed; 3xx changes nothing; 304 is a good fetch', () => {
    const { records } = replay(SITE, [
      at(0, BINGBOT, '/robots.txt', 429),
      at(1000, BINGBOT, '/checkout/'),
      at(2000, BINGBOT, '/robots.txt', 404),
      at(3000, BINGBOT, '/checkout/'),
      at(4000, BINGBOT, '/robots.txt', 301),
      at(5000, BINGBOT, '/checkout/'),
      at(6000, BINGBOT, '/robots.txt', 304),
      at(7000, BINGBOT, '/checkout/'),
    ]);
    assert.deepEqual(records.filter((r) => !r.robotsFetch).map((r) => [r.state, r.allowed]), [['unreachable', false], ['unavailable', true], ['unavailable', true], ['rules', false]]);
  });

  test("each crawler's own fetches count; spoofed fetches do not change the real crawler's state", () => {
    const { records, summary } = replay(SITE, [
      at(0, BINGBOT, '/robots.txt', 503),
      at(1000, GOOGLEBOT, '/blog/', 200, '66.249.66.1'),
      at(2000, BINGBOT, '/blog/'),
      at(3000, GOOGLEBOT, '/robots.txt', 503, '203.0.113.45'),
      at(4000, GOOGLEBOT, '/blog/', 200, '66.249.66.1'),
      at(5000, GOOGLEBOT, '/blog/', 200, '203.0.113.45'),
    ], { ranges: [{ name: 'common-crawlers.json', url: null, creationTime: '2026-08-20', prefixes: [{ family: 4, words: [0x42f94200], bits: 27, text: '66.249.66.0/27' }], crawlers: ['Googlebot'], problems: [] }] });
    assert.deepEqual(records.map((r) => [r.crawler, r.verification, r.state]), [
      ['bingbot', 'unverified', 'unreachable'],
      ['Googlebot', 'verified', 'rules'],
      ['bingbot', 'unverified', 'unreachable'],
      ['Googlebot', 'spoofed', 'unreachable'],
      ['Googlebot', 'verified', 'rules'],
      ['Googlebot', 'spoofed', 'unreachable'],
    ]);
    assert.equal(records[5]!.violation, false, 'spoofed requests are never violations');
    assert.deepEqual(
      summary.robotsFetches.changes.map((c) => [c.crawler, c.status, c.state, c.verification]),
      [['bingbot', 503, 'unreachable', 'unverified'], ['Googlebot', 503, 'unreachable', 'spoofed']],
    );
  });

  test("Google's policy: after 12 h unreachable the last good copy applies; RFC 9309 crawlers stay disallowed", () => {
    const { records, summary } = replay(SITE, [
      at(0, GOOGLEBOT, '/robots.txt', 503),
      at(0, BINGBOT, '/robots.txt', 503),
      at(11 * HOUR, GOOGLEBOT, '/blog/'),
      at(13 * HOUR, GOOGLEBOT, '/blog/'),
      at(13 * HOUR, GOOGLEBOT, '/checkout/'),
      at(13 * HOUR, BINGBOT, '/blog/'),
      at(31 * 24 * HOUR, GOOGLEBOT, '/checkout/'),
      at(31 * 24 * HOUR, BINGBOT, '/checkout/'),
    ]);
    const judged = records.filter((r) => !r.robotsFetch);
    assert.deepEqual(judged.map((r) => [r.crawler, r.url, r.state, r.allowed]), [
      ['Googlebot', '/blog/', 'unreachable', false],
      ['Googlebot', '/blog/', 'rules', true],
      ['Googlebot', '/checkout/', 'rules', false],
      ['bingbot', '/blog/', 'unreachable', false],
      ['Googlebot', '/checkout/', 'unavailable', true],
      ['bingbot', '/checkout/', 'unavailable', true],
    ]);
    assert.match(judged[1]!.note ?? '', /Google policy uses the last good copy/);
    assert.match(judged[4]!.note ?? '', /treats it as absent/);
    assert.deepEqual(summary.policy.fetchPolicies.map((p) => p.policy), ['Google', 'RFC 9309']);
    assert.match(summary.policy.fetchPolicies[0]!.brief, /12 h/);
    assert.match(summary.policy.fetchPolicies[0]!.brief, /30 days/);
  });

  test('/robots.txt itself is always allowed, even while unreachable', () => {
    const { records } = replay(SITE, [at(0, BINGBOT, '/robots.txt', 503), at(1000, BINGBOT, '/robots.txt', 503)]);
    assert.deepEqual(records.map((r) => r.allowed), [true, true]);
  });
});
