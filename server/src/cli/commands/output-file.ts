/**
 * A file the user named for a command's output (records, a summary, a scan), written line by
 * line through a LineWriter: a write that fails (a full disk) is an input error naming the
 * file and the cause, not an unexpected error. A regular file is written to a temporary file
 * beside it and renamed over it only when complete, so a run that fails leaves the old file;
 * and no output may be one of the command's inputs (`replay x.log --csv x.log` once truncated
 * the log it was reading).
 */

import { createWriteStream, renameSync, statSync, unlinkSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describeFsError, InputError } from '../../node/files';
import { LineWriter } from '../line-writer';
import { safeJson } from '../output';
import { UsageError } from '../usage-error';
import { describeWriteError } from '../write-failure';

/** Temporary files not yet renamed: removed if the process ends first. */
const unfinished = new Set<string>();
let cleanupRegistered = false;
let serial = 0;

/**
 * Refuses outputs that are inputs, or one another: the same path, a link to it, or the same
 * file by device and inode. `outputs` pairs each option with its path; `-` (stdout or stdin) is
 * never a file.
 */
export function refuseOutputsOverInputs(outputs: readonly (readonly [option: string, path: string | undefined])[], inputs: readonly string[]): void {
  const named = outputs.filter((o): o is readonly [string, string] => o[1] !== undefined && o[1] !== '-');
  const files = inputs.filter((i) => i !== '-').map((path) => ({ path, stat: statOf(path) }));
  for (const [i, [option, path]] of named.entries()) {
    const stat = statOf(path);
    const input = files.find((f) => sameFile(path, stat, f.path, f.stat));
    if (input !== undefined) {
      throw new UsageError(`${option} ${path} is ${input.path === path ? 'an input of this command' : `the same file as the input ${input.path}`}: it would be overwritten while it is read. Write the output to another file.`);
    }
    const other = named.slice(0, i).find(([, p]) => sameFile(path, stat, p, statOf(p)));
    if (other !== undefined) throw new UsageError(`${option} ${path} and ${other[0]} ${other[1]} are the same file: give each output its own file.`);
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function sameFile(a: string, aStat: Stats | undefined, b: string, bStat: Stats | undefined): boolean {
  if (resolve(a) === resolve(b)) return true;
  return aStat !== undefined && bStat !== undefined && aStat.dev === bStat.dev && aStat.ino === bStat.ino && !aStat.isCharacterDevice();
}

export async function openOutput(path: string): Promise<{ writer: LineWriter; close: () => Promise<void> }> {
  // Devices and pipes (/dev/stdout, a FIFO) are written as they are: a rename would replace them.
  const existing = statOf(path);
  const temporary = existing === undefined || existing.isFile() ? join(dirname(path), `.${basename(path)}.${process.pid}.${++serial}.tmp`) : undefined;
  const target = temporary ?? path;
  const stream = createWriteStream(target, temporary !== undefined ? { flags: 'wx', ...(existing ? { mode: existing.mode } : {}) } : {});
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new InputError(describeFsError(error, path, 'output file'))));
  });
  if (temporary !== undefined) keepUntilRenamed(temporary);
  // A failed write is reported through its callback, as an error naming the file.
  stream.on('error', () => undefined);
  const writer = new FileLineWriter(stream, path);
  return {
    writer,
    close: async () => {
      await writer.flush();
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(writer.failure(error)) : resolve())));
      if (temporary === undefined) return;
      try {
        renameSync(temporary, path);
      } catch (error) {
        throw new InputError(`cannot write ${path}: ${describeWriteError(error as NodeJS.ErrnoException)}`);
      } finally {
        removeUnfinished(temporary);
      }
    },
  };
}

function keepUntilRenamed(temporary: string): void {
  unfinished.add(temporary);
  if (cleanupRegistered) return;
  cleanupRegistered = true;
  process.on('exit', () => {
    for (const path of unfinished) removeUnfinished(path);
  });
}

function removeUnfinished(temporary: string): void {
  unfinished.delete(temporary);
  try {
    unlinkSync(temporary);
  } catch {
    // Renamed already, or never created.
  }
}

/**
 * A value as indented JSON in a file the user named, through the one safe JSON writer: text
 * from logs (User-Agents, URLs) may carry DEL or C1 controls, written as escapes.
 */
export async function writeJsonFile(path: string, value: unknown, trailer = ''): Promise<void> {
  const out = await openOutput(path);
  await out.writer.write(safeJson(value, 2) + trailer);
  await out.close();
}

/** The lines of a file the user named. */
class FileLineWriter extends LineWriter {
  constructor(
    stream: NodeJS.WritableStream,
    private readonly path: string,
  ) {
    super(stream);
  }

  override writeAround(before: Uint8Array, text: string, after: Uint8Array): Promise<void> | undefined {
    return super.writeAround(before, text, after)?.catch((error: unknown) => {
      throw this.failure(error);
    });
  }

  override flush(): Promise<void> {
    return super.flush().catch((error: unknown) => {
      throw this.failure(error);
    });
  }

  failure(error: unknown): InputError {
    return error instanceof InputError ? error : new InputError(`cannot write ${this.path}: ${describeWriteError(error as NodeJS.ErrnoException)}`);
  }
}
