/**
 * Random sessions against the real language server: edits (valid, out of range, whole-text),
 * standard requests at random positions, and custom requests and notifications with params of
 * any shape. Shared by the seeded run in the suite and the longer run in `scripts/fuzz-lsp.ts`.
 */
import fc from 'fast-check';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import type { ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { FileSummaryResult } from '../../server/src/protocol';

/** Pieces robots.txt edits are made of, hostile ones included. */
const PIECES = [
  'User-agent: ', 'Disallow: ', 'Allow: ', 'Sitemap: ', 'Crawl-delay: ', '*', '$', '/', '/private/', '%2F', '%', '#', ':', '\n', '\r\n', '\r',
  ' ', '\t', 'Googlebot', 'GPTBot', 'Screaming Frog SEO Spider/19.0', '``', '```', '![i](https://evil.test/t.png)', '[x](command:y)', '<img src=x>',
  '\u0000', '\u001b[31m', 'ツ', '\uFEFF', '\uD800', 'index.html', '/*a*b*c', 'a'.repeat(300),
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));
const position = fc.record({ line: fc.integer({ min: -2, max: 40 }), character: fc.integer({ min: -2, max: 120 }) });

/** Requests to the server's own methods; network ones (fetch, checkUrl) are left out. */
const CUSTOM = ['robotsLens/testUrl', 'robotsLens/matrix', 'robotsLens/fileSummary', 'robotsLens/replay', 'robotsLens/compare', 'robotsLens/aiAccess'] as const;
const STANDARD = [
  'textDocument/hover', 'textDocument/completion', 'textDocument/documentSymbol', 'textDocument/foldingRange',
  'textDocument/formatting', 'textDocument/codeAction', 'textDocument/selectionRange',
] as const;

