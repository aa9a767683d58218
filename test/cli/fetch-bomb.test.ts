import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { CLI, ROOT, requireBuilt } from '../support/dist';
import { outputOf } from '../support/cli';
import type { CliResult } from '../support/cli';

/** 256 MiB of zeros, Brotli-compressed to about half a kilobyte: a bomb. */
const BOMB_BYTES = 256 * 1024 * 1024;

let server: http.Server;
let origin: string;
let bombSize = 0;

before(async () => {
  const bomb = await brotliZeros(BOMB_BYTES);
  bombSize = bomb.length;
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'br', 'content-length': bomb.length });
    res.end(bomb);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('fetch of a Brotli bomb stops inflating at the byte limit and the process ends with its answer', async () => {
  assert.ok(bombSize < 4096, `the bomb is ${bombSize} bytes`);
  const { code, stdout, stderr } = await runCountingCli(['fetch', origin, '--json', '--max-bytes', '100000']);
  assert.equal(code, 0, stderr);
  const report = JSON.parse(stdout) as { bytes: number; warnings: Array<{ code: string }> };
  assert.equal(report.bytes, 100_000);
  assert.ok(report.warnings.some((w) => w.code === 'truncated' || w.code === 'size-limit'), JSON.stringify(report.warnings));
  const inflated = Number(/inflated-bytes=(\d+)/.exec(stderr)?.[1]);
  // The decompressor may finish the chunk in hand (zlib works in 16 KiB to 64 KiB pieces),
  // but never goes on through the bomb after the answer.
  assert.ok(inflated >= 100_000 && inflated < 4 * 1024 * 1024, `inflated ${inflated} bytes of a ${BOMB_BYTES}-byte bomb`);
});

function runCountingCli(args: readonly string[]): Promise<CliResult> {
  const preload = join(ROOT, 'test', 'support', 'count-inflated.mjs');
  return outputOf(spawn(process.execPath, ['--import', pathToFileURL(preload).href, requireBuilt(CLI), ...args], { stdio: ['ignore', 'pipe', 'pipe'] }));
}

async function brotliZeros(size: number): Promise<Buffer> {
  const compress = zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const parts: Buffer[] = [];
  compress.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise((resolve) => compress.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!compress.write(zeros)) await new Promise((resolve) => compress.once('drain', resolve));
  }
  compress.end();
  await ended;
  return Buffer.concat(parts);
}
