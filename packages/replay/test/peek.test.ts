import assert from 'node:assert/strict';
import { test } from 'node:test';
import { peekFirstTime } from '../src/peek';
import type { LogInput } from '../src';

const line = (second: number): string => `66.249.66.1 - - [23/Nov/2026:00:00:${String(second).padStart(2, '0')} +0000] "GET /a HTTP/1.1" 200 5 "-" "Googlebot/2.1"\n`;

/** A log whose reading counts every chunk it is asked for, and whether it was ended. */
function countedLog(chunks: readonly string[]): { input: LogInput; pulls: () => number; returned: () => boolean } {
  let pulls = 0;
  let returned = false;
  let at = 0;
  const iterator: AsyncIterator<string> = {
    next: async () => {
      pulls++;
      return at < chunks.length ? { done: false, value: chunks[at++]! } : { done: true, value: undefined };
    },
    return: async () => {
      returned = true;
      return { done: true, value: undefined };
    },
  };
  return { input: { name: 'a.log', chunks: { [Symbol.asyncIterator]: () => iterator } }, pulls: () => pulls, returned: () => returned };
}

test('the first request time comes from the chunks read, which are handed on, not read again', async () => {
  const chunks = ['# a comment\n' + line(7).slice(0, 30), line(7).slice(30) + line(8), line(9)];
  const log = countedLog(chunks);
  const peeked = await peekFirstTime(log.input, 'combined');
  assert.equal(peeked.firstTime, Date.parse('2026-11-23T00:00:07Z'));
  const pulledByPeek = log.pulls();
  assert.ok(pulledByPeek < chunks.length, 'the peek stops once it knows');
  const read: string[] = [];
  for await (const chunk of peeked.input.chunks) read.push(chunk);
  assert.deepEqual(read, chunks);
  assert.equal(log.pulls(), chunks.length + 1, 'each chunk asked for once, then the end');
});

test('format detection sees the same first lines as the replay; a log without requests has no first time', async () => {
  const many = Array.from({ length: 60 }, (_, i) => line(i % 60)).join('');
  assert.equal((await peekFirstTime(countedLog([many.slice(0, 500), many.slice(500)]).input)).firstTime, Date.parse('2026-11-23T00:00:00Z'));
  const none = await peekFirstTime(countedLog(['# only\n', '# comments']).input);
  assert.equal(none.firstTime, undefined);
  const read: string[] = [];
  for await (const chunk of none.input.chunks) read.push(chunk);
  assert.deepEqual(read, ['# only\n', '# comments']);
});

test('closing a peeked log ends its reading', async () => {
  const log = countedLog([line(1), line(2)]);
  const peeked = await peekFirstTime(log.input, 'combined');
  await peeked.close();
  assert.ok(log.returned());
});
