import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';

/**
 * examples/README.md promises a newcomer which mistakes the sample robots.txt contains, by
 * lint id and line. The promise must match what the linter says: every listed finding is
 * reported, and nothing the linter reports is left out.
 */
test('the sample workspace README lists exactly the findings of examples/robots.txt', () => {
  const root = join(__dirname, '..', '..', 'examples');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const listed = new Set<string>();
  let id: string | undefined;
  for (const line of readme.split('\n')) {
    const heading = /^- `([a-z-]+)`\s*$/.exec(line);
    if (heading) id = heading[1];
    const item = /^ {2}- line (\d+):/.exec(line);
    if (item && id) listed.add(`${id}@${item[1]}`);
    if (line.startsWith('#')) id = undefined;
  }
  const file = parseRobots(readFileSync(join(root, 'robots.txt')));
  const reported = new Set(lint(file).map((f) => `${f.id}@${file.lines.findIndex((l) => l.start <= f.span.start && f.span.start <= l.end) + 1}`));
  assert.deepEqual([...listed].sort(), [...reported].sort());
});
