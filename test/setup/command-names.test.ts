/**
 * One voice in the palette: every command of the extension is under one category,
 * "robots.txt", so typing it lists them all, and the README names each command the way the
 * palette shows it ("robots.txt: Test URL…"), never under an older prefix.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
interface Command {
  readonly command: string;
  readonly title: string;
  readonly category?: string;
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: Command[] } };
const commands = manifest.contributes.commands;
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const labels = new Set(commands.map((c) => `${c.category}: ${c.title}`));

test('every command is in the one category "robots.txt", its title without a prefix of its own', () => {
  assert.ok(commands.length >= 10, `${commands.length} commands`);
  assert.deepEqual(commands.filter((c) => c.category !== 'robots.txt').map((c) => c.command), []);
  assert.deepEqual(commands.filter((c) => /^robots\.txt\b|Lens:/.test(c.title)).map((c) => c.title), []);
});

test('the README names commands as the palette shows them', () => {
  const named = [...readme.matchAll(/\*\*(robots\.txt(?: Lens)?: [^*]+)\*\*/g)].map((m) => m[1]!);
  assert.ok(named.length >= 8, `${named.length} commands named`);
  assert.deepEqual(named.filter((name) => !labels.has(name)), []);
  assert.doesNotMatch(readme, /robots\.txt Lens: [A-Z]/);
});
