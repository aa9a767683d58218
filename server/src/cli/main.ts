/**
 * `robots-lens`: the command-line face of the core. Every subcommand calls the same core
 * as the language server, so the CLI and the editor always give the same answer.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeLine, Output } from './output';
import type { Piece } from './output';
import { commandHelp, COMMAND_HELP, overview, usageLine, UsageError } from './usage';
import { exitForWriteFailure, watchWriteFailures, writeFailed } from './write-failure';
import { InputError } from '../node/files';
import type { CommandInput } from '../node/input-chunks';

type Command = (argv: readonly string[], io: CommandInput & { stdout: NodeJS.WritableStream }) => Promise<number>;

/**
 * Each command's module is loaded when it runs: the bundle then evaluates only the modules
 * of the command asked for (`test` never loads the HTTP, DNS and sitemap readers it does
 * not use), which is a tenth of a short run.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  lint: async () => (await import('./commands/lint')).runLint,
  test: async () => (await import('./commands/test')).runTest,
  replay: async () => (await import('./commands/replay')).runReplay,
  'replay-scan': async () => (await import('./commands/replay-scan')).runReplayScan,
  merge: async () => (await import('./commands/merge')).runMerge,
  ranges: async () => (await import('./commands/ranges')).runRanges,
  fetch: async () => (await import('./commands/fetch')).runFetch,
  check: async () => (await import('./commands/check')).runCheck,
  diff: async () => (await import('./commands/diff')).runDiff,
  sitemaps: async () => (await import('./commands/sitemaps')).runSitemaps,
  crawlers: async () => (await import('./commands/crawlers')).runCrawlers,
};

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  watchWriteFailures(name ?? 'help');
  if (name === undefined) {
    await print(overview(), process.stderr);
    return 2;
  }
  if (name === '--version' || name === '-V') return print([[`robots-lens ${version()}`]]);
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = rest[0];
    if (topic === undefined) return print(overview());
    if (!COMMAND_HELP[topic]) return unknownCommand(topic);
    return print(commandHelp(topic));
  }
  const load = COMMANDS[name];
  if (!load) return unknownCommand(name);
  if (asksForHelp(rest)) return print(commandHelp(name));
  try {
    const command = await load();
    // process.stdin is made only when a command reads it as a stream: `test --batch` reads
    // a file on descriptor 0 itself (node/input-chunks.ts).
    return await command(rest, { get stdin() { return process.stdin; }, stdinFd: 0, stdout: process.stdout });
  } catch (error) {
    if (writeFailed()) return exitForWriteFailure(name);
    process.stderr.write(`robots-lens ${name}: ${escapeLine(messageOf(error, name))}\n`);
    return 2;
  }
}

/** `--help` or `-h` anywhere before a `--` that ends the options. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

async function print(lines: readonly (readonly Piece[])[], stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Promise<number> {
  const out = new Output(stream);
  for (const line of lines) await out.line(...line);
  await out.flush().catch(() => undefined);
  return writeFailed() ? exitForWriteFailure('help') : 0;
}

function unknownCommand(name: string): number {
  process.stderr.write(`robots-lens: unknown command "${escapeLine(name)}". Commands: ${Object.keys(COMMAND_HELP).join(', ')}; run robots-lens help.\n`);
  return 2;
}

function messageOf(error: unknown, command: string): string {
  if (error instanceof UsageError || error instanceof InputError) return error.message;
  const code = (error as { code?: string } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return `${parseArgsMessage(code, (error as Error).message)} Usage: ${usageLine(command)}`;
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * parseArgs explains itself in a paragraph aimed at programmers (with an unbalanced quote);
 * the user needs the option it is about and what was wrong with it.
 */
function parseArgsMessage(code: string, message: string): string {
  const option = /'([^']*)'/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = option.replace(/^-\w, /, '').split(' ')[0]!;
      return /does not take an argument/.test(message) ? `option ${name} takes no value.` : `option ${name} needs a value.`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${option}.`;
    default:
      return message.split('.')[0] + '.';
  }
}

/** The version in the package.json next to the bundle (dist/cli.js → package.json). */
function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`robots-lens: unexpected error: ${escapeLine(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = 2;
  },
);
