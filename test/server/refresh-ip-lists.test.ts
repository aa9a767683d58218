/**
 * "Refresh IP lists" runs in the language server (`robotsLens/refreshIpLists`), into the folder
 * its replay reads, so the extension host downloads nothing itself. Here that folder cannot be
 * made (a file stands where it would go): the server answers with the sentence the panel shows,
 * stores nothing and asks the network for nothing.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RefreshIpListsProgressNotification, RefreshIpListsRequest } from '../../server/src/protocol';
import type { RefreshIpListsProgressParams } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

describe('robotsLens/refreshIpLists', () => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-refresh-'));
  const blocker = join(dir, 'not-a-folder');
  const progress: RefreshIpListsProgressParams[] = [];
  let server: TestServer;

  before(async () => {
    writeFileSync(blocker, 'a file where the lists folder would go\n');
    server = await startTestServer({
      env: { ROBOTS_LENS_RANGES_DIR: join(blocker, 'ranges') },
      onConnection: (connection) => connection.onNotification(RefreshIpListsProgressNotification, (params) => void progress.push(params)),
    });
  });
  after(() => {
    server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a folder that cannot be made: the outcome says so, nothing stored, no list tried', async () => {
    const result = await server.connection.sendRequest(RefreshIpListsRequest, {});
    assert.equal(result.ok, false);
    assert.equal(result.stored, 0);
    assert.match(result.message, /^The crawler IP lists could not be stored: .*not-a-folder/);
    assert.deepEqual(progress, []);
  });
});
