import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { cliFuzzRun, commandLine, fileContent, hostileText } from '../support/cli-fuzz';

/**
 * A bounded, seeded fuzz run of the CLI as a process: hostile files (control characters,
 * NUL bytes, invalid UTF-8, long lines) and hostile options. Whatever comes in, no stack
 * trace, no raw control byte on a stdout that is not a terminal, and an exit code from the
 * documented set. `scripts/fuzz-cli.ts` runs the same cases for longer.
 */

const SEED = 20261203;
const RUNS = 16;
const dir = mkdtempSync(join(tmpdir(), 'robots-lens-fuzz-'));

test('CLI fuzz: hostile files and options never leak a stack trace or a control byte', { timeout: 120_000 }, async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(commandLine(dir), fileContent, fileContent, hostileText, async (line, a, b, stdin) => {
      const { problem } = await cliFuzzRun(dir, ++run, line, a, b, stdin);
      assert.equal(problem, undefined);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
});
