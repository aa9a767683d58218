import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { lineBatches } from '../../server/src/node/line-reader';
import type { OverlongLine } from '../../server/src/node/line-reader';

/** Every line `lineBatches` gives for these chunks of bytes, in order. */
async function linesOf(chunks: readonly number[][], maxLineLength = 1000): Promise<Array<string | OverlongLine>> {
  const lines: Array<string | OverlongLine> = [];
  for await (const batch of lineBatches(Readable.from(chunks.map((c) => Buffer.from(c))), maxLineLength)) lines.push(...batch);
  return lines;
}

const bytes = (text: string): number[] => [...Buffer.from(text)];
const TSU = [0xe3, 0x83, 0x84]; // ツ
const PILE = [0xf0, 0x9f, 0x92, 0xa9]; // U+1F4A9, two UTF-16 code units

describe('lineBatches', () => {
  test('a UTF-8 character cut between chunks at any byte is read whole', async () => {
    for (const char of [TSU, PILE, [0xc3, 0xa9]]) {
      const line = [...bytes('/a'), ...char, ...bytes('b\n')];
      for (let cut = 1; cut < line.length; cut++) {
        const lines = await linesOf([line.slice(0, cut), line.slice(cut)]);
        assert.deepEqual(lines, [`/a${Buffer.from(char).toString('utf8')}b`], `cut at ${cut}`);
      }
    }
  });

  test('a byte that is not UTF-8 is kept as its surrogate escape, U+DC00 plus the byte, in any chunk', async () => {
    const table: Array<[string, number[][], string[]]> = [
      ['a stray Latin-1 byte', [[...bytes('/caf'), 0xe9, 10]], ['/caf\udce9']],
      ['a lone continuation byte', [[0x2f, 0x80, 0x2f, 10]], ['/\udc80/']],
      ['an overlong form', [[0x2f, 0xc0, 0xaf, 10]], ['/\udcc0\udcaf']],
      ['a surrogate in UTF-8', [[0x2f, 0xed, 0xa0, 0x80, 10]], ['/\udced\udca0\udc80']],
      ['a lead byte at a chunk end, then ASCII', [[0x2f, 0xe3], [0x41, 10]], ['/\udce3A']],
      ['a sequence cut short by the end of the input', [[...bytes('/end'), 0xe3, 0x83]], ['/end\udce3\udc83']],
      ['valid and invalid lines in one chunk', [[...bytes('/ok\n/'), 0xff, ...bytes('\n/'), ...TSU, 10]], ['/ok', '/\udcff', '/ツ']],
    ];
    for (const [name, chunks, expected] of table) assert.deepEqual(await linesOf(chunks), expected, name);
  });

  test('CRLF ends a line, and a line past the bound is only counted', async () => {
    assert.deepEqual(await linesOf([bytes('/a\r\n/bb\r'), bytes('\n'), bytes('x'.repeat(12) + '\n/c')], 10), ['/a', '/bb', { overlong: 12 }, '/c']);
  });
});
