/**
 * `robots-lens`: the command-line face of the core. Every subcommand calls the same core
 * as the language server, so the CLI and the editor always give the same answer.
 */

import { runCheck } from './commands/check';
import { runCrawlers } from './commands/crawlers';
import { runDiff } from './commands/diff';
import { runFetch } from './commands/fetch';
import { runLint } from './commands/lint';
import { runRanges } from './commands/ranges';
import { runReplay } from './commands/replay';
import { runTest } from './commands/test';
import { HELP, UsageError } from './usage';
import { InputError } from '../node/files';

type Command = (argv: readonly string[], io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream }) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  lint: runLint,
  test: runTest,
  replay: runReplay,
  ranges: runRanges,
  fetch: runFetch,
  check: runCheck,
  diff: runDiff,
  crawlers: runCrawlers,
};

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`robots-lens: unknown command "${name}". Run robots-lens help.\n`);
    return 2;
  }
  try {
    return await command(rest, { stdin: process.stdin, stdout: process.stdout });
  } catch (error) {
    process.stderr.write(`robots-lens ${name}: ${messageOf(error)}\n`);
    return 2;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof UsageError || error instanceof InputError) return error.message;
  // parseArgs reports unknown options and missing values with a TypeError carrying a code.
  const code = (error as { code?: string } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return (error as Error).message;
  if ((error as { code?: string } | undefined)?.code === 'EPIPE') return 'output closed early.';
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`robots-lens: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
