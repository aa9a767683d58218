/**
 * Replacing a file the user asked to rewrite: the new text goes to a temporary file beside it,
 * which then takes its name, so a failed write (a full disk, a crash) leaves the old file whole.
 */

import { renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeFsError, InputError } from './files';

export async function replaceFileText(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.robots-lens-${process.pid}.tmp`);
  try {
    const mode = statSync(path).mode & 0o7777;
    writeFileSync(temporary, text, { mode, flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // It was never made, or is already gone.
    }
    throw new InputError(describeFsError(error, path, 'robots.txt file'));
  }
}
