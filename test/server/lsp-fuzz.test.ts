/**
 * A seeded, bounded fuzz run of the real bundled server over stdio: random edits, requests at
 * random positions, and custom requests and notifications with params of any shape. Every
 * request is answered, custom requests never with an internal error, the server's text stays
 * the client's, and the server is still running at the end. `scripts/fuzz-lsp.ts` runs the
 * same sessions for longer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { fuzzAction, playSession } from '../support/lsp-fuzz';
import type { FuzzTally } from '../support/lsp-fuzz';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

/** Fixed, so a failure is replayed exactly; fast-check prints the counterexample. */
const SEED = 20_261_203;
/** Generous: the answer of a request a healthy server gives in milliseconds; only a hang reaches it. */
const ANSWER_MS = 10_000;

let server: TestServer;

describe('the language server under a seeded random session', () => {
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  test('answers every request, never with an internal error to a custom request, and keeps running', async () => {
    const tally: FuzzTally = { edits: 0, requests: 0, notifications: 0, worstLatencyMs: 0 };
    let session = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzAction, { minLength: 1, maxLength: 40 }), async (actions) => {
        await playSession(server.connection, `file:///fuzz/${++session}/robots.txt`, actions, tally, ANSWER_MS);
      }),
      { seed: SEED, numRuns: 100 },
    );
    assert.equal(server.process.exitCode, null, server.stderr.join(''));
    assert.ok(tally.edits > 0 && tally.requests > 0 && tally.notifications > 0, JSON.stringify(tally));
  });
});
