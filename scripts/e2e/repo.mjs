// Where the clone is, and the one way the e2e scripts report progress (stderr, `[e2e]` prefix).

import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** @param {string} msg */
export function log(msg) {
  console.error(`[e2e] ${msg}`);
}
