/**
 * Paths of the bundles under test. `npm test` builds before running the tests; test files
 * run in parallel processes, so they must not rebuild (and race on) `dist/` themselves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli.js');
export const SERVER = join(ROOT, 'dist', 'server.js');

export function requireBuilt(path: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: run "npm run build" first (npm test does).`);
  return path;
}
