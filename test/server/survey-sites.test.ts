/**
 * `robotsLens/surveySites` on the real bundled server over stdio with a real LSP client, the
 * sites served by real HTTP servers on 127.0.0.1: the same survey `robots-lens survey` makes
 * (categories, deciding lines, totals), as plain JSON, and bad params answered as such.
 */

import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ErrorCodes } from 'vscode-languageserver-protocol/node';
import type { ResponseError } from 'vscode-languageserver-protocol/node';
import { SurveySitesRequest } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const sites: http.Server[] = [];
const origins: string[] = [];
let server: TestServer;

/** Each site's answer: a robots.txt, or a status. */
const ANSWERS: readonly (string | number)[] = ['User-agent: *\nDisallow: /\nAllow: /$\n', 'User-agent: GPTBot\n\nDisallow: /\n', 503];

before(async () => {
  for (const answer of ANSWERS) {
    const site = http.createServer((req, res) => {
      if (typeof answer === 'number') res.writeHead(answer).end('down\n');
      else if (req.url === '/robots.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sites.push(site);
    origins.push(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
  }
  server = await startTestServer();
});

after(async () => {
  server?.stop();
  for (const site of sites) await new Promise<void>((resolve) => site.close(() => resolve()));
});

describe('robotsLens/surveySites', { timeout: 60_000 }, () => {
  test('each site fetched and decided; the categories kept apart; plain JSON', async () => {
    const result = await server.connection.sendRequest(SurveySitesRequest, { sites: origins, agents: ['GPTBot', 'Googlebot'], paths: ['/private/a', '/b?x'] });
    assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
    assert.deepEqual(result.sites.map((s) => [s.status, s.state]), [[200, 'rules'], [200, 'rules'], [503, 'unreachable']]);
    assert.deepEqual(
      result.sites.map((s) => s.agents.map((a) => [a.category, a.by, a.line])),
      [
        [['all-tested', null, null], ['all-tested', null, null]],
        [['site', 'rules', 3], ['none', null, null]],
        [['site', 'fetch-state', null], ['site', 'fetch-state', null]],
      ],
    );
    assert.deepEqual(result.sites[1]!.verdicts[0], { agent: 'GPTBot', path: '/private/a', allowed: false, line: 3, rule: 'Disallow: /', reason: 'rule' });
    assert.equal(result.sites[1]!.text, 'User-agent: GPTBot\n\nDisallow: /\n');
    assert.equal(result.sites[2]!.text, null);
    assert.match(result.totals[0]!, /^GPTBot: whole site disallowed on 2 of 3 sites .*1 of them only because robots.txt was unreachable.*every tested path, not proved for the whole site, on 1 /);
  });

  const BAD: readonly (readonly [unknown, string])[] = [
    [null, 'params'],
    [{ sites: [], agents: ['GPTBot'], paths: ['/'] }, '"sites"'],
    [{ sites: ['example.com'], agents: 'GPTBot', paths: ['/'] }, '"agents"'],
    [{ sites: ['example.com'], agents: ['GPTBot'], paths: ['private'] }, 'does not start with "/"'],
    [{ sites: ['ftp://example.com'], agents: ['GPTBot'], paths: ['/'] }, 'not an http or https URL'],
    [{ sites: ['example.com'], agents: ['GPTBot'], paths: ['/'], timeoutMs: 1e300 }, '"timeoutMs"'],
  ];
  for (const [params, field] of BAD) {
    test(`${JSON.stringify(params)} → invalid params naming ${field}`, async () => {
      const error = await server.connection.sendRequest(SurveySitesRequest.method, params).then(
        () => assert.fail('no error'),
        (e: unknown) => e as ResponseError<unknown>,
      );
      assert.equal(error.code, ErrorCodes.InvalidParams, error.message);
      assert.ok(error.message.includes(field), error.message);
    });
  }
});
