/** File reading for the CLI and server, with errors a user can act on. */

// `fs.promises` is loaded when first used: a command that never reads this way (`test`)
// does not pay the 5 ms its module (with the readline interface it pulls in) takes to load.
import { promises as fs } from 'node:fs';

import { InputError } from './input-error';

export { InputError };

/** Reads a file as bytes, turning fs errors into one clear sentence. */
export async function readInputFile(path: string, what = 'file'): Promise<Uint8Array> {
  try {
    const info = await fs.stat(path);
    if (info.isDirectory()) throw new InputError(`${path} is a directory, not a ${what}.`);
    return await fs.readFile(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(describeFsError(error, path, what));
  }
}

export function describeFsError(error: unknown, path: string, what = 'file'): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `${path}: no such ${what}.`;
    case 'EACCES':
    case 'EPERM':
      return `${path}: permission denied.`;
    case 'EISDIR':
      return `${path} is a directory, not a ${what}.`;
    default:
      return `${path}: cannot read (${error instanceof Error ? error.message : String(error)}).`;
  }
}
