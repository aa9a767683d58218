// Stages the CLI package (cli-package/, named robots-lens) before `npm pack` packs it: the
// built CLI (dist/cli.js, the bundle it runs and its code cache) and the licence are copied
// in beside the package's own package.json and README. The bundle holds every library the
// CLI uses, so the package has no dependencies and installs from its tarball offline.
// Run by the package's `prepack`; `npm run build` must have run first, and this says so.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'cli-package');
const built = ['cli.js', 'cli-main.js', 'cli-main.cache'];

const missing = built.filter((file) => !existsSync(path.join(root, 'dist', file)));
if (missing.length > 0) {
  console.error(`cli-package: dist/${missing.join(', dist/')} missing: run "npm run build" first.`);
  process.exit(1);
}
// `robots-lens --version` reads the package.json beside dist/: it must say the extension's version.
const version = (file) => JSON.parse(readFileSync(file, 'utf8')).version;
if (version(path.join(target, 'package.json')) !== version(path.join(root, 'package.json'))) {
  console.error('cli-package: its version differs from the root package.json; give both the same version.');
  process.exit(1);
}
mkdirSync(path.join(target, 'dist'), { recursive: true });
for (const file of built) copyFileSync(path.join(root, 'dist', file), path.join(target, 'dist', file));
copyFileSync(path.join(root, 'LICENSE'), path.join(target, 'LICENSE'));
