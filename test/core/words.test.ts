import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatCount, plural, pluralNoun } from '../../server/src/core';

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
