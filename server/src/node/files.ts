/** File reading for the CLI and server, with errors a user can act on. */

// `fs.promises` is loaded when first used: a command that never reads this way (`test`)
// does not pay the 5 ms its module (with the readline interface it pulls in) takes to load.
import { createReadStream, promises as fs, statSync } from 'node:fs';
import type { ReadStream } from 'node:fs';

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

/**
 * A read stream of the file at `path`, once it is open. A folder opens and fails only when
 * read, after a caller may have written something: it is refused first, as EISDIR. Rejects
 * with the fs error, for the caller to say in its words (`describeFsError`).
 */
export async function openFileStream(path: string, options: { highWaterMark?: number } = {}): Promise<ReadStream> {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path} is a directory`), { code: 'EISDIR' });
  const stream = createReadStream(path, options);
  await new Promise<void>((resolve, reject) => {
    stream.once('ready', () => resolve());
    stream.once('error', reject);
  });
  return stream;
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
