/**
 * The walkthrough and the language-model tools as the manifest declares them: every step's
 * media is packaged, every command a step links to or completes on is one the extension
 * contributes, and every tool has a model description and an object input schema.
 */

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '..', '..');
interface Manifest {
  contributes: {
    commands: { command: string }[];
    walkthroughs: { id: string; steps: { id: string; description: string; media: { markdown?: string }; completionEvents: string[] }[] }[];
    languageModelTools: { name: string; modelDescription: string; inputSchema: { type: string; properties: Record<string, unknown>; required?: string[] } }[];
  };
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
const commands = new Set(manifest.contributes.commands.map((c) => c.command));

test('the walkthrough: open, test a URL, AI access, replay; its media and commands exist', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;
  assert.ok(walkthrough);
  assert.deepEqual(walkthrough.steps.map((s) => s.id), ['open', 'test-url', 'ai-access', 'replay']);
  for (const step of walkthrough.steps) {
    assert.ok(step.media.markdown && existsSync(join(ROOT, step.media.markdown)), `${step.id}: media ${step.media.markdown}`);
    for (const [, command] of step.description.matchAll(/\(command:([\w.]+)\)/g)) {
      assert.ok(command?.startsWith('workbench.') || commands.has(command ?? ''), `${step.id}: links to ${command}`);
    }
    for (const event of step.completionEvents) {
      const command = /^onCommand:(.+)$/.exec(event)?.[1];
      if (command) assert.ok(commands.has(command), `${step.id}: completes on ${command}`);
    }
  }
});

test('the language-model tools: four, each with a model description and an object input schema', () => {
  const tools = manifest.contributes.languageModelTools;
  assert.deepEqual(tools.map((t) => t.name), ['robots-lens_test_urls', 'robots-lens_lint', 'robots-lens_ai_access', 'robots-lens_diff']);
  for (const tool of tools) {
    assert.match(tool.name, /^[\w-]+$/);
    assert.ok(tool.modelDescription.length > 40, tool.name);
    assert.equal(tool.inputSchema.type, 'object');
    for (const required of tool.inputSchema.required ?? []) assert.ok(required in tool.inputSchema.properties, `${tool.name}: ${required}`);
  }
  // The names the client registers are the manifest's.
  const source = readFileSync(join(ROOT, 'client', 'src', 'lm-tools.ts'), 'utf8');
  for (const tool of tools) assert.ok(source.includes(`'${tool.name}'`), `${tool.name} registered in client/src/lm-tools.ts`);
});
