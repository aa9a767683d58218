import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countOf, formatCount, plural, pluralNoun } from '@robots-lens/kernel/words';

test('a count and its noun: singular for one only', () => {
  assert.equal(plural(1, 'request'), '1 request');
  assert.equal(plural(2, 'request'), '2 requests');
  assert.equal(plural(0, 'request'), '0 requests');
  assert.equal(plural(1_240, 'request', formatCount), '1,240 requests');
  assert.equal(plural(1, 'tested path', formatCount), '1 tested path');
});

test('the noun alone follows the count', () => {
  assert.equal(pluralNoun(1, 'line'), 'line');
  assert.equal(pluralNoun(3, 'Line'), 'Lines');
  assert.equal(pluralNoun(0, 'group'), 'groups');
});

test('a count with its thousands grouped, as every summary and panel writes it', () => {
  assert.equal(countOf(1, 'request'), '1 request');
  assert.equal(countOf(0, 'request'), '0 requests');
  assert.equal(countOf(1_240, 'request'), '1,240 requests');
  assert.equal(countOf(1_234_567, 'URL'), '1,234,567 URLs');
  assert.equal(countOf(1, 'entry', 'entries'), '1 entry');
  assert.equal(countOf(2, 'index', 'indexes'), '2 indexes');
  for (const n of [0, 7, 999, 1_000, 65_536, 12_345_678, -4_004]) assert.equal(formatCount(n), n.toLocaleString('en-US'));
});
