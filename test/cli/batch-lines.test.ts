import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { QueryLineReader, readAgentUrl } from '../../server/src/cli/commands/batch-lines';
import type { QuerySpan } from '../../server/src/cli/commands/batch-lines';
import type { OverlongLine } from '../../server/src/node/line-reader';

/** Characters that make JSON text interesting: quotes, escapes, controls, DEL, C1, non-ASCII, surrogates, spaces. */
const tricky = fc.constantFrom('"', '\\', '\\"', '\\u0041', '\\n', '\n', '\r', '\t', '\x00', '\x1f', '\x7f', '\u0085', 'é', '日', '😀', '\ud800', ' ', '}', '{', ',', ':', '"url":"');
const value = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.array(fc.oneof(tricky, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((parts) => parts.join('')),
);

/** Lines a producer may write, most of them JSON: the usual shape, other orders and spaces, other keys and types, and hand-written near misses. */
const line = fc.oneof(
  fc.record({ agent: value, url: value }).map((q) => JSON.stringify(q)),
  fc.record({ agent: value, url: value }).map((q) => JSON.stringify({ url: q.url, agent: q.agent })),
  fc.record({ agent: value, url: value }).map((q) => JSON.stringify(q, null, 1).replace(/\n/g, ' ')),
  fc.record({ agent: value, url: value, extra: fc.oneof(value, fc.integer()) }).map((q) => JSON.stringify(q)),
  fc.tuple(value, value).map(([agent, url]) => `{"agent":"${agent}","url":"${url}"}`),
  fc.tuple(fc.jsonValue({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 1 })).map(([agent, url]) => JSON.stringify({ agent, url })),
  fc.string({ maxLength: 40 }),
);

/** What `JSON.parse` says the line asks, or undefined when it is not such a query. */
function parsed(text: string): { agent: string; url: string } | undefined {
  try {
    const value = JSON.parse(text) as { agent?: unknown; url?: unknown } | null;
    return value !== null && typeof value === 'object' && typeof value.agent === 'string' && typeof value.url === 'string' ? { agent: value.agent, url: value.url } : undefined;
  } catch {
    return undefined;
  }
}

/** A span to be filled by `readAgentUrl`. */
function span(): QuerySpan {
  return { agentStart: -1, agentEnd: -1, urlStart: -1, urlEnd: -1, urlAscii: false };
}

/** The agent and URL a span points at, as text: Latin-1 as the batch reads ASCII, UTF-8 for a URL that is not. */
function textOf(bytes: Buffer, at: QuerySpan): { agent: string; url: string } {
  return { agent: bytes.toString('latin1', at.agentStart, at.agentEnd), url: bytes.toString(at.urlAscii ? 'latin1' : 'utf8', at.urlStart, at.urlEnd) };
}

describe('the byte reader of test --batch queries', () => {
  test('reads a line in place only when JSON.parse gives the same agent and URL', () => {
    fc.assert(
      fc.property(line, (text) => {
        const into = span();
        const bytes = Buffer.from(`#${text}\n`);
        if (!readAgentUrl(bytes, 1, bytes.length - 1, into)) return;
        // What the bytes say (a lone surrogate has no UTF-8: it was written as U+FFFD).
        assert.deepEqual(textOf(bytes, into), parsed(bytes.toString('utf8', 1, bytes.length - 1)));
      }),
      { numRuns: 5000 },
    );
  });

  test('takes the usual shape with plain ASCII values in place', () => {
    const plain = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).filter((c) => c !== 0x22 && c !== 0x5c).map((c) => String.fromCharCode(c)), maxLength: 30 });
    fc.assert(
      fc.property(plain, plain, (agent, url) => {
        const into = span();
        const bytes = Buffer.from(JSON.stringify({ agent, url }));
        assert.equal(readAgentUrl(bytes, 0, bytes.length, into), true);
        assert.deepEqual(textOf(bytes, into), { agent, url });
      }),
    );
    const into = span();
    for (const text of ['{"agent":"a\\"b","url":"/"}', '{"agent":"é","url":"/"}', '{"agent":"a","url":"/\x7f"}', '{"agent":"a","url":"/\u0085"}', '{"agent":"a","url":"/"} ', '{ "agent":"a","url":"/"}', '{"url":"/","agent":"a"}', '{"agent":"a","url":"/x\\u0041"}']) {
      assert.equal(readAgentUrl(Buffer.from(text), 0, Buffer.byteLength(text), into), false, text);
    }
  });

  test('takes a URL with non-ASCII characters in place when its bytes are UTF-8 JSON.parse reads alike, and no C1 control', () => {
    for (const url of ['/é', '/größen/x', '/日本', '/😀?q=ü', '/\u00a0\u07ff\u0800\uffff\u{10000}\u{10ffff}']) {
      const into = span();
      const bytes = Buffer.from(JSON.stringify({ agent: 'a', url }));
      assert.equal(readAgentUrl(bytes, 0, bytes.length, into), true, url);
      assert.deepEqual(textOf(bytes, into), { agent: 'a', url });
      assert.equal(into.urlAscii, false);
    }
    const plain = span();
    assert.equal(readAgentUrl(Buffer.from('{"agent":"a","url":"/x"}'), 0, 24, plain), true);
    assert.equal(plain.urlAscii, true);
    // Not UTF-8 (a lone continuation byte, a cut sequence, overlong forms, a surrogate, past
    // U+10FFFF), or a C1 control (U+0080, U+009F): the line is decoded as text instead.
    for (const bad of [[0x80], [0xc3], [0xc3, 0x28], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf0, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0xe2, 0x82], [0xc2, 0x80], [0xc2, 0x9f]]) {
      const bytes = Buffer.concat([Buffer.from('{"agent":"a","url":"/'), Buffer.from(bad), Buffer.from('"}')]);
      assert.equal(readAgentUrl(bytes, 0, bytes.length, span()), false, Buffer.from(bad).toString('hex'));
    }
  });

  test('hands on every line as JSON.parse reads it or as its text, however the input is cut into chunks of one reused buffer', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.boolean(), fc.boolean(), fc.array(fc.nat(), { maxLength: 6 }), (lines, crlf, endsWithNewline, cuts) => {
        const input = Buffer.from(lines.length === 0 ? '' : lines.map((l) => l.replace(/[\r\n]/g, ' ')).join(crlf ? '\r\n' : '\n') + (endsWithNewline ? '\n' : ''));
        const got: Array<string | { agent: string; url: string } | OverlongLine> = [];
        const reader = new QueryLineReader(1_000_000, { query: (bytes, at) => got.push(textOf(bytes, at)), other: (l) => got.push(l) });
        const at = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
        // Every piece comes in one buffer, filled again after each push as stdin is read:
        // what the reader carries to the next piece, it must have copied.
        const shared = Buffer.alloc(input.length);
        let from = 0;
        for (const cut of [...at, input.length]) {
          const length = input.copy(shared, 0, from, cut);
          reader.push(shared.subarray(0, length));
          shared.fill('{"agent":"x"}\n');
          from = cut;
        }
        reader.end();
        // The text the bytes say (a lone surrogate has no UTF-8: it was written as U+FFFD).
        const want = lines.map((l) => Buffer.from(l.replace(/[\r\n]/g, ' ')).toString());
        // A byte order mark before the first line is not part of it.
        if (want.length > 0 && want[0]!.startsWith('\ufeff')) want[0] = want[0]!.slice(1);
        // The last line is only there if it has text or a newline ends it.
        if (!endsWithNewline && want.length > 0 && want[want.length - 1] === '') want.pop();
        assert.equal(got.length, want.length);
        for (let i = 0; i < want.length; i++) {
          const g = got[i]!;
          if (typeof g === 'string') assert.equal(g, want[i]);
          else assert.deepEqual(g, parsed(want[i]!), want[i]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('a UTF-8 byte order mark before the first line is skipped, even cut across chunks; one later is text', () => {
    const BOM = '\ufeff';
    for (const cut of [1, 2, 3, 5]) {
      const got: Array<string | { agent: string; url: string } | OverlongLine> = [];
      const reader = new QueryLineReader(1_000, { query: (bytes, at) => got.push(textOf(bytes, at)), other: (l) => got.push(l) });
      const input = Buffer.from(`${BOM}{"agent":"a","url":"/x"}\n${BOM}{"agent":"b","url":"/y"}\n`);
      reader.push(input.subarray(0, cut));
      reader.push(input.subarray(cut));
      reader.end();
      assert.deepEqual(got, [{ agent: 'a', url: '/x' }, `${BOM}{"agent":"b","url":"/y"}`], `cut at ${cut}`);
    }
  });

  test('an overlong line is one OverlongLine, even endless across chunks, and the next line comes through', () => {
    const got: Array<string | { agent: string; url: string } | OverlongLine> = [];
    const reader = new QueryLineReader(100, { query: (bytes, at) => got.push(textOf(bytes, at)), other: (l) => got.push(l) });
    reader.push(Buffer.from(`{"agent":"a","url":"/${'x'.repeat(100)}"}\n`));
    for (let i = 0; i < 50; i++) reader.push(Buffer.from('y'.repeat(1000)));
    reader.push(Buffer.from('\n{"agent":"b","url":"/ok"}\n' + 'é'.repeat(101) + '\n' + 'é'.repeat(100)));
    reader.end();
    assert.equal(got.length, 5);
    assert.ok(typeof got[0] === 'object' && 'overlong' in got[0]);
    assert.ok(typeof got[1] === 'object' && 'overlong' in got[1]);
    assert.deepEqual(got[2], { agent: 'b', url: '/ok' });
    assert.ok(typeof got[3] === 'object' && 'overlong' in got[3], 'characters, not bytes, count');
    assert.equal(got[4], 'é'.repeat(100));
  });
});
