/**
 * "Refresh IP lists" in the replay panel: the catalogue's download (as `robots-lens ranges
 * --refresh`) against a real server on 127.0.0.1, with progress per list, and the sentence
 * shown when no list can be downloaded because nothing answers.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import { refreshIpLists } from '../../server/src/node/ip-list-refresh';

const LIST = JSON.stringify({ creationTime: '2026-03-01T00:00:00Z', prefixes: [{ ipv4Prefix: '66.249.64.0/27' }, { ipv6Prefix: '2001:4860:4801:10::/64' }] });

describe('refresh IP lists', () => {
  let server: http.Server;
  let origin = '';
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'ip-lists-'));
    dirs.push(dir);
    return dir;
  };
  before(async () => {
    server = http.createServer((request, response) => {
      if (request.url?.endsWith('.json')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(LIST);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const sourcesAt = (base: string) => RANGE_LIST_SOURCES.slice(0, 3).map((source) => ({ ...source, url: `${base}/lists/${source.fileName}` }));

  test('every list is stored under its official name, with progress per list', async () => {
    const dir = tempDir();
    const progress: string[] = [];
    const sources = sourcesAt(origin);
    const outcome = await refreshIpLists({ dir, sources, onProgress: (done, total) => progress.push(`${done}/${total}`) });
    assert.deepEqual(outcome, { ok: true, stored: 3, message: `Downloaded 3 crawler IP lists into ${dir}; replaying again to verify the requests.` });
    assert.deepEqual(progress, ['1/3', '2/3', '3/3']);
    assert.deepEqual(readdirSync(dir).sort(), sources.map((s) => s.fileName).sort());
  });

  test('nothing answering: the message says no list could be downloaded and asks whether the machine is offline', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const dir = tempDir();
    const sources = sourcesAt(`http://127.0.0.1:${port}`);
    const outcome = await refreshIpLists({ dir, sources, timeoutMs: 5000 });
    assert.equal(outcome.ok, false);
    assert.equal(outcome.stored, 0);
    assert.match(outcome.message, new RegExp(`^No crawler IP list could be downloaded \\(${sources[0]!.fileName.replace('.', '\\.')}: .*ECONNREFUSED.*, and 2 more failed\\)\\. Is this machine offline\\? Requests stay unverified until the lists are in `));
    assert.deepEqual(readdirSync(dir), []);
  });

  test('some lists failing: the count of each and the first reason', async () => {
    const dir = tempDir();
    const sources = [...sourcesAt(origin).slice(0, 1), { ...RANGE_LIST_SOURCES[1]!, url: `${origin}/missing` }];
    const outcome = await refreshIpLists({ dir, sources });
    assert.equal(outcome.ok, false);
    assert.equal(outcome.stored, 1);
    assert.equal(outcome.message, `Downloaded 1 of 2 crawler IP lists into ${dir}; 1 failed (${RANGE_LIST_SOURCES[1]!.fileName}: HTTP 404 Not Found). Replaying again with what was stored.`);
  });
});
