/**
 * The real bundled server (`dist/server.js --stdio`) driven by a real LSP client
 * connection. Waits are on conditions (a notification that satisfies a predicate), never
 * on fixed sleeps; the timeout only turns a hang into a readable failure.
 */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ROOT, SERVER, requireBuilt } from '../support/dist';
import {
  CodeActionRequest,
  CompletionRequest,
  ConfigurationRequest,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  ExitNotification,
  FoldingRangeRequest,
  HoverRequest,
  InitializeRequest,
  InitializedNotification,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  SelectionRangeRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  Hover,
  MarkupContent,
  ProtocolConnection,
  PublishDiagnosticsParams,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { FileSummaryRequest, MatrixRequest, ReplayCountsNotification, TestUrlRequest } from '../../server/src/protocol';

const WAIT_MS = 15_000;

/** Settings the client answers `workspace/configuration` with; tests change them. */
let settings: { lint: Record<string, string> } = { lint: { 'redundant-rule': 'info' } };

let child: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
const latest = new Map<string, PublishDiagnosticsParams>();
const waiters = new Set<() => void>();
const logs: string[] = [];
let nextVersion = 1;

/** Resolves with the first value `probe` returns that is not undefined, re-probing on every message. */
function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = (): void => {
      const value = probe();
      if (value === undefined) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve(value);
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`Timed out waiting for ${what}; last diagnostics: ${JSON.stringify([...latest.values()].slice(-1))}`));
    }, WAIT_MS);
    waiters.add(check);
    check();
  });
}

function wake(): void {
  for (const waiter of [...waiters]) waiter();
}

function diagnosticsWhere(uri: string, what: string, accept: (params: PublishDiagnosticsParams) => boolean): Promise<Diagnostic[]> {
  return waitFor(what, () => {
    const params = latest.get(uri);
    return params && accept(params) ? params.diagnostics : undefined;
  });
}

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}

let docCounter = 0;
async function open(text: string): Promise<{ uri: string; version: number; diagnostics: Diagnostic[] }> {
  const uri = `file:///test/site-${++docCounter}/robots.txt`;
  const version = nextVersion++;
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'robots-txt', version, text } });
  const diagnostics = await diagnosticsWhere(uri, `diagnostics of ${uri}`, (p) => p.version === version);
  return { uri, version, diagnostics };
}

function markdown(hover: Hover | null): string {
  assert.ok(hover, 'expected a hover');
  return (hover.contents as MarkupContent).value;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'robots-txt', 0, text), [...edits]);
}

// Lines are numbered in the fixtures' comments, so positions in the tests can be checked by eye.
const SHOP = [
  'User-agent: *', // 0
  'Disallow: /admin', // 1  shadowed by line 2
  'Disallow: /admin*', // 2
  'Allow: /public/', // 3
  '', // 4
  'User-agent: Googlebot', // 5
  'Disallow: /private/', // 6
  '',
].join('\n');

