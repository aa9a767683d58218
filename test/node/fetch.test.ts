import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { matcherFor } from '@robots-lens/kernel/match';
import { DEFAULT_ROBOTS_MAX_BYTES, MAJOR_CRAWLERS, classifyFetch, crawlPermission, robotsFetchReport } from '@robots-lens/fetch';
import type { CrawlerAccess, FetchPolicy, FetchWarningCode, NetworkErrorKind, RobotsFetchResult } from '@robots-lens/fetch';
import { decodeHtml, extractMetaTags } from '../../server/src/node/html-meta';
import { fetchPage, fetchRobotsTxt, robotsOrigin } from '../../server/src/node/http-fetch';
import type { HttpOptions } from '../../server/src/node/http-fetch';
import { BODY_418, OVERSIZE_BYTES, ROBOTS_OK, startFixtureServer } from '../support/http-fixture-server';
import type { CaseName, FixtureServer } from '../support/http-fixture-server';

let fixture: FixtureServer;
before(async () => {
  fixture = await startFixtureServer();
});
after(async () => {
  await fixture.close();
});

async function fetchCase(name: CaseName, options: HttpOptions = {}): Promise<RobotsFetchResult> {
  return classifyFetch(await fetchRobotsTxt(fixture.origin(name), options));
}

/** What each policy's crawlers must do: access, and a phrase of the summary. */
type Expected = Partial<Record<FetchPolicy, readonly [CrawlerAccess, string]>>;

/** Asserts the consequence of every major crawler, grouped by the policy it follows. */
function assertConsequences(result: RobotsFetchResult, expected: Expected): void {
  assert.equal(result.consequences.length, MAJOR_CRAWLERS.length);
  const seen = new Set<FetchPolicy>();
  for (const c of result.consequences) {
    seen.add(c.policy);
    const want = expected[c.policy];
    assert.ok(want, `no expectation for policy ${c.policy}`);
    assert.equal(c.access, want[0], `${c.crawler}: ${c.summary}`);
    assert.ok(c.summary.includes(want[1]), `${c.crawler}: "${c.summary}" should contain "${want[1]}"`);
  }
  assert.deepEqual([...seen].sort(), ['amazon', 'google', 'rfc9309']);
  assert.equal(result.consequences.find((c) => c.crawler === 'Googlebot')?.policy, 'google');
  assert.equal(result.consequences.find((c) => c.crawler === 'Amazonbot')?.policy, 'amazon');
  assert.equal(result.consequences.find((c) => c.crawler === 'GPTBot')?.policy, 'rfc9309');
}

function codes(result: RobotsFetchResult): FetchWarningCode[] {
  return result.warnings.map((w) => w.code);
}

const FOLLOWS = { google: ['by-rules', 'follows these rules'], rfc9309: ['by-rules', 'follows these rules'], amazon: ['by-rules', 'follows these rules'] } as const;
const GOOGLE_STOP = 'stops crawling for 12 h, then uses the last good copy up to 30 days';
const AMAZON_FAILURE = ['cached-copy', 'cached copy up to 30 days'] as const;

