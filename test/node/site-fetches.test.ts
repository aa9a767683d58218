import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { fetchSites } from '../../server/src/node/site-fetches';
import { parsePinnedHosts } from '../../server/src/node/pinned-hosts';

/**
 * The survey's fetches are polite: at most `concurrency` at once, never two at once to one
 * host. Two real servers on 127.0.0.1 hold every request; a request is answered only once as
 * many are in flight as the limit allows (the limit, or the hosts still to finish), so the
 * survey must both use its concurrency and respect it, and a host with two origins (two ports)
 * must see them one after the other.
 */

interface Held {
  readonly host: string;
  readonly answer: () => void;
}

const held: Held[] = [];
const servers: http.Server[] = [];
let ports: number[] = [];
let onArrival: () => void = () => undefined;

before(async () => {
  for (let i = 0; i < 2; i++) {
    const server = http.createServer((req, res) => {
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      held.push({ host, answer: () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nDisallow: /${host}/\n`) });
      onArrival();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  ports = servers.map((s) => (s.address() as AddressInfo).port);
});
after(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

test('at most four fetches at once, and one at a time per host', async () => {
  const hosts = ['a.test', 'b.test', 'c.test', 'd.test', 'e.test', 'f.test'];
  // The host with two origins first: a survey that did not keep to one request per host would start both at once.
  const origins = [`http://same.test:${ports[0]}`, `http://same.test:${ports[1]}`, ...hosts.map((h) => `http://${h}:${ports[0]}`)];
  const pinned = parsePinnedHosts(origins.map((o) => `${new URL(o).hostname}:${new URL(o).port}:127.0.0.1`));
  const left = new Map<string, number>([...hosts.map((h) => [h, 1] as const), ['same.test', 2]]);
  let most = 0;
  let sameAtOnce = 0;
  // Answer the oldest request whenever as many are in flight as the survey should have.
  onArrival = () => {
    most = Math.max(most, held.length);
    sameAtOnce = Math.max(sameAtOnce, held.filter((h) => h.host === 'same.test').length);
    const unfinished = (): number => [...left.values()].filter((n) => n > 0).length;
    while (held.length > 0 && held.length >= Math.min(4, unfinished())) {
      const next = held.shift()!;
      left.set(next.host, left.get(next.host)! - 1);
      next.answer();
    }
  };
  const results = await fetchSites(origins, { concurrency: 4, deadlineMs: 60_000, pinned });
  assert.deepEqual(results.map((r) => r.origin), origins);
  assert.ok(results.every((r) => r.outcome.end.kind === 'response' && r.outcome.end.status === 200));
  assert.equal(most, 4);
  assert.equal(sameAtOnce, 1);
});
