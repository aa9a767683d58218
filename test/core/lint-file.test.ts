// Lint cases about the file as a whole: its size, its encoding, and HTML served as robots.txt
// (test/support/lint.ts has the helpers).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GOOGLE_SIZE_LIMIT_BYTES, parseRobots } from '@robots-lens/kernel/parse';
import { lint } from '@robots-lens/editor/lint';
import { GOOGLE_MAX_LINE_BYTES } from '@robots-lens/kernel/parse';
import { assertLint, matchesId, cases } from '../support/lint';

describe('size-limit-*', () => {
  test('content past 500 KiB, and nothing else reported about it', () => {
    // 14 bytes, then 5,119 comment lines of 100 bytes, then one of 86: exactly 512,000 bytes.
    const head = 'User-agent: *\n' + ('#'.repeat(99) + '\n').repeat(5119) + '#'.repeat(85) + '\n';
    assert.equal(Buffer.byteLength(head), GOOGLE_SIZE_LIMIT_BYTES);
    const found = assertLint(head + 'Disallow: private/\nFoo: bar\nCrawl-delay: x', ['size-limit-file@5122']);
    assert.equal(found[0]?.severity, 'error');
  });
  test('a line longer than Google reads', () => {
    const text = 'User-agent: *\nDisallow: /' + 'a'.repeat(GOOGLE_MAX_LINE_BYTES);
    assertLint(text.slice(0, 14 + GOOGLE_MAX_LINE_BYTES) + '|' + text.slice(14 + GOOGLE_MAX_LINE_BYTES), 'size-limit-*', { id: 'size-limit-line', severity: 'warning' });
  });
  test('a small file', () => void assertLint('User-agent: *\nDisallow: /x', 'size-limit-*'));
});

cases('looks-like-html', [
  ['an HTML page', '|<!DOCTYPE html>\n<html><body>Not found</body></html>', { severity: 'error' }],
  ['a robots.txt', 'User-agent: *\nDisallow: /'],
]);

describe('encoding-*', () => {
  test('BOM at the start', () => void assertLint('|\uFEFFUser-agent: *\nDisallow: /x', 'encoding-*', { id: 'encoding-bom', severity: 'hint' }));
  test('replacement character', () => void assertLint('User-agent: *\nDisallow: /caf|\uFFFD\uFFFD', 'encoding-*', { id: 'encoding-invalid', severity: 'warning' }));
  test('clean file', () => void assertLint('User-agent: *\nDisallow: /café', 'encoding-*'));
  test('a UTF-16 file: one finding, and no line read as a directive', () => {
    const bytes = Uint8Array.from([0xff, 0xfe, ...[...'User-agent: *\nDisallow: /private\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const found = lint(parseRobots(bytes));
    assert.deepEqual(found.map((f) => [f.id, f.severity, f.span.start]), [['encoding-invalid', 'warning', 0]]);
    assert.match(found[0]!.message, /^This file is UTF-16 .* Crawlers read robots\.txt as UTF-8, so they find no User-agent line and no rule in it: save it as UTF-8\.$/);
  });
  test('gzip data: one finding', () => {
    const found = lint(parseRobots(Uint8Array.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x41, 0x0a, 0xe9, 0x42, 0x0a, 0xd2])));
    assert.deepEqual(found.map((f) => f.id), ['encoding-invalid']);
    assert.match(found[0]!.message, /gzip-compressed/);
  });
  test('invalid UTF-8 bytes', () => {
    const bytes = Uint8Array.from([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9]);
    const found = lint(parseRobots(bytes)).filter((f) => matchesId(f.id, 'encoding-*'));
    assert.deepEqual(found.map((f) => [f.id, f.severity, f.span.start]), [['encoding-invalid', 'warning', 28]]);
  });
});
