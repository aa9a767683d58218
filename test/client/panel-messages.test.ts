/**
 * The panels' guards: a page's message reaches a panel only with the fields its type says,
 * and what a reloaded page gets again is the state, never news of the moment.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { aiAccessResend, isAiAccessIn } from '../../client/src/panels/ai-access/messages';
import { compareResend, isCompareIn } from '../../client/src/panels/compare/messages';
import { isMatrixIn, matrixResend } from '../../client/src/panels/matrix/messages';
import type { MatrixView } from '../../client/src/panels/matrix/view';
import { isReplayIn, replayResend } from '../../client/src/panels/replay/messages';
import { isSitemapsIn } from '../../client/src/panels/sitemaps/messages';
import { isTestUrlIn } from '../../client/src/panels/test-url/messages';

const NOT_MESSAGES = [null, undefined, 'reveal', 3, [], { row: 1 }, { type: 7 }];

describe('panel messages', () => {
  test('nothing without a string type is a message', () => {
    for (const guard of [isAiAccessIn, isCompareIn, isMatrixIn, isReplayIn, isSitemapsIn, isTestUrlIn]) {
      for (const value of NOT_MESSAGES) assert.equal(guard(value), false, `${guard.name}(${JSON.stringify(value)})`);
      // `ready` is the host's, never a panel's.
      assert.equal(guard({ type: 'ready' }), false, guard.name);
    }
  });

  test('each guard accepts its messages and refuses wrong fields', () => {
    assert.ok(isTestUrlIn({ type: 'showLog' }) && isTestUrlIn({ type: 'reveal', row: 2 }));
    assert.ok(!isTestUrlIn({ type: 'reveal', row: '2' }) && !isTestUrlIn({ type: 'reveal', row: 1.5 }));
    assert.ok(isSitemapsIn({ type: 'reveal', row: 0 }) && !isSitemapsIn({ type: 'reveal' }));
    assert.ok(isMatrixIn({ type: 'reveal', row: 0, column: -1 }) && !isMatrixIn({ type: 'reveal', row: 0 }));
    assert.ok(isMatrixIn({ type: 'addPaths', paths: ['/a', '/b'] }) && !isMatrixIn({ type: 'addPaths', paths: ['/a', 1] }));
    assert.ok(isMatrixIn({ type: 'removePath', path: '/a' }) && isMatrixIn({ type: 'resetPaths' }) && !isMatrixIn({ type: 'removePath' }));
    assert.ok(isAiAccessIn({ type: 'reveal', line: 3, note: 'GPTBot obeys this group' }) && !isAiAccessIn({ type: 'reveal', line: 3 }));
    assert.ok(isCompareIn({ type: 'reveal', line: 4 }) && isCompareIn({ type: 'countSitemaps' }) && isCompareIn({ type: 'pickSitemaps' }));
    assert.ok(!isCompareIn({ type: 'reveal', line: '4' }));
    assert.ok(isReplayIn({ type: 'export', format: 'csv' }) && isReplayIn({ type: 'export', format: 'jsonl', indices: [0, 2] }));
    assert.ok(!isReplayIn({ type: 'export', format: 'xml' }) && !isReplayIn({ type: 'export', format: 'csv', indices: ['0'] }));
    assert.ok(isReplayIn({ type: 'drop', uris: ['file:///a.log'], files: [] }) && !isReplayIn({ type: 'drop', uris: 'file:///a.log', files: [] }));
    assert.ok(isReplayIn({ type: 'rendered', matching: 4, inDom: 2 }) && isReplayIn({ type: 'cancel' }) && isReplayIn({ type: 'refreshRanges' }) && isReplayIn({ type: 'enforce' }));
    assert.ok(!isReplayIn({ type: 'reveal', index: null }));
  });

  test('a reloaded page gets the state again, not the news of the moment', () => {
    const view = { fetchState: 'robots.txt was unreachable: everything is disallowed.' } as unknown as MatrixView;
    assert.deepEqual(matrixResend({ type: 'matrix', view, notice: 'Not added: …' }), { type: 'matrix', view, notice: view.fetchState });
    assert.equal(matrixResend({ type: 'busy', message: 'updating…' }), undefined);
    assert.equal(matrixResend({ type: 'notice', message: 'The matrix needs at least one path.' }), undefined);
    assert.deepEqual(matrixResend({ type: 'error', message: 'failed' }), { type: 'error', message: 'failed' });
    assert.equal(aiAccessResend({ type: 'busy', message: 'updating…' }), undefined);
    assert.equal(compareResend({ type: 'notice', message: 'changed' }), undefined);
    assert.equal(compareResend({ type: 'sitemaps-busy', busy: true }), undefined);
    assert.equal(replayResend({ type: 'progress', lines: 1, requests: 1, bytesRead: null, bytesTotal: null }), undefined);
    assert.equal(replayResend({ type: 'notice', message: 'Nothing to export.' }), undefined);
    assert.deepEqual(replayResend({ type: 'running', title: 'robots.txt', logFiles: [] }), { type: 'running', title: 'robots.txt', logFiles: [] });
  });
});
