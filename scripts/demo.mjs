// The main job: robots.txt Lens on the sample workspace. Builds, then shows what the
// sample robots.txt means, through the same core the editor uses.
import { spawnSync } from 'node:child_process';

const run = (args) => {
  console.log(`\n$ robots-lens ${args.join(' ')}`);
  spawnSync(process.execPath, ['dist/cli.js', ...args], { stdio: 'inherit' });
};

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
run(['lint', 'examples/robots.txt']);
run(['test', 'examples/robots.txt', '--agent', 'Googlebot', '--agent', 'Googlebot-Image', '--agent', 'GPTBot', '--agent', 'ClaudeBot', '/cart/', '/blog/2026/10/trail-running-in-the-dark', '/category/jackets/?color=red&sort=price', '/blog/drafts/x']);
