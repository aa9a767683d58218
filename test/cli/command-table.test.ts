import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LOG_FORMATS } from '@robots-lens/replay/logs';
import { BATCH_FIELDS } from '../../server/src/cli/commands/batch-fields';
import { BATCH_FIELD_NAMES } from '../../server/src/cli/commands/test-batch';
import { COMMANDS } from '../../server/src/cli/command-table';
import { COMMON_EXIT_CODES } from '../../server/src/cli/exit-code';
import { LOG_FORMAT_CHOICES } from '../../server/src/cli/options';
import { parseCommand, parserOptions } from '../../server/src/cli/spec';
import { runCli } from '../support/cli';

const CLI_SOURCE = join(__dirname, '..', '..', 'server', 'src', 'cli');

/** The lines of one section of a command's help, `Options:` up to the next blank line. */
function section(help: string, heading: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

/** Every `--name` and `-x` in the option column of the help's Options section. */
function optionsInHelp(help: string): string[] {
  return section(help, 'Options:').flatMap((row) => {
    const label = row.trim().split(/ {2,}/)[0]!;
    return [...label.matchAll(/(?:^|, )(--?[\w-]+)/g)].map((m) => m[1]!);
  });
}

/** What the command's parser takes: every long name, and the short ones. */
function optionsParsed(name: string): string[] {
  const config = parserOptions(COMMANDS[name]!.spec.options);
  return Object.entries(config).flatMap(([long, o]) => [`--${long}`, ...(o.short !== undefined ? [`-${o.short}`] : [])]);
}

describe('the command table: --help, the parser and the exit codes say the same', () => {
  for (const name of Object.keys(COMMANDS)) {
    test(`${name} --help lists exactly the options its parser takes, and its exit codes`, async () => {
      const { code, stdout } = await runCli([name, '--help']);
      assert.equal(code, 0);
      assert.deepEqual(optionsInHelp(stdout).sort(), optionsParsed(name).sort());
      const codes = section(stdout, 'Exit codes:').map((row) => Number(row.trim().split(' ')[0]));
      const expected = [...COMMON_EXIT_CODES, ...COMMANDS[name]!.spec.exitCodes].map(([c]) => c).sort((a, b) => a - b);
      assert.deepEqual(codes, expected);
    });

    test(`${name} parses each option of its spec, and refuses one it lacks`, () => {
      const spec = COMMANDS[name]!.spec;
      for (const option of spec.options) {
        const args = option.type === 'string' ? [`--${option.name}`, 'x'] : [`--${option.name}`];
        const { values } = parseCommand(spec, args) as { values: Record<string, unknown> };
        assert.deepEqual(values[option.name], option.multiple ? ['x'] : option.type === 'string' ? 'x' : true);
      }
      assert.throws(() => parseCommand(spec, ['--no-such-option']), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    });
  }

  test('the log formats the help lists are those the core reads', () => {
    assert.deepEqual(LOG_FORMAT_CHOICES.split('|'), ['auto', ...LOG_FORMATS]);
  });

  test('the --fields the help lists are those test --batch writes', () => {
    assert.deepEqual([...BATCH_FIELDS], BATCH_FIELD_NAMES);
  });
});

describe('the CLI sources keep to the table and the one reporter', () => {
  const files = readdirSync(CLI_SOURCE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const source = (file: string): string => readFileSync(join(CLI_SOURCE, file), 'utf8');

  test('only spec.ts calls parseArgs: every command parses by its spec', () => {
    assert.deepEqual(files.filter((f) => f !== 'spec.ts' && /\bparseArgs\(/.test(source(f))), []);
  });

  test('only output.ts writes to stderr', () => {
    assert.deepEqual(files.filter((f) => f !== 'output.ts' && /process\.stderr\.write\(/.test(source(f))), []);
  });

  test('the table and the specs import no command module, which is loaded only when its command runs', () => {
    const eager = ['command-table.ts', 'usage.ts', 'main.ts', 'options.ts', 'spec.ts', ...files.filter((f) => f.startsWith('specs'))];
    for (const file of eager) {
      const imports = [...source(file).matchAll(/^import (?!type ).*from '([^']+)';$/gm)].map((m) => m[1]!);
      assert.deepEqual(imports.filter((i) => /commands\/(?!batch-fields$)/.test(i)), [], file);
    }
  });
});