describe('fetchRobotsTxt + classifyFetch against a real HTTP server', () => {
  test('200 text/plain: rules, exact size, summary of groups, rules, sitemaps and agents', async () => {
    const result = await fetchCase('ok');
    const origin = fixture.origin('ok');
    assert.equal(result.state, 'rules');
    assert.equal(result.status, 200);
    assert.equal(result.origin, origin);
    assert.deepEqual(result.chain, [{ url: `${origin}/robots.txt`, status: 200 }]);
    assert.equal(result.bytes, Buffer.byteLength(ROBOTS_OK));
    assert.equal(result.contentType, 'text/plain; charset=utf-8');
    assert.deepEqual(codes(result), []);
    assert.equal(result.error, null);
    assert.deepEqual(robotsFetchReport(result).rules, {
      groups: 2,
      rules: 3,
      sitemaps: ['https://example.test/sitemap-1.xml', 'https://example.test/sitemap-2.xml'],
      agents: ['*', 'Googlebot', 'Bingbot'],
    });
    assertConsequences(result, FOLLOWS);
    assert.equal(crawlPermission(result, `${origin}/private/x`, 'GPTBot').allowed, false);
    assert.equal(crawlPermission(result, `${origin}/private/x`, 'Googlebot').allowed, true);
  });

  test('200 HTML page: warned, and what is valid in it still counts', async () => {
    const result = await fetchCase('html');
    assert.equal(result.state, 'rules');
    assert.deepEqual(codes(result), ['looks-like-html', 'content-type']);
    assert.match(result.warnings[1]!.message, /text\/html/);
    assert.deepEqual(robotsFetchReport(result).rules, { groups: 1, rules: 1, sitemaps: [], agents: ['*'] });
    assert.equal(crawlPermission(result, `${fixture.origin('html')}/admin/x`, 'Googlebot').allowed, false);
    assertConsequences(result, {
      google: ['by-rules', 'takes the valid lines of this HTML page'],
      rfc9309: ['by-rules', 'follows these rules'],
      amazon: ['by-rules', 'follows these rules'],
    });
  });

  test('200 with a byte order mark: warned, skipped, first line still read', async () => {
    const result = await fetchCase('bom');
    assert.equal(result.state, 'rules');
    assert.equal(result.bytes, 3 + Buffer.byteLength('User-agent: *\nDisallow: /bom-private/\n'));
    assert.deepEqual(codes(result), ['bom']);
    assert.equal(result.robots?.hadBom, true);
    assert.equal(crawlPermission(result, `${fixture.origin('bom')}/bom-private/a`, 'Googlebot').allowed, false);
    assertConsequences(result, FOLLOWS);
  });

  test('200 with an empty body: 0 bytes, no rules, everything allowed', async () => {
    const result = await fetchCase('empty');
    assert.equal(result.state, 'rules');
    assert.equal(result.bytes, 0);
    assert.deepEqual(codes(result), ['empty-body']);
    assert.equal(crawlPermission(result, `${fixture.origin('empty')}/anything`, 'GPTBot').allowed, true);
    assertConsequences(result, FOLLOWS);
  });

  test('301 → 301 → 200 across two hosts: chain recorded, rules apply to the original origin', async () => {
    const result = await fetchCase('cross-host');
    const origin = fixture.origin('cross-host');
    const other = fixture.otherOrigin;
    assert.equal(result.state, 'rules');
    assert.deepEqual(
      result.chain.map((h) => [h.url, h.status]),
      [
        [`${origin}/robots.txt`, 301],
        [`${other}/hop`, 301],
        [`${other}/final-robots.txt`, 200],
      ],
    );
    assert.equal(result.origin, origin);
    assert.equal(result.finalUrl, `${other}/final-robots.txt`);
    assert.deepEqual(codes(result), ['redirect']);
    assert.match(result.warnings[0]!.message, new RegExp(`still apply to ${escape(origin)}`));
    assert.equal(crawlPermission(result, `${origin}/moved-rules/x`, 'Googlebot').allowed, false);
    // The redirect target's own URLs are not governed by this file.
    const elsewhere = crawlPermission(result, `${other}/moved-rules/x`, 'Googlebot');
    assert.equal(elsewhere.allowed, null);
    assert.equal(elsewhere.verdict?.outcome, 'not-applicable');
    assertConsequences(result, FOLLOWS);
  });

  test('exactly 5 redirects are followed', async () => {
    const result = await fetchCase('redirects-5');
    assert.equal(result.state, 'rules');
    assert.equal(result.chain.length, 6);
    assert.equal(result.chain[5]!.status, 200);
    assert.equal(crawlPermission(result, `${fixture.origin('redirects-5')}/after-redirects/`, 'Googlebot').allowed, false);
  });

  test('6 redirects: the sixth is not followed, robots.txt is unavailable', async () => {
    const result = await fetchCase('redirects-6');
    assert.equal(result.state, 'unavailable');
    assert.equal(result.chain.length, 6);
    assert.ok(result.chain.every((h) => h.status === 301 || h.status === 302));
    assert.equal(fixture.hits('redirects-6', '/r/6'), 0);
    assert.deepEqual(codes(result), ['too-many-redirects']);
    assert.equal(crawlPermission(result, `${fixture.origin('redirects-6')}/after-redirects/`, 'Googlebot').allowed, true);
    assertConsequences(result, {
      google: ['everything', 'follows at most 5 redirect hops, then treats robots.txt as a 404'],
      rfc9309: ['everything', 'more than 5 redirects'],
      amazon: AMAZON_FAILURE,
    });
  });

  const unavailable: Array<[CaseName, number, FetchWarningCode[]]> = [
    ['status-404', 404, []],
    ['status-410', 410, []],
    ['status-401', 401, ['access-denied']],
    ['status-403', 403, ['access-denied']],
  ];
  for (const [name, status, warnings] of unavailable) {
    test(`${status}: unavailable, everything allowed`, async () => {
      const result = await fetchCase(name);
      assert.equal(result.state, 'unavailable');
      assert.equal(result.status, status);
      assert.equal(result.robots, null);
      assert.deepEqual(codes(result), warnings);
      assert.equal(crawlPermission(result, `${fixture.origin(name)}/private/`, 'GPTBot').allowed, true);
      assertConsequences(result, {
        google: ['everything', `treats HTTP ${status} like a missing robots.txt: everything allowed`],
        rfc9309: ['everything', `RFC 9309 reads HTTP ${status} as "unavailable"`],
        amazon: AMAZON_FAILURE,
      });
    });
  }

  test('418 with a 113-byte body: unavailable, and the body size is reported exactly (not "empty")', async () => {
    assert.equal(Buffer.byteLength(BODY_418), 113);
    const result = await fetchCase('status-418');
    assert.equal(result.state, 'unavailable');
    assert.equal(result.status, 418);
    assert.equal(result.bytes, 113);
    assert.ok(!codes(result).includes('empty-body'));
    assert.match(result.explanation, /The 113-byte body is not read as rules/);
    assertConsequences(result, {
      google: ['everything', 'treats HTTP 418 like a missing robots.txt'],
      rfc9309: ['everything', '"unavailable"'],
      amazon: AMAZON_FAILURE,
    });
  });

  test('429: unreachable as Google reads it; RFC crawlers are told apart', async () => {
    const result = await fetchCase('status-429');
    assert.equal(result.state, 'unreachable');
    assert.equal(result.status, 429);
    assert.deepEqual(codes(result), ['rate-limited']);
    assert.equal(crawlPermission(result, `${fixture.origin('status-429')}/`, 'Googlebot').allowed, false);
    assertConsequences(result, {
      google: ['nothing', `treats 429 like a server error: ${GOOGLE_STOP}`],
      rfc9309: ['everything', 'RFC 9309 counts 429 among the 4xx "unavailable" codes'],
      amazon: AMAZON_FAILURE,
    });
  });

  for (const [name, status] of [['status-500', 500], ['status-503', 503]] as const) {
    test(`${status}: unreachable, complete disallow`, async () => {
      const result = await fetchCase(name);
      assert.equal(result.state, 'unreachable');
      assert.equal(result.status, status);
      assert.equal(crawlPermission(result, `${fixture.origin(name)}/anything`, 'GPTBot').allowed, false);
      assertConsequences(result, {
        google: ['nothing', status === 503 ? `on 503 (retried fairly often) ${GOOGLE_STOP}` : `on HTTP 500 ${GOOGLE_STOP}`],
        rfc9309: ['nothing', 'must assume complete disallow'],
        amazon: AMAZON_FAILURE,
      });
    });
  }

  const networkCases: Array<[string, () => Promise<RobotsFetchResult>, NetworkErrorKind, string, RegExp]> = [
    ['connection reset', () => fetchCase('reset'), 'connection-reset', 'ECONNRESET', /reset before a response arrived/],
    ['timeout (server never answers)', () => fetchCase('hang', { timeoutMs: 200 }), 'timeout', 'ETIMEDOUT', /No response within 200 ms/],
    ['slow trickle past the overall timeout', () => fetchCase('trickle', { timeoutMs: 300 }), 'timeout', 'ETIMEDOUT', /still arriving after \d+ bytes/],
    ['connection refused', async () => classifyFetch(await fetchRobotsTxt(fixture.closedOrigin)), 'connection-refused', 'ECONNREFUSED', /refused the connection/],
    ['unknown host', async () => classifyFetch(await fetchRobotsTxt('http://robots-lens-test.invalid')), 'dns', 'ENOTFOUND', /does not resolve/],
  ];
  for (const [name, run, kind, code, message] of networkCases) {
    test(`${name}: unreachable with the error stated`, async () => {
      const started = Date.now();
      const result = await run();
      assert.ok(Date.now() - started < 5_000, 'the limits end the fetch promptly');
      assert.equal(result.state, 'unreachable');
      assert.equal(result.status, null);
      assert.equal(result.error?.kind, kind);
      assert.equal(result.error?.code, code);
      assert.match(result.error!.message, message);
      assert.match(result.explanation, /every URL of .* is disallowed/);
      assertConsequences(result, {
        google: ['nothing', `treats a timeout or network error like a server error: ${GOOGLE_STOP}`],
        rfc9309: ['nothing', 'must assume complete disallow'],
        amazon: AMAZON_FAILURE,
      });
    });
  }

  test('oversize body: reading stops at 500 KiB plus a margin; warned; rules past the limit do not count', async () => {
    const result = await fetchCase('oversize');
    assert.equal(result.state, 'rules');
    assert.equal(result.bytes, DEFAULT_ROBOTS_MAX_BYTES);
    assert.equal(result.truncated, true);
    assert.equal(result.declaredLength, OVERSIZE_BYTES);
    assert.deepEqual(codes(result), ['size-limit']);
    assert.match(result.warnings[0]!.message, /ignores everything after the first 512000 bytes/);
    const matcher = matcherFor(result.robots!);
    assert.equal(matcher.decide('/p00000001', 'Googlebot').allowed, false);
    // Rule k starts at byte 14 + 21k: /p00024000 at 504014 counts; /p00025000 at 525014 was read but lies past Google's limit.
    assert.equal(matcher.decide('/p00024000', 'Googlebot').allowed, false);
    assert.equal(matcher.decide('/p00025000', 'Googlebot').allowed, true);
    assertConsequences(result, {
      google: ['by-rules', 'ignores everything after the first 500 KiB'],
      rfc9309: ['by-rules', 'follows these rules'],
      amazon: ['by-rules', 'follows these rules'],
    });
  });

  test('--max-bytes below the limit: stops there, drops the partial last line, says the rules may be incomplete', async () => {
    const result = await fetchCase('oversize', { maxBytes: 1000 });
    assert.equal(result.bytes, 1000);
    assert.deepEqual(codes(result), ['truncated']);
    const rules = result.robots!.groups[0]!.rules;
    // (1000 − 14) / 21 = 46.9: 46 whole rule lines; the 47th was cut and is dropped, not misread as a shorter prefix.
    assert.equal(rules.length, 46);
    assert.equal(rules[45]!.pattern, '/p00000045');
  });

  test('gzip-encoded body is decompressed', async () => {
    const result = await fetchCase('gzip');
    assert.equal(result.state, 'rules');
    assert.equal(crawlPermission(result, `${fixture.origin('gzip')}/zipped/x`, 'Googlebot').allowed, false);
  });

  test('a bare host means https; scheme, host and port define the origin', () => {
    assert.equal(robotsOrigin('example.com'), 'https://example.com');
    assert.equal(robotsOrigin('http://Example.COM:80/some/page?q'), 'http://example.com');
    assert.equal(robotsOrigin('https://example.com:8443/x'), 'https://example.com:8443');
    assert.throws(() => robotsOrigin('ftp://example.com/'), /not an http or https URL/);
  });
});

