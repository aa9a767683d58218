import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { wantsColour } from '../../server/src/cli/output';
import { COMMAND_HELP } from '../../server/src/cli/usage';
import { runCli } from '../support/cli';
import { scratchDir } from '../support/scratch';

const scratch = scratchDir('robots-lens-conventions-');
const robots = scratch.file('robots.txt', 'User-agent: *\nDisallow: /private/\n');
const clean = scratch.file('clean.txt', 'User-agent: *\nDisallow: /shop/\n');
const broken = scratch.file('broken.txt', 'Disallow: /orphan\nUser-agent: *\nDisallow: /x\nDisallow: /x\nCrawl-delay: soon\n');
const ESC = '\x1b';

describe('robots-lens help', () => {
  for (const command of Object.keys(COMMAND_HELP).filter((c) => c !== 'help')) {
    for (const ask of [[command, '--help'], [command, '-h'], ['help', command]]) {
      test(`${ask.join(' ')}: usage, options, examples and exit codes, exit 0`, async () => {
        const { code, stdout, stderr } = await runCli(ask);
        assert.equal(code, 0, stderr);
        assert.ok(stdout.startsWith(`Usage: robots-lens ${command} `), stdout);
        assert.match(stdout, /^Examples:\n {2}robots-lens /m);
        assert.match(stdout, /^Exit codes:\n(?: {2}.*\n)*? {4}0 {2}success\n/m);
        assert.match(stdout, /^ {4}2 {2}usage error/m);
        if (COMMAND_HELP[command]!.options.length > 0) assert.match(stdout, /^Options:\n {2}-/m);
        assert.equal(stdout.includes(ESC), false, 'no colour when piped');
      });
    }
  }

  test('--help after other arguments still asks for help, not a run', async () => {
    const { code, stdout } = await runCli(['lint', 'missing-file.txt', '--help']);
    assert.equal(code, 0);
    assert.ok(stdout.startsWith('Usage: robots-lens lint '));
  });

  test('help of an unknown command is a usage error naming the commands', async () => {
    const { code, stderr } = await runCli(['help', 'frobnicate']);
    assert.equal(code, 2);
    assert.match(stderr, /unknown command "frobnicate"\. Commands: test, lint, fetch/);
  });

  test('fetch documents that no answer exits 1', async () => {
    const { stdout } = await runCli(['fetch', '--help']);
    assert.match(stdout, /^ {4}1 {2}no complete answer: the host did not resolve/m);
  });

  for (const flag of ['--version', '-V']) {
    test(`${flag} prints the version of package.json`, async () => {
      const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      const { code, stdout } = await runCli([flag]);
      assert.equal(code, 0);
      assert.equal(stdout, `robots-lens ${version}\n`);
    });
  }
});

describe('parse errors: one line naming the option and the usage', () => {
  const rows: [string[], RegExp][] = [
    [['lint', '--frob', robots], /^robots-lens lint: unknown option --frob\. Usage: robots-lens lint <robots\.txt>\.\.\. \[--json\] \[--format text\|json\|sarif\]\n$/],
    [['lint', robots, '--format'], /^robots-lens lint: option --format needs a value\. Usage: robots-lens lint /],
    [['test', robots, '/a', '-a'], /^robots-lens test: option --agent needs a value\. Usage: robots-lens test /],
    [['test', robots, '--json=yes', '--agent', 'x', '/a'], /^robots-lens test: option --json takes no value\. Usage: robots-lens test /],
    [['diff', robots, '--help-me'], /^robots-lens diff: unknown option --help-me\. Usage: robots-lens diff </],
  ];
  for (const [args, message] of rows) {
    test(args.join(' '), async () => {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 2);
      assert.match(stderr, message);
      assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
      assert.doesNotMatch(stderr, /To specify a positional argument/);
    });
  }
});

