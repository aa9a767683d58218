/**
 * `robotsLens/aiAccess` through the real bundled server over stdio: the catalogue's crawlers
 * by purpose with the summary the core computes, user-initiated fetchers that may ignore
 * robots.txt marked, the preferences per path, the answer following an edit, the fetch state
 * of a fetched document, and bad params answered as invalid params.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DidChangeTextDocumentNotification, ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { AiAccessRequest, FetchedDocumentNotification } from '../../server/src/protocol';
import type { AiAccessResult } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const ROBOTS = [
  'User-agent: GPTBot', // 0
  'User-agent: ClaudeBot', // 1
  'Disallow: /', // 2
  '',
  'User-agent: Bytespider', // 4
  'Allow: /', // 5
  '',
  'User-agent: *', // 7
  'Content-Signal: search=yes, ai-train=no', // 8
  'Content-Usage: /blog/ train-ai=y', // 9
  'Disallow: /cart/', // 10
].join('\n');

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.stop());

const ask = (uri: string): Promise<AiAccessResult> => server.connection.sendRequest(AiAccessRequest, { uri });
const live = (purpose: string) => CRAWLERS.filter((c) => c.retired === null && c.purposes.includes(purpose as never));
/** The crawlers a summary counts: not control tokens, and not those that may ignore robots.txt. */
const mayIgnore = (c: (typeof CRAWLERS)[number]) => c.honoursRobotsTxt === 'no' || (c.userInitiated && c.honoursRobotsTxt !== 'yes');
const ruled = (purpose: string) => live(purpose).filter((c) => !c.controlToken && !mayIgnore(c));

describe('robotsLens/aiAccess', () => {
  test('crawlers by purpose, each with what it may fetch, the group it obeys and the summary sentence', async () => {
    const uri = await server.open(ROBOTS, 'ai-access');
    const result = await ask(uri);
    assert.equal(result.version, 1);
    assert.equal(result.fetchState, undefined);
    const training = result.purposes.find((p) => p.purpose === 'ai-training')!;
    assert.equal(training.title, 'AI training');
    assert.equal(training.crawlers.length, live('ai-training').length);
    const gpt = training.crawlers.find((c) => c.token === 'GPTBot')!;
    assert.deepEqual([gpt.access, gpt.operator, gpt.group], ['nothing', 'OpenAI', { token: 'GPTBot', via: 'own-token', agentLines: [0] }]);
    assert.equal(training.crawlers.find((c) => c.token === 'Bytespider')!.access, 'everything');
    assert.equal(training.crawlers.find((c) => c.token === 'Amazonbot')!.group?.via, 'star');
    assert.match(training.summary, new RegExp(`^AI training: 2 of ${ruled('ai-training').length} crawlers kept out; .*Bytespider.* do not honour robots\\.txt — enforce at the server`));
    const bytespider = training.crawlers.find((c) => c.token === 'Bytespider')!;
    assert.deepEqual([bytespider.statement, bytespider.mayIgnoreRobotsTxt], ['may-ignore', true]);
    assert.match(bytespider.words, /^does not honour robots\.txt \(.+\); its rules: may fetch everything$/);
    // Every purpose the catalogue has, in the fixed order, and nothing else.
    assert.deepEqual(result.purposes.map((p) => p.purpose), ['search', 'ai-training', 'ai-search', 'user-fetch', 'ads', 'seo', 'social-preview', 'archive', 'monitoring', 'control-token', 'other'].filter((p) => live(p).length > 0));
  });

  test('user-initiated fetchers that may ignore robots.txt are marked, with the operator words where quoted', async () => {
    const result = await ask(await server.open(ROBOTS, 'ai-access-user'));
    const fetchers = result.purposes.find((p) => p.purpose === 'user-fetch')!.crawlers;
    const marked = fetchers.filter((c) => c.mayIgnoreRobotsTxt);
    assert.deepEqual(marked.map((c) => c.token).sort(), live('user-fetch').filter(mayIgnore).map((c) => c.token).sort());
    assert.ok(marked.length > 0);
    assert.ok(marked.every((c) => c.statement === 'may-ignore'));
    assert.ok(fetchers.filter((c) => !c.mayIgnoreRobotsTxt).every((c) => (!c.userInitiated || c.honoursRobotsTxt === 'yes') && c.honoursRobotsTxt !== 'no'));
    const quoted = marked.find((c) => c.honoursRobotsTxtWords !== undefined);
    assert.ok(quoted, 'some marked fetcher carries its operator words');
  });

  test('the preferences per path for the group that states them; none where the group disallows', async () => {
    const result = await ask(await server.open(ROBOTS, 'ai-access-prefs'));
    const { groups, paths, cells, silentGroups } = result.preferences;
    assert.deepEqual(groups.map((g) => [g.label, g.agentLines, g.everyOtherCrawler]), [['User-agent: * (line 8)', [7], true]]);
    assert.ok(groups[0]!.crawlers.includes('Amazonbot') && !groups[0]!.crawlers.includes('GPTBot'));
    assert.equal(silentGroups, 2);
    const at = (path: string) => cells[paths.indexOf(path)]![0]!;
    assert.deepEqual(at('/'), { allowed: true, text: 'Content-Signal (line 9): search=yes, ai-input=not stated, ai-train=no', lines: [8] });
    assert.deepEqual(at('/cart/'), { allowed: false, text: 'not applicable: not crawlable', lines: [] });
    assert.deepEqual(at('/blog/'), {
      allowed: true,
      text: 'Content-Usage (line 10): train-ai allowed, search unknown; Content-Signal (line 9): search=yes, ai-input=not stated, ai-train=no',
      lines: [9, 8],
    });
  });

  test('the answer follows the buffer: after an edit, the new version is judged', async () => {
    const uri = await server.open(ROBOTS, 'ai-access-edit');
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 8 } }, text: 'Disallow: /' }],
    });
    const result = await ask(uri);
    assert.equal(result.version, 2);
    const training = result.purposes.find((p) => p.purpose === 'ai-training')!;
    assert.equal(training.crawlers.find((c) => c.token === 'Bytespider')!.access, 'nothing');
    // Bytespider's own group now disallows everything, but it does not honour robots.txt: still not counted as kept out.
    assert.match(training.summary, new RegExp(`^AI training: 2 of ${ruled('ai-training').length} crawlers kept out`));
  });

  test('a fetched robots.txt that was unreachable: the fetch state decides for every crawler, no group and no preference in force', async () => {
    const uri = await server.open(ROBOTS, 'ai-access-fetched');
    const origin = 'https://unreachable.example';
    await server.connection.sendNotification(FetchedDocumentNotification, {
      uri,
      source: { origin, url: `${origin}/robots.txt`, state: 'unreachable', status: 503, explanation: 'robots.txt answered 503: every URL is disallowed.', fetchedAt: '2026-12-03T10:00:00Z' },
    });
    const result = await ask(uri);
    assert.equal(result.fetchState?.state, 'unreachable');
    assert.ok(result.purposes.every((p) => p.crawlers.every((c) => c.access === 'nothing' && c.group === null)));
    assert.deepEqual(result.preferences, { groups: [], silentGroups: 0, paths: [], cells: [] });
  });

  test('params without a uri, or an unknown document, are invalid params', async () => {
    for (const params of [{}, { uri: 'file:///never/opened/robots.txt' }]) {
      await assert.rejects(server.connection.sendRequest(AiAccessRequest, params as never), (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams);
    }
  });
});
