import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs } from '@robots-lens/replay';
import type { AuditRecord, ReplayOptions } from '@robots-lens/replay';

const ROBOTS = 'User-agent: *\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n';
const UA = 'Mozilla/5.0 (compatible; ExampleBot/1.0)';
const line = (path: string, second: number): string => `192.0.2.1 - - [10/Oct/2025:13:55:${String(second).padStart(2, '0')} +0000] "GET ${path} HTTP/1.1" 200 512 "-" "${UA}"`;

async function records(robots: string): Promise<AuditRecord[]> {
  const options: ReplayOptions = { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: parseRobots(robots) }] };
  const out: AuditRecord[] = [];
  await replayLogs([{ name: 'access.log', chunks: [[line('/test', 1), line('/never/x', 2), line('/ai-ok/y', 3)].join('\n')] }], options, { onRecord: (r) => void out.push(r) });
  return out;
}

test('replay records carry the preferences in effect beside the verdict', async () => {
  const [plain, never, aiOk] = await records(ROBOTS);
  const signal = { line: 5, search: 'yes', 'ai-input': null, 'ai-train': 'no', use: null };
  assert.deepEqual(plain!.preferences, { applicable: true, contentUsage: { line: 3, 'train-ai': 'disallowed', search: 'unknown' }, contentSignal: signal });
  assert.equal(never!.allowed, false);
  assert.deepEqual(never!.preferences, { applicable: false, contentUsage: null, contentSignal: null });
  assert.deepEqual(aiOk!.preferences?.contentUsage, { line: 4, 'train-ai': 'allowed', search: 'unknown' });
});

test('a robots.txt that states no preference adds nothing to its records', async () => {
  const all = await records('User-agent: *\nDisallow: /never/\n');
  assert.equal(all.length, 3);
  assert.ok(all.every((r) => !('preferences' in r)));
});
