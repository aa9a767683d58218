/**
 * Random runs of the built CLI as a process: hostile files (control characters, NUL bytes,
 * invalid UTF-8, long lines) and hostile options. Shared by the seeded run in the suite
 * (test/cli/cli-fuzz.test.ts) and the longer run in `scripts/fuzz-cli.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { runCli } from './cli';
import { sitemapBytes } from './sitemap-shapes';

const DOCUMENTED_EXITS = new Set([0, 1, 2]);
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex

export const hostileText = fc
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

export const fileContent = fc.oneof(
  sitemapBytes,
  hostileLines.map((t) => Buffer.from(`User-agent: *\n${t}\n`)),
  hostileText.map((t) => Buffer.from(t)),
  fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
  fc.tuple(hostileText, fc.uint8Array({ maxLength: 40 })).map(([t, b]) => Buffer.concat([Buffer.from(t), Buffer.from(b)])),
);

const optionValue = fc.oneof(fc.constantFrom('', '-', '--', '-1', '0', '2147483648', 'json', 'text', 'auto', 'x\x1b[31m', '../nope', '/dev/null'), fc.string({ maxLength: 8 }));

/** Command lines whose file arguments are `@a`/`@b`, replaced by the generated files; `dir` is a scratch folder. */
export function commandLine(dir: string): fc.Arbitrary<[readonly string[], [string, string][]]> {
  return fc.oneof(
    fc.tuple(fc.constant(['lint', '@a']), fc.array(fc.tuple(fc.constantFrom('--format', '--json', '-h', '--frob'), optionValue), { maxLength: 2 })),
    fc.tuple(fc.constant(['test', '@a']), fc.array(fc.tuple(fc.constantFrom('--agent', '-a', '--origin', '--json', '/x'), optionValue), { maxLength: 3 })),
    fc.tuple(fc.constant(['test', '@a', '--batch']), fc.constant([] as [string, string][])),
    fc.tuple(fc.constant(['diff', '@a', '@b']), fc.array(fc.tuple(fc.constantFrom('--crawlers', '--log', '--origin', '--json'), optionValue), { maxLength: 2 })),
    fc.tuple(fc.constant(['replay', '@a', '@b']), fc.array(fc.tuple(fc.constantFrom('--format', '--grace', '--json', '--fail-on'), optionValue), { maxLength: 2 })),
    fc.tuple(fc.constant(['sitemaps', '@a', '@b', '--agent', 'Googlebot']), fc.array(fc.tuple(fc.constantFrom('--origin', '--json', '--deadline', '--timeout', '--fail-on-blocked'), optionValue), { maxLength: 2 })),
    fc.tuple(fc.constant(['merge', '@b']), fc.array(fc.tuple(fc.constantFrom('--fail-on', '--summary-json'), optionValue), { maxLength: 1 })),
    fc.tuple(fc.constant(['ranges', '--dir', dir]), fc.array(fc.tuple(fc.constantFrom('--json', '--timeout'), optionValue), { maxLength: 1 })),
  );
}

/** What one run found wrong, or undefined: an undocumented exit, a stack trace, a raw control byte. */
export async function cliFuzzRun(
  dir: string,
  run: number,
  [base, options]: [readonly string[], [string, string][]],
  a: Buffer,
  b: Buffer,
  stdin: string,
): Promise<{ readonly args: readonly string[]; readonly problem: string | undefined }> {
  const fileA = join(dir, `a${run}.txt`);
  const fileB = join(dir, `b${run}.log`);
  writeFileSync(fileA, a);
  writeFileSync(fileB, b);
  const args = [...base.map((arg) => (arg === '@a' ? fileA : arg === '@b' ? fileB : arg)), ...options.flat()];
  const { code, stdout, stderr } = await runCli(args, { stdin: base.includes('--batch') ? stdin : '' });
  const context = `${JSON.stringify(args)}\nstdout: ${JSON.stringify(stdout.slice(0, 400))}\nstderr: ${JSON.stringify(stderr.slice(0, 400))}`;
  let problem: string | undefined;
  if (code === null || !DOCUMENTED_EXITS.has(code)) problem = `exit ${code}`;
  else if (/^\s+at |node:internal|unexpected error/m.test(stderr)) problem = 'a stack trace or an unexpected error';
  else if (RAW_CONTROL.test(stdout)) problem = 'a raw control byte on stdout';
  else if (RAW_CONTROL.test(stderr)) problem = 'a raw control byte on stderr';
  return { args, problem: problem === undefined ? undefined : `${problem}: ${context}` };
}
