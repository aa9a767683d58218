/**
 * Compare with… a live robots.txt: which fetch outcomes give a file to compare with (2xx
 * only, docs/spec/robots-semantics.md §5), what the user is told when none does, and which site is offered first.
 * The fetch results come from a real fetch of a local server, so the wording checked is the
 * fetch feature's own.
 */

import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { liveLabel, liveVersion, suggestedSite } from '../../client/src/live-version-outcome';
import { fetchRobots } from '../../server/src/features/fetch-request';

const BODY = 'User-agent: GPTBot\nDisallow: /\n';
/** The status /robots.txt answers with, by the port's server: each origin answers one way. */
const STATUSES = [200, 404, 503, 429] as const;

describe('compare with a live robots.txt', () => {
  const servers = new Map<number, { server: http.Server; origin: string }>();

  before(async () => {
    for (const status of STATUSES) {
      const server = http.createServer((_request, response) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? BODY : 'busy');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.set(status, { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    }
  });
  after(async () => {
    await Promise.all([...servers.values()].map(({ server }) => new Promise((resolve) => server.close(resolve))));
  });
  const fetchFrom = (status: (typeof STATUSES)[number]) => fetchRobots({ site: `${servers.get(status)!.origin}/some/page`, timeoutMs: 5000 });

  test('a 2xx body is the version compared, labelled with its URL and fetch time', async () => {
    const result = await fetchFrom(200);
    const live = liveVersion(result);
    assert.ok(live.ok);
    assert.equal(live.text, BODY);
    assert.match(live.label, new RegExp(`^live ${servers.get(200)!.origin}/robots\\.txt \\(fetched \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC\\)$`));
  });

  const noFile: [status: (typeof STATUSES)[number], state: string, crawlersDo: RegExp][] = [
    [404, 'unavailable', /every URL of http:\/\/127\.0\.0\.1:\d+ is allowed/],
    [503, 'unreachable', /every URL of http:\/\/127\.0\.0\.1:\d+ is disallowed/],
    [429, 'unreachable', /every URL of http:\/\/127\.0\.0\.1:\d+ is disallowed/],
  ];
  for (const [status, state, crawlersDo] of noFile) {
    test(`HTTP ${status}: no file to compare with, and what crawlers do, in the fetch report's words`, async () => {
      const result = await fetchFrom(status);
      const live = liveVersion(result);
      assert.equal(live.ok, false);
      assert.ok(!live.ok);
      assert.equal(result.state, state);
      assert.match(live.message, new RegExp(`^No live file to compare with: ${servers.get(status)!.origin}/robots\\.txt, fetched at [\\d-]+ [\\d:]+ UTC, has no rules in force\\. `));
      assert.ok(live.message.endsWith(` has no rules in force. ${result.explanation}`), live.message);
      assert.ok(live.message.includes(`"${state}"`), live.message);
      assert.match(live.message, crawlersDo);
    });
  }

  test('a network failure is unreachable: no file, everything disallowed', async () => {
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const live = liveVersion(await fetchRobots({ site: `http://127.0.0.1:${port}`, timeoutMs: 5000 }));
    assert.ok(!live.ok);
    assert.match(live.message, /has no rules in force\. .*"unreachable".*every URL of http:\/\/127\.0\.0\.1:\d+ is disallowed/);
  });

  test('the label keeps a time it cannot shorten as it came', () => {
    assert.equal(liveLabel({ url: 'https://example.com/robots.txt', fetchedAt: 'yesterday' }), 'live https://example.com/robots.txt (fetched yesterday)');
  });

  const suggestions: [what: string, fetched: string | undefined, sites: string[], tested: string[], expected: string | undefined][] = [
    ['the origin the document was fetched from comes first', 'https://a.example', ['b.example'], ['https://c.example/x'], 'https://a.example'],
    ['else the site fetched last', undefined, ['b.example', 'd.example'], ['https://c.example/x'], 'b.example'],
    ['else the origin of the last absolute URL tested; paths name no site', undefined, [], ['/cart/', 'http://c.example:8080/x?y'], 'http://c.example:8080'],
    ['else nothing', undefined, [], ['/cart/'], undefined],
  ];
  for (const [what, fetched, sites, tested, expected] of suggestions) {
    test(`suggested site: ${what}`, () => assert.equal(suggestedSite(fetched, sites, tested), expected));
  }
});
