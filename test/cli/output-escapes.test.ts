import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeControls, escapeLine } from '../../server/src/cli/output';

describe('escapeLine and escapeControls', () => {
  const table: Array<[string, string, string, string]> = [
    // name, text, escapeLine, escapeControls
    ['ESC and CSI', '/a\u001b[2J\u009b', '/a\\x1b[2J\\x9b', '/a\\x1b[2J\\x9b'],
    ['a line feed, escaped on one line only', 'a\nb', 'a\\x0ab', 'a\nb'],
    ['a byte that was not UTF-8, as its surrogate escape', '/caf\udce9 \udcff', '/caf\\xe9 \\xff', '/caf\\xe9 \\xff'],
    ['a character past U+FFFF, whose low surrogate is no escape', '/\ud83d\udca9 /\ud83d\udce9', '/\ud83d\udca9 /\ud83d\udce9', '/\ud83d\udca9 /\ud83d\udce9'],
    ['plain text', '/ツ/niños?q=1', '/ツ/niños?q=1', '/ツ/niños?q=1'],
  ];
  for (const [name, text, line, controls] of table) {
    test(name, () => {
      assert.equal(escapeLine(text), line);
      assert.equal(escapeControls(text), controls);
    });
  }
});