describe('colour', () => {
  test('decision: NO_COLOR wins, FORCE_COLOR forces, else a terminal that is not dumb', () => {
    assert.equal(wantsColour({ isTTY: true }, {}), true);
    assert.equal(wantsColour({ isTTY: false }, {}), false);
    assert.equal(wantsColour({}, {}), false);
    assert.equal(wantsColour({ isTTY: true }, { TERM: 'dumb' }), false);
    assert.equal(wantsColour({ isTTY: true }, { NO_COLOR: '1' }), false);
    assert.equal(wantsColour({ isTTY: true }, { NO_COLOR: '' }), true);
    assert.equal(wantsColour({ isTTY: false }, { FORCE_COLOR: '1' }), true);
    assert.equal(wantsColour({ isTTY: true }, { FORCE_COLOR: '0' }), false);
    assert.equal(wantsColour({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' }), false);
  });

  // The colour codes are what is asserted here.
  /* eslint-disable no-control-regex */
  test('FORCE_COLOR colours lint severities and test verdicts; piped output has none', async () => {
    const lint = await runCli(['lint', broken], { env: { FORCE_COLOR: '1' } });
    assert.match(lint.stdout, /:1:1 \x1b\[31merror\x1b\[39m rule-outside-group /);
    assert.match(lint.stdout, /:4:1 \x1b\[33mwarning\x1b\[39m shadowed-rule /);
    const verdicts = await runCli(['test', robots, '--agent', 'x', '/private/a', '/open'], { env: { FORCE_COLOR: '1' } });
    assert.match(verdicts.stdout, /^\x1b\[31mdisallowed\x1b\[39m {2}\/private\/a /m);
    assert.match(verdicts.stdout, /^\x1b\[32mallowed\x1b\[39m {5}\/open /m);
    const help = await runCli(['help', 'test'], { env: { FORCE_COLOR: '1' } });
    assert.ok(help.stdout.startsWith('\x1b[1mUsage:\x1b[22m robots-lens test '));
    for (const plain of [await runCli(['lint', broken]), await runCli(['test', robots, '--agent', 'x', '/a'])]) {
      assert.equal(plain.stdout.includes(ESC), false, plain.stdout);
    }
  });
  /* eslint-enable no-control-regex */

  test('NO_COLOR wins over FORCE_COLOR', async () => {
    const { stdout } = await runCli(['lint', broken], { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    assert.equal(stdout.includes(ESC), false, stdout);
  });
});

describe('lint summary line', () => {
  test('errors, warnings and notes counted over the files with problems', async () => {
    const other = scratch.file('other.txt', 'User-agent: *\nDisallow: /a\nDisallow: /a\n');
    const { code, stdout } = await runCli(['lint', broken, other, clean]);
    assert.equal(code, 1);
    const lines = stdout.trimEnd().split('\n');
    const count = (severity: string): number => lines.filter((l) => l.includes(` ${severity} `)).length;
    const notes = count('information') + count('hint');
    const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
    const expected = [plural(count('error'), 'error'), plural(count('warning'), 'warning'), ...(notes > 0 ? [plural(notes, 'note')] : [])].join(', ');
    assert.ok(count('error') > 0 && count('warning') > 0);
    assert.equal(lines.at(-1), `${expected} in 2 files`);
    assert.ok(count('error') >= 2 && count('warning') >= 2, stdout);
  });

  test('one kind of problem is counted alone', async () => {
    const { stdout } = await runCli(['lint', robots]);
    assert.equal(stdout.trimEnd().split('\n').at(-1), '1 note in 1 file');
  });

  test('"no problems" when there are none', async () => {
    const { code, stdout } = await runCli(['lint', clean]);
    assert.equal(code, 0);
    assert.equal(stdout, 'no problems\n');
  });

  test('json and sarif stay pure JSON', async () => {
    for (const format of ['json', 'sarif']) {
      const { stdout } = await runCli(['lint', '--format', format, broken]);
      assert.doesNotThrow(() => JSON.parse(stdout));
    }
  });
});
