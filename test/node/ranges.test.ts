import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RANGE_LIST_SOURCES } from '@robots-lens/replay/identity';
import type { RangeListSource } from '@robots-lens/replay/identity';
import { InputError } from '../../server/src/node/files';
import { defaultRangesDir, loadRangeLists, refreshRangeLists } from '../../server/src/node/ranges';

const FIXTURES = join(__dirname, '..', 'fixtures', 'replay', 'ranges');

describe('IP lists on disk', () => {
  test('the fixture folder: every list is read, with its date, and mapped to its crawlers', async () => {
    const { lists, warnings } = await loadRangeLists(FIXTURES);
    assert.deepEqual(warnings, []);
    assert.deepEqual(
      lists.map((l) => [l.name, l.creationTime, l.crawlers[0]]),
      [
        ['applebot.json', '2026-09-15T10:00:00.000000', 'Applebot'],
        ['bingbot.json', '2026-08-18T00:00:00.0000000Z', 'bingbot'],
        ['bots.json', '2026-08-07T00:00:00Z', 'ClaudeBot'],
        ['ccbot.json', '2026-06-01T00:00:00Z', 'CCBot'],
        ['common-crawlers.json', '2026-08-20T14:46:45.000000', 'Googlebot'],
        ['gptbot.json', '2026-07-30T11:00:00.000000', 'GPTBot'],
        ['perplexitybot.json', '2026-08-01T12:00:00.000000', 'PerplexityBot'],
        ['searchbot.json', '2026-01-02T11:00:00.000000', 'OAI-SearchBot'],
      ],
    );
  });

  test('unknown names, empty and broken files are skipped with a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-ranges-'));
    writeFileSync(join(dir, 'crawlers.json'), '[{"range": "1.2.3.0/24"}]');
    writeFileSync(join(dir, 'gptbot.json'), '{"prefixes": [');
    writeFileSync(join(dir, 'ahrefsbot.txt'), '54.36.148.0/23\n');
    const { lists, warnings } = await loadRangeLists(dir);
    assert.deepEqual(lists.map((l) => l.name), ['ahrefsbot.txt']);
    assert.equal(warnings.length, 2);
    assert.match(warnings.join('\n'), /crawlers\.json: not a list the crawler catalogue knows/);
    assert.match(warnings.join('\n'), /gptbot\.json: not valid JSON/);
  });

  test('a missing folder is an input error', async () => {
    await assert.rejects(() => loadRangeLists(join(tmpdir(), 'robots-lens-no-such-dir')), InputError);
  });

  test('the default folder follows XDG_CACHE_HOME, or an explicit override', () => {
    assert.equal(defaultRangesDir({ XDG_CACHE_HOME: '/c' }), join('/c', 'robots-lens', 'ranges'));
    assert.equal(defaultRangesDir({ ROBOTS_LENS_RANGES_DIR: '/r' }), '/r');
  });
});

describe('refreshing lists', () => {
  test('from a real HTTP server: good lists are stored; failures keep the old file and say why', async () => {
    const google = readFileSync(join(FIXTURES, 'common-crawlers.json'), 'utf8');
    const server = createServer((req, res) => {
      if (req.url === '/common-crawlers.json') res.writeHead(200, { 'content-type': 'application/json' }).end(google);
      else if (req.url === '/gptbot.json') res.writeHead(200).end('<html>moved</html>');
      else res.writeHead(404, 'Not Found').end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const pick = (name: string): RangeListSource => ({ ...RANGE_LIST_SOURCES.find((s) => s.fileName === name)!, url: `${base}/${name}` });
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-refresh-'));
    writeFileSync(join(dir, 'bingbot.json'), '{"creationTime": "old", "prefixes": [{"ipv4Prefix": "157.55.39.0/24"}]}');
    try {
      const results = await refreshRangeLists(dir, {
        sources: [pick('common-crawlers.json'), pick('gptbot.json'), pick('bingbot.json'), { ...pick('ccbot.json'), url: `http://127.0.0.1:${closedPort}/ccbot.json` }],
        timeoutMs: 5000,
      });
      assert.deepEqual(results.map((r) => [r.fileName, r.ok]), [['common-crawlers.json', true], ['gptbot.json', false], ['bingbot.json', false], ['ccbot.json', false]]);
      assert.equal(results[0]!.message, '11 prefixes, created 2026-08-20T14:46:45.000000');
      assert.match(results[1]!.message, /not a usable IP list/);
      assert.equal(results[2]!.message, 'HTTP 404 Not Found');
      assert.match(results[3]!.message, /ECONNREFUSED/);
      assert.equal(readFileSync(join(dir, 'common-crawlers.json'), 'utf8'), google);
      assert.match(readFileSync(join(dir, 'bingbot.json'), 'utf8'), /"old"/, 'the old list is kept');
    } finally {
      server.close();
    }
  });
});
