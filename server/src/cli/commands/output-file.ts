/**
 * A file the user named for a command's output (records, a summary, a scan), written line by
 * line through a LineWriter: a write that fails (a full disk) is an input error naming the
 * file and the cause, not an unexpected error.
 */

import { createWriteStream } from 'node:fs';
import { describeFsError, InputError } from '../../node/files';
import { LineWriter } from '../line-writer';
import { safeJson } from '../output';
import { describeWriteError } from '../write-failure';

export async function openOutput(path: string): Promise<{ writer: LineWriter; close: () => Promise<void> }> {
  const stream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new InputError(describeFsError(error, path, 'output file'))));
  });
  // A failed write is reported through its callback, as an error naming the file.
  stream.on('error', () => undefined);
  const writer = new FileLineWriter(stream, path);
  return {
    writer,
    close: async () => {
      await writer.flush();
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(writer.failure(error)) : resolve())));
    },
  };
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
