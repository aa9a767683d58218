import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { replayLogs } from '@robots-lens/replay';
import type { LogInput, ReplayOptions } from '@robots-lens/replay';
import { chunked } from '../support/chunks';
import { clf } from '../support/clf-time';

const T0 = Date.parse('2026-11-23T00:00:00Z');
const MINUTE = 60_000;
const OPTIONS: ReplayOptions = { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: parseRobots('User-agent: *\nDisallow: /private/\n') }], limits: { samples: 3 } };


const request = (time: number, path = '/'): string => `66.249.66.1 - - [${clf(time)}] "GET ${path} HTTP/1.1" 200 10 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"`;

/** A file whose every other request comes 30 minutes late, with an unparsed line after each. */
function shuffledLog(offsetMinutes: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < 15; i++) {
    lines.push(request(T0 + (offsetMinutes + 40 + i * 2) * MINUTE));
    lines.push(request(T0 + (offsetMinutes + i) * MINUTE, '/private/x'));
    lines.push(`not a log line ${i}`);
  }
  return lines;
}

const input = (name: string, lines: readonly string[], cut: number): LogInput => ({ name, chunks: chunked(lines.join('\n') + '\n', Array.from({ length: 60 }, (_, i) => (i + 1) * cut)) });

describe('replay: samples', () => {
  test('late and unparsed lines are sampled by (time, file, line), whatever order files are given and read in', async () => {
    const a = shuffledLog(0);
    const b = shuffledLog(7);
    const one = await replayLogs([input('a.log', a, 500), input('b.log', b, 700)], OPTIONS);
    const other = await replayLogs([input('b.log', b, 90), input('a.log', a, 3000)], OPTIONS);
    assert.equal(one.order.late, 30);
    assert.equal(one.order.samples.length, 20);
    assert.deepEqual(other.order.samples, one.order.samples);
    const keys = one.order.samples.map((s) => `${s.time} ${s.file} ${String(s.line).padStart(3)}`);
    assert.deepEqual(keys, [...keys].sort());
    // The earliest late lines of both files, interleaved by time.
    assert.deepEqual(one.order.samples.slice(0, 3).map((s) => [s.file, s.line]), [['a.log', 2], ['a.log', 5], ['a.log', 8]]);
    // Unparsed lines have no time: by file, then line.
    assert.deepEqual(other.parseFailures.samples, one.parseFailures.samples);
    assert.deepEqual(one.parseFailures.samples.map((s) => [s.file, s.line]), [['a.log', 3], ['a.log', 6], ['a.log', 9]]);
  });
});
