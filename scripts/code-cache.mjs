// Makes dist/cli-main.cache, the V8 code cache dist/cli.js runs the CLI bundle from (see
// server/src/cli/code-cache.ts): a few short runs of the commands people start most often,
// on the sample workspace, each adding what it compiled to the cache the last one left.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist', 'cli.js');
const cache = path.join(root, 'dist', 'cli-main.cache');
const robots = path.join(root, 'examples', 'robots.txt');

const agents = ['Googlebot', 'GPTBot', 'bingbot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'CCBot', 'Googlebot-Image'];
const paths = ['/', '/cart/', '/blog/post', '/search?q=boots', '/products/%62oots', '/größen/', '/checkout/pay', '/robots.txt'];
// Ten of each, told apart by their query: past 64 questions a group answers through its
// automaton (past 16 for a batch's bytes), and both ways of reaching it, with the walk and
// the states, are then in the cache too.
const queries = agents.flatMap((agent) => paths.flatMap((p) => Array.from({ length: 10 }, (_, i) => JSON.stringify({ agent, url: `https://www.example-shop.test${p}${i === 0 ? '' : `?n=${i}`}` })))).join('\n') + '\n';

/** Each run, its stdin, and the exit codes that mean it ran (lint exits 1 on the sample's errors). */
const runs = [
  { args: ['test', robots, '--batch', '--origin', 'https://www.example-shop.test'], input: queries, ok: [0] },
  { args: ['test', robots, '--batch', '--origin', 'https://www.example-shop.test', '--fields', 'allowed,line'], input: queries, ok: [0] },
  { args: ['test', robots, '--batch', '--fields', 'allowed,line'], input: queries, ok: [0] },
  { args: ['test', robots, '--agent', 'Googlebot', '--agent', 'GPTBot', '/cart/', '/blog/'], input: '', ok: [0] },
  { args: ['lint', robots], input: '', ok: [0, 1] },
];

// The entry point reads the bundle as Latin-1 (server/src/cli/code-cache.ts): it must be ASCII.
const bundle = readFileSync(path.join(root, 'dist', 'cli-main.js'));
const wide = bundle.findIndex((byte) => byte >= 0x80);
if (wide >= 0) {
  console.error(`code cache: dist/cli-main.js has a byte over 0x7f at ${wide}, near ${JSON.stringify(bundle.subarray(Math.max(0, wide - 40), wide + 4).toString('latin1'))}; the CLI reads it as ASCII`);
  process.exit(1);
}

rmSync(cache, { force: true });
for (const run of runs) {
  const result = spawnSync(process.execPath, [cli, ...run.args], { input: run.input, env: { ...process.env, ROBOTS_LENS_WRITE_CODE_CACHE: '1' }, encoding: 'utf8' });
  if (!run.ok.includes(result.status ?? -1)) {
    console.error(`code cache: robots-lens ${run.args[0]} exited with ${result.status}: ${result.stderr}`);
    process.exit(1);
  }
}
console.log(`code cache: dist/cli-main.cache, ${Math.round(statSync(cache).size / 1024)} KiB`);
