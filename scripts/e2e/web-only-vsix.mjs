// A web-only copy of the packaged extension, for the UI scenarios in code-server's web worker
// extension host: code-server runs an extension whose manifest has a `browser` entry and no
// `main` there, and one with both in its Node extension host. So the copy's package.json loses
// `main` (and the CLI's `bin`), and the Node bundles stay out; everything else is what
// `npm run package` puts in the .vsix, packaged by the same vsce with the same flags.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, log } from './repo.mjs';

/** What the web-only package holds: the .vscodeignore allow-list without the Node bundles. */
const WEB_FILES = ['dist/web/client.js', 'dist/web/server.js', 'syntaxes', 'language-configuration.json', 'media', 'icon.png', 'README.md', 'CHANGELOG.md', 'LICENSE'];

/**
 * Packages the web-only copy into `outDir` from the built `dist/web/` bundles; returns the .vsix path.
 * @param {string} outDir
 */
export function packageWebOnly(outDir) {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  if (typeof manifest.browser !== 'string') throw new Error('ui: package.json has no browser entry');
  const staging = path.join(outDir, 'web-only-extension');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of WEB_FILES) {
    const from = path.join(REPO_ROOT, file);
    if (!existsSync(from)) throw new Error(`ui: ${file} is missing; run \`npm run package\` first`);
    cpSync(from, path.join(staging, file), { recursive: true });
  }
  const { main: _main, bin: _bin, scripts: _scripts, ...webOnly } = manifest;
  writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(webOnly, null, 2)}\n`);
  writeFileSync(path.join(staging, '.vscodeignore'), readFileSync(path.join(REPO_ROOT, '.vscodeignore')));
  const vsix = path.join(outDir, `${manifest.name}-${manifest.version}-web.vsix`);
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix], { cwd: staging, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`ui: packaging the web-only copy failed (${r.status ?? r.signal ?? r.error}):\n${r.stdout}\n${r.stderr}`);
  rmSync(staging, { recursive: true, force: true });
  log(`packaged the web-only copy (no "main") as ${path.relative(REPO_ROOT, vsix)}`);
  return vsix;
}
