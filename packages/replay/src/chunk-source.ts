/** A log's chunks, sync or async, read one at a time through one kind of iterator. */
export function chunkIterator(chunks: AsyncIterable<string> | Iterable<string>): AsyncIterator<string> | Iterator<string> {
  return Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
}
