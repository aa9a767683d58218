// Whatever way an e2e script exits (normally, process.exit, Ctrl+C, SIGTERM, SIGHUP), the
// code-servers it started die with it and its throwaway profiles are removed.

import { rmSync } from 'node:fs';
import { log } from './repo.mjs';

/** @type {Set<{ killNow: () => void }>} */
export const live = new Set(); // every code-server started and not yet stopped
/** @type {Set<string>} */
export const tempRoots = new Set(); // every throwaway profile not yet disposed
let exitHooksInstalled = false;
export function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const s of live) s.killNow();
    for (const dir of tempRoots) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  for (const [signal, code] of /** @type {const} */ ([['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]])) {
    process.once(signal, () => {
      log(`${signal}: stopping code-server`);
      process.exit(code); // runs the 'exit' hook above
    });
  }
}
