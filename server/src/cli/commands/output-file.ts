/**
 * A file the user named for a command's output (records, a summary, a scan), written line by
 * line through a LineWriter: a write that fails (a full disk) is an input error naming the
 * file and the cause, not an unexpected error.
 */

import { createWriteStream } from 'node:fs';
import { describeFsError, InputError } from '../../node/files';
import { LineWriter } from '../line-writer';
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
