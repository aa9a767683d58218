import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CancellationToken, ErrorCodes, ResponseError } from 'vscode-languageserver';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { ParsedDocument } from '../../server/src/documents';
import { replayRequest } from '../../server/src/features/replay-request';
import type { ReplayDeps } from '../../server/src/features/replay-request';
import type { ReplayParams } from '../../server/src/protocol';
import { webReplay } from '../../server/src/web/replay';
import type { ReadIpLists, ReadLog } from '../../server/src/web/replay';

// The desktop replay and the web worker's check their params with one function: the same
// bad value is the same InvalidParams answer on both, and every param counts on both.

const TEXT = 'User-agent: *\nDisallow: /private/\n';
const URI = 'file:///site/robots.txt';
const parsed: ParsedDocument = { uri: URI, version: 1, document: TextDocument.create(URI, 'robots-txt', 1, TEXT), file: parseRobots(TEXT) };
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-replay-params-'));
const LOG = join(dir, 'access.log');
writeFileSync(LOG, '192.0.2.1 - - [23/Nov/2026:00:00:10 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "curl/8.7.1"\n');
const deps: ReplayDeps = { progress: () => undefined, setCounts: () => undefined, rangesDir: join(dir, 'no-ranges') };

/** The client's half of the web replay, from disk: the whole log in one piece, then the end. */
const readLog: ReadLog = async ({ file, index }) => {
  const text = readFileSync(file, 'utf8');
  const size = Buffer.byteLength(text);
  return index === 0 ? { text, bytesRead: size, bytesTotal: size } : { text: null, bytesRead: size, bytesTotal: size };
};

/** The client found no IP lists, as the desktop finds no ranges folder. */
const noIpLists: ReadIpLists = async () => ({ files: [], folders: [], problems: [] });

async function rejection(run: () => Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return { code: error.code, message: error.message };
  }
  assert.fail('no rejection');
}

describe('robotsLens/replay params, desktop and web alike', () => {
  const bad: ReadonlyArray<readonly [string, Record<string, unknown>, RegExp]> = [
    ['no log files', { logFiles: [] }, /"logFiles" must be a non-empty list/],
    ['an empty log file name among others', { logFiles: [LOG, ''] }, /"logFiles" must be a non-empty list/],
    ['a negative grace', { logFiles: [LOG], graceHours: -1 }, /"graceHours" must be a number of at least 0/],
    ['a grace of 1e308 hours', { logFiles: [LOG], graceHours: 1e308 }, /"graceHours" must be at most 8760 \(a year\)/],
    ['a reorder window that is not a number', { logFiles: [LOG], reorderWindowMinutes: 'ten' }, /"reorderWindowMinutes" must be a number/],
    ['a reorder window over 7 days', { logFiles: [LOG], reorderWindowMinutes: 20_000 }, /"reorderWindowMinutes" must be at most 10080/],
    ['a negative record cap', { logFiles: [LOG], maxRecords: -5 }, /"maxRecords" must be a number of at least 0/],
  ];
  for (const [name, fields, message] of bad) {
    test(`${name}: the same InvalidParams answer`, async () => {
      const params = { uri: URI, ...fields } as unknown as ReplayParams;
      const web = await rejection(() => webReplay(readLog, noIpLists, parsed, params, CancellationToken.None, deps));
      const desktop = await rejection(() => replayRequest(parsed, params, CancellationToken.None, deps));
      assert.equal(web.code, ErrorCodes.InvalidParams);
      assert.match(web.message, message);
      assert.deepEqual(web, desktop);
    });
  }

  test('the reorder window and the record cap count in the web worker too', async () => {
    const params: ReplayParams = { uri: URI, logFiles: [LOG], reorderWindowMinutes: 90, maxRecords: 0, graceHours: 2 };
    const [web, desktop] = [await webReplay(readLog, noIpLists, parsed, params, CancellationToken.None, deps), await replayRequest(parsed, params, CancellationToken.None, deps)];
    for (const result of [web, desktop]) {
      assert.equal(result.summary.order.windowSeconds, 90 * 60);
      assert.deepEqual(result.records, []);
      assert.equal(result.truncated, true);
      assert.equal(result.summary.totals.requests, 1);
    }
  });
});