describe('fetchPage and the HTML meta adapter', () => {
  test('X-Robots-Tag headers stay separate, in order; HTML body read', async () => {
    const page = await fetchPage(`${fixture.origin('site')}/private/report.html`);
    assert.equal(page.status, 200);
    assert.deepEqual(page.robotsHeaders, ['noindex', 'googlebot: max-snippet: 20, notranslate']);
    assert.ok(page.body !== null && page.bytes === page.body.length);
    const meta = extractMetaTags(decodeHtml(page.body, page.contentType));
    // The meta in the script and in the comment are not tags.
    assert.deepEqual(meta, [
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'googlebot-news', content: 'nosnippet' },
    ]);
  });

  test('non-HTML: headers only, body not read', async () => {
    const page = await fetchPage(`${fixture.origin('site')}/doc.pdf`);
    assert.equal(page.contentType, 'application/pdf');
    assert.equal(page.body, null);
    assert.deepEqual(page.robotsHeaders, ['noindex, unavailable_after: Wednesday, 03-Nov-2027 15:00:00 GMT']);
  });

  test('redirects are followed and recorded', async () => {
    const origin = fixture.origin('site');
    const page = await fetchPage(`${origin}/moved`);
    assert.deepEqual(page.chain.map((h) => h.status), [301, 200]);
    assert.equal(page.finalUrl, `${origin}/public/plain.html`);
  });

  test('extractMetaTags: template contents are inert, names as written, content defaults to empty', () => {
    const html = '<html><head><meta name="Googlebot" content="noindex"><meta name="robots"><template><meta name="robots" content="nofollow"></template></head><body><meta name="bingbot" content="nosnippet"></body></html>';
    assert.deepEqual(extractMetaTags(html), [
      { name: 'Googlebot', content: 'noindex' },
      { name: 'robots', content: '' },
      { name: 'bingbot', content: 'nosnippet' },
    ]);
  });

  test('decodeHtml: Content-Type charset wins, else <meta charset>, else UTF-8', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1');
    assert.match(decodeHtml(latin1, 'text/html'), /café/);
    assert.match(decodeHtml(Buffer.from('<p>café</p>'), 'text/html; charset=utf-8'), /café/);
    assert.match(decodeHtml(Buffer.from('<p>x</p>'), 'text/html; charset=no-such-charset'), /<p>x<\/p>/);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