/** A params value built around the open document's URI, mostly well-formed with one field wrong, or anything at all. */
const customParams = fc.oneof(
  fc.anything(),
  fc.record(
    {
      uri: fc.oneof(fc.constant('OPEN'), fc.anything()),
      url: fc.oneof(text, fc.anything()),
      agents: fc.oneof(fc.array(fc.constantFrom('Googlebot', 'GPTBot', '*', 'Sogou web spider/4.0', '')), fc.anything()),
      paths: fc.oneof(fc.array(text, { maxLength: 5 }), fc.anything()),
      origin: fc.oneof(fc.constant('https://example.test'), fc.anything()),
      otherText: fc.oneof(text, fc.anything()),
      logFiles: fc.oneof(fc.constant(['/nonexistent/access.log']), fc.anything()),
      crawlers: fc.anything(),
      graceHours: fc.anything(),
      maxRecords: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);

export type FuzzAction =
  | { readonly kind: 'edit'; readonly from: number; readonly length: number; readonly text: string; readonly whole: boolean }
  | { readonly kind: 'edit-out-of-range'; readonly text: string }
  | { readonly kind: 'standard'; readonly method: (typeof STANDARD)[number]; readonly position: { line: number; character: number } }
  | { readonly kind: 'custom'; readonly method: (typeof CUSTOM)[number]; readonly params: unknown }
  | { readonly kind: 'notify'; readonly method: 'robotsLens/replayCounts' | 'robotsLens/fetchedDocument'; readonly params: unknown };

export const fuzzAction: fc.Arbitrary<FuzzAction> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('edit' as const), from: fc.nat(400), length: fc.nat(40), text, whole: fc.nat(9).map((n) => n === 0) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit-out-of-range' as const), text }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('standard' as const), method: fc.constantFrom(...STANDARD), position }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('custom' as const), method: fc.constantFrom(...CUSTOM), params: customParams }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('notify' as const), method: fc.constantFrom('robotsLens/replayCounts' as const, 'robotsLens/fetchedDocument' as const), params: fc.anything() }) },
);

export interface FuzzTally {
  edits: number;
  requests: number;
  notifications: number;
  /** The slowest answer, in milliseconds. */
  worstLatencyMs: number;
}

/** A request answered as a server failure, or not answered within `answerMs`: what the fuzz looks for. */
export class FuzzFailure extends Error {}

/**
 * Opens a document, plays `actions` against it and checks every answer: each request is
 * answered (a result or an error), custom requests never with an internal error, and at the
 * end the server's text of the document is the client's.
 */
export async function playSession(connection: ProtocolConnection, uri: string, actions: readonly FuzzAction[], tally: FuzzTally, answerMs: number): Promise<void> {
  let document = TextDocument.create(uri, 'robots-txt', 1, 'User-agent: *\nDisallow: /private/\n');
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: document.getText() } });
  const answered = async (method: string, params: unknown): Promise<unknown> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        connection.sendRequest(method, params).catch((error: unknown) => error),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new FuzzFailure(`${method} was not answered within ${answerMs} ms: ${JSON.stringify(params)?.slice(0, 300)}`)), answerMs))),
      ]);
    } finally {
      clearTimeout(timer);
      tally.requests++;
      tally.worstLatencyMs = Math.max(tally.worstLatencyMs, performance.now() - started);
    }
  };
  for (const action of actions) {
    if (action.kind === 'edit' || action.kind === 'edit-out-of-range') {
      const length = document.getText().length;
      const change =
        action.kind === 'edit-out-of-range'
          ? { range: { start: { line: 1_000_000, character: 5 }, end: { line: 1_000_001, character: 0 } }, text: action.text }
          : action.whole
            ? { text: action.text }
            : { range: { start: document.positionAt(Math.min(action.from, length)), end: document.positionAt(Math.min(action.from + action.length, length)) }, text: action.text };
      // The client's copy is what an editor would have: the range clamped to the text.
      const clamped = 'range' in change ? { range: { start: clampPosition(document, change.range.start), end: clampPosition(document, change.range.end) }, text: change.text } : change;
      document = TextDocument.update(document, [clamped], document.version + 1);
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: document.version }, contentChanges: [change] });
      tally.edits++;
    } else if (action.kind === 'standard') {
      const params = { textDocument: { uri }, position: action.position, range: { start: action.position, end: action.position }, positions: [action.position], options: { tabSize: 2, insertSpaces: true }, context: { diagnostics: [] } };
      await answered(action.method, params);
    } else if (action.kind === 'custom') {
      const params = withUri(action.params, uri);
      const answer = await answered(action.method, params);
      if (answer instanceof ResponseError && answer.code === ErrorCodes.InternalError) {
        throw new FuzzFailure(`${action.method} answered an internal error (${answer.message}) to ${JSON.stringify(params)?.slice(0, 300)}`);
      }
    } else {
      await connection.sendNotification(action.method, withUri(action.params, uri));
      tally.notifications++;
    }
  }
  const summary = await answered('robotsLens/fileSummary', { uri });
  if (summary instanceof Error) throw new FuzzFailure(`the closing file summary failed: ${summary.message}`);
  // The server applied the same edits: same version, and the same rules in its parse of the text.
  const { version, rules } = summary as FileSummaryResult;
  const expected = parseRobots(document.getText()).groups.reduce((n, group) => n + group.rules.length, 0);
  if (version !== document.version || rules !== expected) {
    throw new FuzzFailure(`the server has version ${version} with ${rules} rules; the client has version ${document.version} with ${expected}`);
  }
  const formatted = await answered('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  if (formatted instanceof Error) throw new FuzzFailure(`the closing formatting failed: ${formatted.message}`);
  await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
}

function clampPosition(document: TextDocument, position: { line: number; character: number }): { line: number; character: number } {
  return document.positionAt(document.offsetAt(position));
}

/** `uri: 'OPEN'` stands for the session's document. */
function withUri(params: unknown, uri: string): unknown {
  if (typeof params === 'object' && params !== null && !Array.isArray(params) && (params as { uri?: unknown }).uri === 'OPEN') return { ...params, uri };
  return params;
}
