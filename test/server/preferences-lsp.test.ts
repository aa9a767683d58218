/**
 * Content-Usage, Content-Signal and License through the real bundled server over stdio:
 * hovers say what a line states, for whom, per which draft, and that nobody is documented
 * to honour it; diagnostics and their quick fixes arrive as the editor sees them.
 */

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionRequest, ErrorCodes, HoverRequest, PublishDiagnosticsNotification, ResponseError } from 'vscode-languageserver-protocol/node';
import type { CodeAction, Diagnostic, Hover, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { BlockAiRequest, MatrixRequest, TestUrlRequest } from '../../server/src/protocol';
import { startTestServer } from '../support/lsp-server';
import type { TestServer } from '../support/lsp-server';

const ROBOTS = [
  '# Preferences, as Cloudflare writes them', // 0
  'License: https://example.com/license.xml', // 1
  'User-agent: *', // 2
  'Content-Signal: search=yes, ai-train=no', // 3
  'Content-Usage: train-ai=n', // 4
  'Content-Usage: /ai-ok/ train-ai=y, ai-use=n', // 5
  'Disallow: /never/', // 6
  'Content-Signal: search-ai=no', // 7
].join('\n');

let server: TestServer;
const published = new Map<string, PublishDiagnosticsParams>();
const waiting = new Map<string, (params: PublishDiagnosticsParams) => void>();

before(async () => {
  server = await startTestServer({
    onConnection: (connection) =>
      connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
        published.set(params.uri, params);
        waiting.get(params.uri)?.(params);
      }),
  });
});
after(() => server.stop());

/** Opens the text and waits for its first diagnostics. */
async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
  const uri = await server.open(text, 'preferences');
  const params = published.get(uri) ?? (await new Promise<PublishDiagnosticsParams>((resolve) => waiting.set(uri, resolve)));
  return { uri, diagnostics: params.diagnostics };
}

async function hover(uri: string, line: number, character: number): Promise<string> {
  const result = (await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } })) as Hover | null;
  assert.ok(result, 'expected a hover');
  return (result.contents as MarkupContent).value;
}

