import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { runCli } from '../support/cli';

/**
 * A bounded, seeded fuzz run of the CLI as a process: hostile files (control characters,
 * NUL bytes, invalid UTF-8, long lines) and hostile options. Whatever comes in, no stack
 * trace, no raw control byte on a stdout that is not a terminal, and an exit code from the
 * documented set.
 */

const SEED = 20261203;
const RUNS = 16;
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-fuzz-'));
const DOCUMENTED_EXITS = new Set([0, 1, 2]);
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex

const hostileText = fc
  .array(
  fc.oneof(
    fc.constantFrom('User-agent: ', 'Disallow: ', 'Allow: ', 'Sitemap: ', 'Crawl-delay: ', '*', '$', '/', '\n', '\r\n', '\r', '#', '%1B', '%', ' '),
    fc.constantFrom('\x1b[2J', '\x1b]0;t\x07', '\x07', '\x7f', '\u009b', '\u0085', '\x00', '\t', '\ufeff', '``'),
    fc.string({ maxLength: 12 }),
  ),
  { maxLength: 60 },
  )
  .map((pieces) => pieces.join(''));

/** Lines of a robots.txt whose values carry control characters: messages quote values. */
const hostileValue = fc
  .array(fc.oneof(fc.constantFrom('\x1b[2J', '\x07', '\x7f', '\u009b', '\x00', '\r'), fc.constantFrom('/a', 'x', '*', '5', 'Googlebot')), { minLength: 1, maxLength: 5 })
  .map((pieces) => pieces.join(''));
const hostileLines = fc
  .array(fc.tuple(fc.constantFrom('User-agent', 'Disallow', 'Allow', 'Crawl-delay', 'Sitemap', 'Noindex'), hostileValue), { minLength: 1, maxLength: 8 })
  .map((lines) => lines.flatMap(([key, value]) => [`${key}: ${value}`, `${key}: ${value}`]).join('\n'));

const fileContent = fc.oneof(
  hostileLines.map((t) => Buffer.from(`User-agent: *\n${t}\n`)),
  hostileText.map((t) => Buffer.from(t)),
  fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
  fc.tuple(hostileText, fc.uint8Array({ maxLength: 40 })).map(([t, b]) => Buffer.concat([Buffer.from(t), Buffer.from(b)])),
);

const optionValue = fc.oneof(fc.constantFrom('', '-', '--', '-1', '0', '2147483648', 'json', 'text', 'auto', 'x\x1b[31m', '../nope', '/dev/null'), fc.string({ maxLength: 8 }));

/** Command lines whose file arguments are `@a`/`@b`, replaced by the generated files. */
const commandLine = fc.oneof(
  fc.tuple(fc.constant(['lint', '@a']), fc.array(fc.tuple(fc.constantFrom('--format', '--json', '-h', '--frob'), optionValue), { maxLength: 2 })),
  fc.tuple(fc.constant(['test', '@a']), fc.array(fc.tuple(fc.constantFrom('--agent', '-a', '--origin', '--json', '/x'), optionValue), { maxLength: 3 })),
  fc.tuple(fc.constant(['test', '@a', '--batch']), fc.constant([] as [string, string][])),
  fc.tuple(fc.constant(['diff', '@a', '@b']), fc.array(fc.tuple(fc.constantFrom('--crawlers', '--log', '--origin', '--json'), optionValue), { maxLength: 2 })),
  fc.tuple(fc.constant(['replay', '@a', '@b']), fc.array(fc.tuple(fc.constantFrom('--format', '--grace', '--json', '--fail-on'), optionValue), { maxLength: 2 })),
  fc.tuple(fc.constant(['ranges', '--dir', dir]), fc.array(fc.tuple(fc.constantFrom('--json', '--timeout'), optionValue), { maxLength: 1 })),
);

test('CLI fuzz: hostile files and options never leak a stack trace or a control byte', { timeout: 120_000 }, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(commandLine, fileContent, fileContent, hostileText, async ([base, options], a, b, stdin) => {
      run++;
      const fileA = join(dir, `a${run}.txt`);
      const fileB = join(dir, `b${run}.log`);
      writeFileSync(fileA, a);
      writeFileSync(fileB, b);
      const args = [...base.map((arg) => (arg === '@a' ? fileA : arg === '@b' ? fileB : arg)), ...options.flat()];
      const { code, stdout, stderr } = await runCli(args, { stdin: (base as readonly string[]).includes('--batch') ? stdin : '' });
      const context = `${JSON.stringify(args)}\nstdout: ${JSON.stringify(stdout.slice(0, 400))}\nstderr: ${JSON.stringify(stderr.slice(0, 400))}`;
      assert.ok(code !== null && DOCUMENTED_EXITS.has(code), `exit ${code}: ${context}`);
      assert.doesNotMatch(stderr, /^\s+at |node:internal|unexpected error/m, context);
      assert.doesNotMatch(stdout, RAW_CONTROL, context);
      assert.doesNotMatch(stderr, RAW_CONTROL, context);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
});
