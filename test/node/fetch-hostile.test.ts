import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { classifyFetch } from '@robots-lens/fetch';
import { ipRange } from '../../server/src/node/address-guard';
import { fetchPage, fetchRobotsTxt } from '../../server/src/node/http-fetch';

const servers: Array<http.Server | net.Server> = [];
after(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function listen<S extends http.Server | net.Server>(server: S, host: string): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/** A server that answers every request with these raw bytes, as written. */
function rawServer(response: string): net.Server {
  return net.createServer((socket) => {
    socket.once('data', () => socket.end(response));
    socket.on('error', () => undefined);
  });
}

describe('a body longer than its Content-Length', () => {
  for (const connection of ['close', 'keep-alive']) {
    test(`is named as such (Connection: ${connection}), not as a body cut short`, async () => {
      const body = 'User-agent: *\nDisallow: /x\n';
      const origin = await listen(rawServer(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 10\r\nconnection: ${connection}\r\n\r\n${body}`), '127.0.0.1');
      const outcome = await fetchRobotsTxt(origin);
      assert.equal(outcome.end.kind, 'network-error');
      if (outcome.end.kind !== 'network-error') return;
      assert.equal(outcome.end.error.kind, 'protocol');
      assert.match(outcome.end.error.message, /^The body is longer than its Content-Length: the server declared 10 bytes and sent more after them/);
      assert.doesNotMatch(classifyFetch(outcome).explanation, /before the body was complete/);
    });
  }
});

describe('redirects out of the public address space', () => {
  let privateOrigin: string;
  let publicOrigin: string;
  /** 127.0.0.3 plays a public site; every other address stays what it is. */
  const addressRange = (address: string): string => (address === '127.0.0.3' ? 'unicast' : ipRange(address));
  let privateHits = 0;

  before(async () => {
    privateOrigin = await listen(
      http.createServer((req, res) => {
        privateHits++;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(req.url === '/robots.txt' ? 'User-agent: *\nDisallow: /internal/\n' : '<html><head><meta name="robots" content="noindex"></head></html>');
      }),
      '127.0.0.2',
    );
    publicOrigin = await listen(
      http.createServer((req, res) => {
        res.writeHead(301, { location: `${privateOrigin}${req.url === '/robots.txt' ? '/robots.txt' : '/admin'}`, 'content-length': 0 });
        res.end();
      }),
      '127.0.0.3',
    );
  });

  test('robots.txt: a public origin redirecting to a loopback address is refused, and the result says so', async () => {
    privateHits = 0;
    const outcome = await fetchRobotsTxt(publicOrigin, { addressRange });
    assert.equal(outcome.end.kind, 'bad-redirect');
    if (outcome.end.kind !== 'bad-redirect') return;
    assert.equal(outcome.end.url, `${publicOrigin}/robots.txt`);
    assert.match(outcome.end.message, /^refused to follow it to http:\/\/127\.0\.0\.2:\d+\/robots\.txt: 127\.0\.0\.2 is a loopback address, and the fetch started on a public one/);
    assert.equal(privateHits, 0, 'no request reached the private address');
    const result = classifyFetch(outcome);
    assert.ok(result.warnings.some((w) => w.code === 'bad-redirect' && w.message.includes('loopback address')), JSON.stringify(result.warnings));
  });

  test('a page: the same redirect is refused and named as the redirect problem', async () => {
    privateHits = 0;
    const page = await fetchPage(`${publicOrigin}/page`, { addressRange });
    assert.equal(page.status, 301);
    assert.match(page.redirectProblem ?? '', /refused to follow it to http:\/\/127\.0\.0\.2:\d+\/admin: 127\.0\.0\.2 is a loopback address/);
    assert.deepEqual(page.robotsHeaders, []);
    assert.equal(privateHits, 0);
  });

  test('an origin that is itself loopback may redirect to another loopback address', async () => {
    const outcome = await fetchRobotsTxt(publicOrigin);
    assert.equal(outcome.end.kind, 'response');
    assert.equal(outcome.chain.length, 2);
  });

  test('a public origin that names a private host by name is refused after the lookup, before connecting', async () => {
    let localHits = 0;
    const local = await listen(
      http.createServer((req, res) => {
        localHits++;
        res.end('User-agent: *\nDisallow: /\n');
      }),
      '127.0.0.1',
    );
    const named = http.createServer((req, res) => {
      res.writeHead(302, { location: local.replace('127.0.0.1', 'localhost') + '/robots.txt', 'content-length': 0 });
      res.end();
    });
    const origin = await listen(named, '127.0.0.3');
    const outcome = await fetchRobotsTxt(origin, { addressRange });
    assert.equal(outcome.end.kind, 'bad-redirect');
    if (outcome.end.kind !== 'bad-redirect') return;
    assert.match(outcome.end.message, /^refused to follow it to http:\/\/localhost:\d+\/robots\.txt: (127\.0\.0\.1|::1) is a loopback address/);
    assert.equal(localHits, 0);
  });
});