describe('preference lines over LSP', () => {
  test('hover on Content-Usage: what it states, for which paths and crawlers, the pinned draft, nobody documented', async () => {
    const { uri } = await open(ROBOTS);
    const text = await hover(uri, 5, 20);
    assert.match(text, /\*\*Content-Usage\*\* — not in RFC 9309/);
    assert.match(text, /per draft-ietf-aipref-attach-05 \(editor's copy at ietf-wg-aipref/);
    assert.match(text, /- `train-ai` AI model training: allowed/);
    assert.match(text, /- `search` search \(indexing, links and snippets\): unknown/);
    assert.match(text, /ignored, not in this revision: `ai-use`/);
    assert.match(text, /\*\*For:\*\* URLs matching `\/ai-ok\/` \(normalised `\/ai-ok\/`, 7 octets\), unless a longer Content-Usage path matches/);
    assert.match(text, /\*\*Crawlers:\*\* those that obey the group of `\*` — every crawler without a group of its own/);
    assert.match(text, /No crawler operator in the catalogue is documented as honouring this line: it is a stated preference, not enforcement/);

    const whole = await hover(uri, 4, 2);
    assert.match(whole, /- `train-ai` AI model training: disallowed/);
    assert.match(whole, /\*\*For:\*\* every URL of the group that no Content-Usage with a path matches/);
  });

  test('hover on Content-Signal: each key, the policy, and that no operator is documented to honour it', async () => {
    const { uri } = await open(ROBOTS);
    const text = await hover(uri, 3, 20);
    assert.match(text, /\*\*Content-Signal\*\* — not in RFC 9309/);
    assert.match(text, /per Cloudflare's Content Signals Policy \(CC0, September 2025\)/);
    assert.match(text, /- `search` search .*: yes/);
    assert.match(text, /- `ai-input` AI input .*: not stated \(no preference\)/);
    assert.match(text, /- `ai-train` AI training .*: no/);
    assert.match(text, /No crawler operator in the catalogue is documented as honouring this line/);
  });

  test('hover on License: the URL as code, global, RSL', async () => {
    const { uri } = await open(ROBOTS);
    const text = await hover(uri, 1, 15);
    assert.match(text, /\*\*License\*\* — not in RFC 9309/);
    assert.match(text, /\*\*Points to\*\* `https:\/\/example\.com\/license\.xml`, an RSL licence or feed \(per RSL \(Really Simple Licensing\) 1\.0\)/);
    assert.match(text, /belongs to no group, may repeat/);
  });

  test('rule text in a hover stays text: a Content-Usage label cannot inject Markdown', async () => {
    const { uri } = await open('User-agent: *\nContent-Usage: /x[a](http://evil) train-ai=n\n');
    const text = await hover(uri, 1, 20);
    assert.match(text, /URLs matching `\/x\[a\]\(http:\/\/evil\)`/);
  });

  test('diagnostics of the preference lines, and the quick fix renaming an unknown Content-Signal key', async () => {
    const { uri, diagnostics } = await open(ROBOTS);
    const unknown = diagnostics.find((d) => d.code === 'content-signal-unknown');
    assert.ok(unknown, `codes: ${diagnostics.map((d) => d.code).join(', ')}`);
    assert.ok(diagnostics.some((d) => d.code === 'content-usage-unknown-label'));
    assert.ok(!diagnostics.some((d) => d.code === 'unknown-directive'), 'License and the preference keys are known');
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: unknown.range, context: { diagnostics: [unknown] } })) as CodeAction[];
    const rename = actions.find((a) => a.title === 'Rename to "search"');
    assert.ok(rename, `actions: ${actions.map((a) => a.title).join(', ')}`);
    const edits = rename.edit?.changes?.[uri] ?? [];
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, ROBOTS), [...edits]);
    assert.equal(after, ROBOTS.replace('search-ai=no', 'search=no'));
  });

  test('Test URL gives the preferences in effect beside each verdict, and none where the crawler may not fetch', async () => {
    const uri = await server.open(ROBOTS, 'test-url');
    const result = await server.connection.sendRequest(TestUrlRequest, { uri, url: '/ai-ok/page', agents: ['ExampleBot'] });
    const [verdict] = result.verdicts;
    assert.equal(verdict!.outcome, 'allowed');
    assert.deepEqual(verdict!.preferences?.contentUsage, { line: 5, lines: [5], preferences: { 'train-ai': 'allowed', search: 'unknown' } });
    assert.equal(verdict!.preferences?.contentSignal?.signals['ai-train'], 'no');
    const never = await server.connection.sendRequest(TestUrlRequest, { uri, url: '/never/page', agents: ['ExampleBot'] });
    assert.deepEqual(never.verdicts[0]!.preferences, { applicable: false, contentUsage: null, contentSignal: null });
  });

  test('the matrix carries the preferences of each cell in words, when the file states any', async () => {
    const uri = await server.open(ROBOTS, 'matrix');
    const result = await server.connection.sendRequest(MatrixRequest, { uri, agents: ['ExampleBot'], paths: ['/test', '/never/x'] });
    assert.deepEqual(result.rows[0]!.cells.map((cell) => cell.preferences), [
      'Content-Usage (line 5): train-ai disallowed, search unknown; Content-Signal (line 4): search=yes, ai-input=not stated, ai-train=no',
      'not applicable: not crawlable',
    ]);
    const plain = await server.open('User-agent: *\nDisallow: /x\n', 'matrix-plain');
    const none = await server.connection.sendRequest(MatrixRequest, { uri: plain, agents: ['ExampleBot'], paths: ['/y'] });
    assert.equal(none.rows[0]!.cells[0]!.preferences, undefined);
  });

  test('the source action "Block AI training, keep search" adds the group once, and is not offered again', async () => {
    const text = 'User-agent: *\nDisallow: /cart\n';
    const { uri } = await open(text);
    const ask = (target: string) =>
      server.connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri: target },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source'] },
      }) as Promise<CodeAction[]>;
    const actions = await ask(uri);
    assert.deepEqual(actions.map((a) => [a.title, a.kind]), [
      ['Block AI training, keep search', 'source.robotsLens.blockAiTraining'],
      ['Block AI training, keep search (and say so with Content-Signal)', 'source.robotsLens.blockAiTraining.contentSignal'],
      ['Block AI training and AI answers, keep search', 'source.robotsLens.blockAiAnswers'],
      ['Block AI training and AI answers, keep search (and say so with Content-Signal)', 'source.robotsLens.blockAiAnswers.contentSignal'],
    ]);
    const edits = actions[1]!.edit?.changes?.[uri] ?? [];
    const after = TextDocument.applyEdits(TextDocument.create(uri, 'robots-txt', 1, text), [...edits]);
    assert.match(after, /^User-agent: \*\nDisallow: \/cart\nContent-Signal: search=yes, ai-train=no\n\n# Block AI training, keep search \(added \d{4}-\d{2}-\d{2}\)/);
    assert.match(after, /\nUser-agent: GPTBot\n(User-agent: .*\n)*Disallow: \/\n$/);
    // Once added, there is nothing left to add: no action is offered.
    const { uri: done } = await open(after);
    assert.deepEqual((await ask(done)).map((a) => a.title), ['Block AI training and AI answers, keep search']);
    // Quick fixes are asked for without "only": the source actions stay out of them.
    const quick = (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [] },
    })) as CodeAction[];
    assert.deepEqual(quick, []);
  });

  test('robotsLens/blockAi: the same edit as the action, with what it skipped and why', async () => {
    const text = 'User-agent: GPTBot\nUser-agent: *\nDisallow: /cart\n';
    const { uri } = await open(text);
    const result = await server.connection.sendRequest(BlockAiRequest, { uri, scope: 'ai-training', contentSignal: true });
    assert.ok(result.tokens.includes('ClaudeBot') && !result.tokens.includes('GPTBot'));
    assert.deepEqual(result.skipped.find((s) => s.token === 'GPTBot'), { token: 'GPTBot', reason: 'the file already names it (line 1, in the * group), which lets it fetch /' });
    assert.equal(result.contentSignal, null);
    assert.equal(result.contentSignalSkipped, 'GPTBot would still use the * group and may fetch /: the signal would contradict the rules');
    // The action writes the same lines.
    const actions = (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.robotsLens.blockAiTraining'] },
    })) as CodeAction[];
    assert.deepEqual(actions[0]!.edit?.changes?.[uri], result.edits);
    for (const params of [{ uri, scope: 'training', contentSignal: false }, { uri, scope: 'ai-training', contentSignal: 'yes' }]) {
      await assert.rejects(server.connection.sendRequest(BlockAiRequest, params as never), (error: unknown) => error instanceof ResponseError && error.code === ErrorCodes.InvalidParams);
    }
  });
});
