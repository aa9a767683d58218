/**
 * Buffered output for streaming commands: millions of small writes become a few large
 * ones, and backpressure from a slow reader (a pipe into `head`) is honoured.
 */
export class LineWriter {
  private buffer: string[] = [];
  private size = 0;

  constructor(private readonly stream: NodeJS.WritableStream, private readonly flushAt = 64 * 1024) {}

  /** Queues a line; resolves at once unless the buffer had to be flushed into a full stream. */
  write(line: string): Promise<void> | undefined {
    this.buffer.push(line);
    this.size += line.length + 1;
    return this.size >= this.flushAt ? this.flush() : undefined;
  }

  flush(): Promise<void> {
    if (this.buffer.length === 0) return Promise.resolve();
    const chunk = this.buffer.join('\n') + '\n';
    this.buffer = [];
    this.size = 0;
    return new Promise((resolve, reject) => {
      const ok = this.stream.write(chunk, (error) => (error ? reject(error) : undefined));
      if (ok) resolve();
      else this.stream.once('drain', resolve);
    });
  }
}
