// The workspace folder byte for byte: the UI test's proof that the extension writes nothing into
// the user's files (no .vscode/settings.json for remembered logs, no file beside robots.txt).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file under `folder` (git's own folder left out), as relative path → SHA-256 of its bytes.
 * @param {string} folder
 * @returns {Map<string, string>}
 */
export function workspaceBytes(folder) {
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, file);
    if (!entry.isFile() || relative.split(path.sep)[0] === '.git') continue;
    files.set(relative, createHash('sha256').update(readFileSync(file)).digest('hex'));
  }
  return files;
}

/**
 * What differs between two fingerprints, as "added x", "removed x", "changed x"; `expected` names
 * the files the test itself wrote or saved on purpose, which may differ.
 * @param {Map<string, string>} before @param {Map<string, string>} after @param {string[]} [expected]
 */
export function workspaceChanges(before, after, expected = []) {
  /** @type {string[]} */
  const changes = [];
  for (const [file, hash] of after) {
    if (expected.includes(file)) continue;
    if (!before.has(file)) changes.push(`added ${file}`);
    else if (before.get(file) !== hash) changes.push(`changed ${file}`);
  }
  for (const file of before.keys()) if (!after.has(file) && !expected.includes(file)) changes.push(`removed ${file}`);
  return changes;
}
