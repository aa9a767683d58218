// The status bar says what only it says: groups and rules. Problem counts are VS Code's own item.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusText } from '../../client/src/status-text';

test('groups and rules, counted with their nouns, and no problem count', () => {
  assert.equal(statusText({ groups: 11, rules: 35 }), 'robots.txt: 11 groups, 35 rules');
  assert.equal(statusText({ groups: 1, rules: 1 }), 'robots.txt: 1 group, 1 rule');
  assert.doesNotMatch(statusText({ groups: 0, rules: 0 }), /error|warning/);
});