describe('language server over stdio', () => {
  before(async () => {
    // npm test builds first; test files run in parallel and must not rebuild dist/ under each other.
    child = spawn(process.execPath, [requireBuilt(SERVER), '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => (item.section === 'robotsLens' ? settings : null)));
    connection.onRequest(RegistrationRequest.type, () => undefined);
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      latest.set(params.uri, params);
      wake();
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      logs.push(params.message);
      wake();
    });
    connection.listen();
    const result = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      workspaceFolders: null,
      capabilities: {
        workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
        textDocument: {
          hover: { contentFormat: ['markdown'] },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
        },
      },
    });
    assert.equal(result.capabilities.textDocumentSync && typeof result.capabilities.textDocumentSync === 'object' ? result.capabilities.textDocumentSync.change : undefined, 2);
    await connection.sendNotification(InitializedNotification.type, {});
  });

  after(() => {
    connection?.dispose();
    if (child && child.exitCode === null) child.kill();
  });

  test('didOpen publishes the lint findings as diagnostics, configured severities applied', async () => {
    const { uri, diagnostics } = await open(SHOP);
    const shadowed = diagnostics.find((d) => d.code === 'shadowed-rule');
    assert.ok(shadowed, `no shadowed-rule in ${codes(diagnostics)}`);
    assert.equal(shadowed.severity, 2);
    assert.deepEqual(shadowed.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 16 } });
    assert.deepEqual(shadowed.tags, [1]);
    assert.equal(shadowed.source, 'robots.txt Lens');
    assert.equal(shadowed.relatedInformation?.[0]?.location.uri, uri);
    assert.equal(shadowed.relatedInformation?.[0]?.location.range.start.line, 2);
    // `robotsLens.lint.redundant-rule: info` maps to Information.
    const redundant = diagnostics.find((d) => d.code === 'redundant-rule');
    assert.equal(redundant?.severity, 3);
  });

  test('an incremental didChange updates the diagnostics', async () => {
    const { uri } = await open(SHOP);
    const version = nextVersion++;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      // Removes line 2, the rule that shadows line 1.
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } }, text: '' }],
    });
    const diagnostics = await diagnosticsWhere(uri, 'diagnostics after the edit', (p) => p.version === version);
    assert.ok(!codes(diagnostics).includes('shadowed-rule'), `still shadowed: ${codes(diagnostics)}`);
  });

  test('hover on a rule explains what it matches, by verified example, and who uses it', async () => {
    const { uri } = await open(SHOP);
    const text = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } }));
    assert.match(text, /Every URL whose path and query start with `\/private\/`/);
    assert.match(text, /\*\*Matches:\*\* `\/private\/` · `\/private\/page\.html`/);
    assert.match(text, /\*\*Does not match:\*\* `\/private` · `\/Private\/`/);
    assert.match(text, /`\/private\/` — 9 octets/);
    assert.match(text, /\*\*Used by:\*\* Googlebot; .*Googlebot-Image.*\(by fallback to Googlebot/);
    assert.match(text, /Applebot/);

    const shadowed = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 12 } }));
    assert.match(shadowed, /\*\*Shadowed:\*\* never decides any URL — line 3 `Disallow: \/admin\*`/);
    assert.match(shadowed, /every crawler without a group of its own/);
  });

  test('hover on a User-agent line gives the crawler facts and the token read', async () => {
    const { uri } = await open('User-agent: Googlebot/2.1\nDisallow: /x\n');
    const text = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 15 } }));
    assert.match(text, /read as `Googlebot`/);
    assert.match(text, /\*\*Googlebot\*\* — Google, search indexing/);
    assert.match(text, /\*\*Looks for:\*\* `Googlebot → \*`/);
    assert.match(text, /\*\*Crawl-delay:\*\* ignored/);
    assert.match(text, /\*\*Verification:\*\* Forward-confirmed reverse DNS/);
  });

  test("hover on a User-agent line gives the crawler's purposes and whether it honours robots.txt, in its operator's words", async () => {
    const { uri } = await open('User-agent: ChatGPT-User\nUser-agent: GPTBot\nUser-agent: anthropic-ai\nDisallow: /\n');
    const user = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 15 } }));
    assert.match(user, /\*\*ChatGPT-User\*\* — OpenAI, fetching pages a user asked for \(user-initiated\); AI search and answers/);
    assert.match(user, /\*\*Honours robots\.txt:\*\* partly — “Because these actions are initiated by a user, robots\.txt rules may not apply” \(https:\/\/developers\.openai\.com\/api\/docs\/bots\)/);
    assert.match(user, /\*\*User-initiated:\*\* it fetches a page when a person asks it to/);
    assert.match(user, /\*\*Facts checked:\*\* \d{4}-\d{2}-\d{2}/);
    const gpt = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 14 } }));
    assert.match(gpt, /\*\*GPTBot\*\* — OpenAI, collecting data to train AI models/);
    assert.match(gpt, /\*\*Honours robots\.txt:\*\* yes/);
    assert.doesNotMatch(gpt, /User-initiated|Retired/);
    const retired = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 14 } }));
    assert.match(retired, /\*\*Honours robots\.txt:\*\* unknown — “Unclear at this time\.”/);
    assert.match(retired, /\*\*Retired:\*\* replaced by `ClaudeBot` — “[^”]*superseded by ClaudeBot” \(https:\/\/webmasterid\.com\//);
  });

  test('a retired token is information naming its replacement and source; a near miss of a well-known token has a quick fix', async () => {
    const text = 'User-agent: anthropic-ai\nDisallow: /\n\nUser-agent: Googelbot\nDisallow: /tmp/\n';
    const { uri, diagnostics } = await open(text);
    const retired = diagnostics.find((d) => d.code === 'user-agent-retired');
    assert.ok(retired, `codes: ${codes(diagnostics)}`);
    assert.equal(retired.severity, DiagnosticSeverity.Information);
    assert.match(String(retired.message), /^"anthropic-ai" is a retired token, replaced by ClaudeBot \(https:\/\/webmasterid\.com\/\S+: ".*"\)\./);
    const nearMiss = diagnostics.find((d) => d.code === 'user-agent-near-miss');
    assert.ok(nearMiss, `codes: ${codes(diagnostics)}`);
    assert.equal(nearMiss.severity, DiagnosticSeverity.Information);
    assert.deepEqual(nearMiss.range, { start: { line: 3, character: 12 }, end: { line: 3, character: 21 } });
    const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: nearMiss.range, context: { diagnostics: [nearMiss] } })) as CodeAction[];
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred]), [['Replace with "Googlebot" (the group then applies to Googlebot)', 'quickfix', true]]);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), text.replace('Googelbot', 'Googlebot'));
  });

  test('hover on a directive key says what it does', async () => {
    const { uri } = await open('User-agent: *\nDissallow: /x\n');
    const text = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 3 } }));
    assert.match(text, /\*\*Disallow\*\* — RFC 9309/);
    assert.match(text, /Google reads `Dissallow` as `Disallow` \(a misspelling it accepts\); other crawlers ignore this line/);
  });

  test('hover shows replay counts once the client has sent them', async () => {
    const { uri } = await open(SHOP);
    // Messages are handled in order, so the counts are in before the hover is asked.
    await connection.sendNotification(ReplayCountsNotification, { uri, counts: [{ line: 6, requests: 1234 }] });
    const text = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } }));
    assert.match(text, /\*\*Replay:\*\* decided 1,234 replayed requests\./);
    const other = markdown(await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 9 } }));
    assert.match(other, /\*\*Replay:\*\* decided 0 replayed requests\./);
  });

  test('completion after "User-agent: " offers crawler tokens with purpose and operator', async () => {
    const { uri } = await open('User-agent: \n');
    const list = (await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 0, character: 12 } })) as CompletionList;
    const gpt = list.items.find((item) => item.label === 'GPTBot');
    assert.ok(gpt, 'GPTBot is offered');
    assert.equal(gpt.detail, 'collecting data to train AI models · OpenAI');
    assert.ok(list.items.some((item) => item.label === '*'));
  });

  test('completion of keys and of paths used in the file', async () => {
    const { uri } = await open('User-agent: *\nDisallow: /private/\nDis\nAllow: \n');
    const keys = (await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 2, character: 3 } })) as CompletionList;
    assert.deepEqual(keys.items.map((item) => item.label).slice(0, 4), ['User-agent', 'Allow', 'Disallow', 'Sitemap']);
    const paths = (await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: { line: 3, character: 7 } })) as CompletionList;
    const labels = paths.items.map((item) => item.label);
    for (const expected of ['/', '/*.pdf$', '/*?', '/private/']) assert.ok(labels.includes(expected), `${expected} in ${labels}`);
  });

  test('the quick fix of a shadowed rule removes its line', async () => {
    const { uri, diagnostics } = await open(SHOP);
    const shadowed = diagnostics.find((d) => d.code === 'shadowed-rule');
    assert.ok(shadowed);
    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: shadowed.range,
      context: { diagnostics: [shadowed] },
    })) as CodeAction[];
    assert.equal(actions.length, 1);
    const [action] = actions;
    assert.equal(action!.isPreferred, true);
    assert.equal(action!.kind, 'quickfix');
    assert.equal(action!.title, 'Remove the shadowed rule "Disallow: /admin"');
    const edits = action!.edit?.changes?.[uri] ?? [];
    assert.equal(applyEdits(SHOP, edits), SHOP.replace('Disallow: /admin\n', ''));
  });

  test('a full URL as a pattern: the quick fix removes it and never moves it onto this host', async () => {
    const text = 'User-agent: *\nDisallow: /cart/\nDisallow: https://cdn.example.net/images/\n';
    const { uri, diagnostics } = await open(text);
    const never = diagnostics.find((d) => d.code === 'pattern-never-matches');
    assert.ok(never, `codes: ${codes(diagnostics)}`);
    assert.match(String(never.message), /if that is cdn\.example\.net, the rule meant "Disallow: \/images\/"; a rule for another host belongs in that host's robots\.txt/);
    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: never.range,
      context: { diagnostics: [never] },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((action) => [action.title, action.isPreferred]),
      [["Remove the rule (it matches nothing; a rule for another host belongs in that host's robots.txt)", false]],
    );
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: *\nDisallow: /cart/\n');
  });

  test('one finding per cause: rules before any User-agent line are one error, the others its related information', async () => {
    const text = 'Disallow: /a\nDisallow: /b\nDisallow: /c\nUser-agent: *\nDisallow: /d\n';
    const { uri, diagnostics } = await open(text);
    const orphans = diagnostics.filter((d) => d.code === 'rule-outside-group');
    assert.equal(orphans.length, 1, `codes: ${codes(diagnostics)}`);
    const [orphan] = orphans;
    assert.equal(orphan!.severity, DiagnosticSeverity.Error);
    assert.deepEqual(
      orphan!.relatedInformation?.map((info) => [info.location.uri, info.location.range.start.line, info.message]),
      [
        [uri, 1, 'Before any User-agent line too: every crawler ignores it.'],
        [uri, 2, 'Before any User-agent line too: every crawler ignores it.'],
      ],
    );
    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: orphan!.range,
      context: { diagnostics: [orphan!] },
    })) as CodeAction[];
    assert.deepEqual(actions.map((action) => [action.title, action.isPreferred]), [
      ['Insert "User-agent: *" above line 1', true],
      ['Remove the 3 rules', false],
    ]);
    assert.equal(applyEdits(text, actions[1]!.edit?.changes?.[uri] ?? []), 'User-agent: *\nDisallow: /d\n');
  });

  test('a crawler shut out across a blank line is an error, with the rule that blocks it as related information', async () => {
    const text = 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /\n';
    const { uri, diagnostics } = await open(text);
    const blocked = diagnostics.find((d) => d.code === 'detached-group-blocks-site');
    assert.ok(blocked, `codes: ${codes(diagnostics)}`);
    assert.equal(blocked.severity, DiagnosticSeverity.Error);
    assert.match(String(blocked.message), /blocks YisouSpider from the entire site/);
    assert.equal(blocked.relatedInformation?.[0]?.location.range.start.line, 3);
    const actions = (await connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range: blocked.range, context: { diagnostics: [blocked] } })) as CodeAction[];
    assert.deepEqual(actions.map((action) => action.title), ['Give YisouSpider its own group ("Allow: /")']);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: YisouSpider\nAllow: /\n\nUser-agent: PetalBot\nDisallow: /\n');
  });

  test('a rule split from another keeps its own severity and quick fix (crawl-delay-invalid)', async () => {
    const text = 'User-agent: bingbot\nCrawl-delay: 10 seconds\n';
    const { uri, diagnostics } = await open(text);
    const invalid = diagnostics.find((d) => d.code === 'crawl-delay-invalid');
    assert.ok(invalid, `codes: ${codes(diagnostics)}`);
    assert.equal(invalid.severity, DiagnosticSeverity.Error);
    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: invalid.range,
      context: { diagnostics: [invalid] },
    })) as CodeAction[];
    assert.deepEqual(actions.map((action) => action.title), ['Write "Crawl-delay: 10"']);
    assert.equal(applyEdits(text, actions[0]!.edit?.changes?.[uri] ?? []), 'User-agent: bingbot\nCrawl-delay: 10\n');
  });

  test('document symbols: groups named by their agents, rules as children, sitemaps', async () => {
    const { uri } = await open(`${SHOP}Sitemap: https://example.test/sitemap.xml\n`);
    const symbols = (await connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
    assert.deepEqual(
      symbols.map((s) => [s.name, (s.children ?? []).map((c) => c.name)]),
      [
        ['*', ['Disallow: /admin', 'Disallow: /admin*', 'Allow: /public/']],
        ['Googlebot', ['Disallow: /private/']],
        ['Sitemap: https://example.test/sitemap.xml', []],
      ],
    );
    assert.equal(symbols[0]!.children![0]!.detail, 'shadowed');
  });

  test('folding ranges: one per group', async () => {
    const { uri } = await open(SHOP);
    const ranges = await connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    assert.deepEqual(ranges?.map((r) => [r.startLine, r.endLine]), [[0, 3], [5, 6]]);
  });

  test('selection ranges: a rule, then its group', async () => {
    const { uri } = await open(SHOP);
    const [range] = (await connection.sendRequest(SelectionRangeRequest.type, { textDocument: { uri }, positions: [{ line: 2, character: 12 }] })) ?? [];
    assert.deepEqual(range?.range, { start: { line: 2, character: 10 }, end: { line: 2, character: 17 } });
    assert.deepEqual(range?.parent?.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 17 } });
    assert.deepEqual(range?.parent?.parent?.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 15 } });
  });

  test('formatting: canonical keys, one space, one blank line between groups, comments kept', async () => {
    const before = ['# shop', 'user-agent:*', 'disallow:/cart   # no carts', 'Dissallow /print/', '# Google', 'USER-AGENT:   Googlebot', 'allow:', ''].join('\n');
    const { uri } = await open(before);
    const edits = (await connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })) ?? [];
    assert.equal(
      applyEdits(before, edits),
      ['# shop', 'User-agent: *', 'Disallow: /cart   # no carts', 'Disallow: /print/', '', '# Google', 'User-agent: Googlebot', 'Allow:', ''].join('\n'),
    );
  });

  test('robotsLens/testUrl decides on the unsaved buffer', async () => {
    const { uri } = await open(SHOP);
    const version = nextVersion++;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: 'Disallow: /drafts/\n' }],
    });
    const { verdicts } = await connection.sendRequest(TestUrlRequest, { uri, url: 'https://shop.test/drafts/a?x=1', agents: ['Googlebot-Image', 'GPTBot'], origin: 'https://shop.test' });
    assert.equal(verdicts.length, 2);
    assert.equal(verdicts[0]!.outcome, 'disallowed');
    assert.equal(verdicts[0]!.rule?.line, 7);
    assert.equal(verdicts[0]!.group?.via, 'fallback');
    assert.equal(verdicts[1]!.outcome, 'allowed');
    const other = await connection.sendRequest(TestUrlRequest, { uri, url: 'https://elsewhere.test/drafts/', agents: ['Googlebot'], origin: 'https://shop.test' });
    assert.equal(other.verdicts[0]!.outcome, 'not-applicable');
  });

  test('robotsLens/testUrl on a document that is not open is an error', async () => {
    await assert.rejects(connection.sendRequest(TestUrlRequest, { uri: 'file:///nowhere/robots.txt', url: '/', agents: ['Googlebot'] }), /not an open robots\.txt document/);
  });

  test('robotsLens/matrix: well-known crawlers × paths derived from the rules', async () => {
    const { uri } = await open(SHOP);
    const result = await connection.sendRequest(MatrixRequest, { uri });
    assert.equal(result.paths[0], '/');
    assert.ok(result.paths.includes('/private/'), `${result.paths}`);
    assert.ok(result.paths.includes('/admin'), `${result.paths}`);
    const column = result.paths.indexOf('/private/');
    const googlebot = result.rows.find((row) => row.agent === 'Googlebot');
    assert.deepEqual(googlebot?.cells[column], { outcome: 'disallowed', allowed: false, line: 6, reason: 'rule' });
    const gpt = result.rows.find((row) => row.agent === 'GPTBot');
    assert.equal(gpt?.group?.via, 'star');
    assert.equal(gpt?.crawler?.operator, 'OpenAI');
    assert.ok(result.rows.some((row) => row.agent === 'Google-Extended'));

    const chosen = await connection.sendRequest(MatrixRequest, { uri, agents: ['Applebot', 'FooBot'], paths: ['/admin/x', '/private/y'] });
    assert.deepEqual(
      chosen.rows.map((row) => row.cells.map((cell) => cell.allowed)),
      [[true, false], [false, true]],
    );
  });

  test('robotsLens/fileSummary counts groups, rules and findings', async () => {
    const { uri } = await open(SHOP);
    const summary = await connection.sendRequest(FileSummaryRequest, { uri });
    assert.equal(summary.groups, 2);
    assert.equal(summary.rules, 4);
    assert.ok(summary.warnings >= 1);
    assert.ok(summary.groupSummaries[1]!.crawlers.includes('Googlebot-Image'));
    assert.equal(summary.groupSummaries[0]!.everyOtherCrawler, true);
  });

  test('a severity set to off in the settings removes the diagnostic', async () => {
    const { uri, diagnostics } = await open(SHOP);
    assert.ok(codes(diagnostics).includes('shadowed-rule'));
    settings = { lint: { ...settings.lint, 'shadowed-rule': 'off' } };
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    const after = await diagnosticsWhere(uri, 'diagnostics without shadowed-rule', (p) => !p.diagnostics.some((d) => d.code === 'shadowed-rule'));
    assert.ok(codes(after).includes('redundant-rule'), 'other rules stay on');
    settings = { lint: { 'redundant-rule': 'info' } };
    await connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
    await diagnosticsWhere(uri, 'shadowed-rule back', (p) => p.diagnostics.some((d) => d.code === 'shadowed-rule'));
  });

  test('a handler exception is logged and answered, and the server keeps serving', async () => {
    const { uri } = await open(SHOP);
    // A malformed position makes the hover handler throw inside the server.
    const broken = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: null as never });
    assert.equal(broken, null);
    await waitFor('the logged error', () => (logs.some((line) => line.includes('Hover failed')) ? true : undefined));
    const pastEnd = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 99, character: 0 } });
    assert.equal(pastEnd, null);
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } });
    assert.match(markdown(hover), /\/private\//);
  });

  test('shutdown then exit ends the server cleanly', async () => {
    await connection.sendRequest(ShutdownRequest.type);
    const exited = once(child, 'exit');
    await connection.sendNotification(ExitNotification.type);
    const [code] = await exited;
    assert.equal(code, 0);
  });
});
