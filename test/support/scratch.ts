/**
 * A fresh temporary folder for the inputs a test file hands to the CLI, each written once as
 * the file loads: `file(name, content)` writes one and gives its path, `folder(name)` makes one.
 */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ScratchDir {
  readonly dir: string;
  /** Writes `content` to `name` inside the folder and returns its path. */
  file(name: string, content: string | Uint8Array): string;
  /** Makes the folder `name` inside it and returns its path. */
  folder(name: string): string;
}

/** A new folder under the system's temporary folder, its name starting with `prefix`. */
export function scratchDir(prefix: string): ScratchDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    folder(name) {
      const path = join(dir, name);
      mkdirSync(path);
      return path;
    },
  };
}

/** One line of a combined-format access log: Googlebot fetching /private/a. */
export const GOOGLEBOT_LOG_LINE =
  '192.0.2.1 - - [24/Nov/2026:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 10 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"\n';
