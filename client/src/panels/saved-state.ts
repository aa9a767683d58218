/**
 * Whether a panel's answer is of the file as saved or of edits not saved yet: the words a
 * user checks against the editor's tab, where a buffer version number ("version 2") meant
 * nothing to them.
 */

export type SavedWords = 'saved' | 'unsaved changes' | 'not saved to a file' | 'edited since this result';

export interface SavedSource {
  readonly version: number;
  readonly isDirty: boolean;
  readonly isUntitled: boolean;
}

/** The words for an answer computed on `version` of `document`, as the document is now. */
export function savedWords(document: SavedSource, version: number): SavedWords {
  if (document.version !== version) return 'edited since this result';
  if (document.isUntitled) return 'not saved to a file';
  return document.isDirty ? 'unsaved changes' : 'saved';
}
