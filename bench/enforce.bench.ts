/**
 * Issue #37 figures: the compile of a 500 KiB robots.txt into server rules (target: well
 * under a second), the size of the nginx snippet for examples/robots.txt, and what it costs
 * nginx: requests per second with and without the snippet, in the same run, measured with
 * ApacheBench (`ab`, Debian's apache2-utils) against a real nginx on 127.0.0.1.
 * Run: npm run bench -- enforce
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlersInScope, enforceSnippet } from '@robots-lens/enforce';
import { parseRobots } from '@robots-lens/kernel/parse';
import { startServer, staticSite } from '../test/support/real-servers';
import { generateLargeRobots } from './fixtures/robots';
import { fmt, median, report, timeMs, verdictLine } from './support';

const ROOT = join(__dirname, '..');
const AB = '/usr/bin/ab';

export async function run(): Promise<void> {
  console.log('enforce: server rules compiled from robots.txt');
  const scope = crawlersInScope({ notHonouring: true });
  if (!scope.ok) throw new Error(scope.message);

  const large = generateLargeRobots(500 * 1024, 3);
  const file = parseRobots(large);
  let rules = 0;
  const compile = median(Array.from({ length: 5 }, () => timeMs(() => (rules = enforceSnippet(file, scope.crawlers, { server: 'nginx', status: 403, source: 'large' }).plan.ruleSets.reduce((n, s) => n + s.rules.length, 0)))));
  report([
    ['500 KiB robots.txt, --not-honouring, nginx', `${fmt(compile, 1)} ms (${fmt(rules)} rules written for ${scope.crawlers.length} crawlers)`],
  ]);
  console.log(verdictLine('compile under 1 s', compile < 1000, `${fmt(compile, 1)} ms`));

  const example = parseRobots(readFileSync(join(ROOT, 'examples', 'robots.txt')));
  const snippet = enforceSnippet(example, scope.crawlers, { server: 'nginx', status: 403, source: 'examples/robots.txt' });
  const lines = snippet.text.split('\n').filter((l) => l !== '' && !l.startsWith('#') && !l.trimStart().startsWith('#')).length;
  report([['examples/robots.txt, --not-honouring: nginx snippet', `${fmt(Buffer.byteLength(snippet.text))} bytes, ${lines} configuration lines`]]);

  if (!existsSync(AB)) {
    console.log(`nginx requests per second: not measured, ${AB} is missing (apt-get install apache2-utils)`);
    return;
  }
  const site = staticSite();
  const plain = await startServer('nginx', site, 'map $uri $robots_lens_block { default ""; }\n', 403);
  const guarded = await startServer('nginx', site, snippet.text, 403);
  const agents: [string, string][] = [
    ['browser', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
    ['Bytespider, allowed URL (every rule tried)', 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)'],
  ];
  try {
    const rows: [string, string][] = [];
    for (const [label, agent] of agents) {
      // Alternated, three rounds each, so both see the same machine load.
      const without: number[] = [];
      const withSnippet: number[] = [];
      for (let round = 0; round < 3; round++) {
        without.push(requestsPerSecond(plain.port, agent));
        withSnippet.push(requestsPerSecond(guarded.port, agent));
      }
      const a = median(without);
      const b = median(withSnippet);
      rows.push([`nginx, ${label}`, `${fmt(a)} req/s without, ${fmt(b)} req/s with the snippet (${fmt(((b - a) / a) * 100, 1)}%)`]);
    }
    report(rows);
  } finally {
    await plain.stop();
    await guarded.stop();
  }
}

function requestsPerSecond(port: number, agent: string): number {
  const r = spawnSync(AB, ['-q', '-k', '-n', '20000', '-c', '8', '-H', `User-Agent: ${agent}`, `http://127.0.0.1:${port}/index.html`], { encoding: 'utf8' });
  const m = /Requests per second:\s+([\d.]+)/.exec(r.stdout);
  if (!m) throw new Error(`ab failed: ${r.stderr || r.stdout}`);
  return Number(m[1]);
}
