/**
 * The words a panel uses for the text it answered about: saved, unsaved changes, not saved to
 * a file (an untitled or fetched document), or edited since (the panel keeps an older answer).
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { savedWords } from '../../client/src/panels/saved-state';
import type { SavedSource, SavedWords } from '../../client/src/panels/saved-state';

const cases: { name: string; document: SavedSource; answeredVersion: number; words: SavedWords }[] = [
  { name: 'a saved file, answered on its current text', document: { version: 4, isDirty: false, isUntitled: false }, answeredVersion: 4, words: 'saved' },
  { name: 'a file with edits not saved yet', document: { version: 5, isDirty: true, isUntitled: false }, answeredVersion: 5, words: 'unsaved changes' },
  { name: 'an untitled document (a fetched robots.txt, a new file)', document: { version: 1, isDirty: true, isUntitled: true }, answeredVersion: 1, words: 'not saved to a file' },
  { name: 'edited after the answer', document: { version: 6, isDirty: true, isUntitled: false }, answeredVersion: 5, words: 'edited since this result' },
  { name: 'edited after the answer, then saved', document: { version: 6, isDirty: false, isUntitled: false }, answeredVersion: 5, words: 'edited since this result' },
];

describe('saved words', () => {
  for (const { name, document, answeredVersion, words } of cases) {
    test(name, () => assert.equal(savedWords(document, answeredVersion), words));
  }
});
