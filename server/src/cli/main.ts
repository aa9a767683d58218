/**
 * `robots-lens`: the command-line face of the core. Every subcommand calls the same core
 * as the language server, so the CLI and the editor always give the same answer. Which
 * commands there are, what they take and what they exit with is the command table's.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from './command-table';
import { ExitCode } from './exit-code';
import { Output, reportError } from './output';
import type { Piece } from './output';
import { messageOf } from './error-message';
import { commandHelp, COMMAND_HELP, overview } from './usage';
import { exitForWriteFailure, watchWriteFailures, writeFailed } from './write-failure';

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  watchWriteFailures(name ?? 'help');
  if (name === undefined) {
    await print(overview(), process.stderr);
    return ExitCode.Failure;
  }
  if (name === '--version' || name === '-V') return print([[`robots-lens ${version()}`]]);
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = rest[0];
    if (topic === undefined) return print(overview());
    if (!COMMAND_HELP[topic]) return unknownCommand(topic);
    return print(commandHelp(topic));
  }
  const command = COMMANDS[name];
  if (!command) return unknownCommand(name);
  if (asksForHelp(rest)) return print(commandHelp(name));
  // `robots-lens test --version` is asked as often as `robots-lens --version`: the same answer,
  // unless the command has a --version of its own (replay's robots.txt versions).
  const ownVersion = command.spec.options.some((o) => o.name === 'version');
  if (!ownVersion && beforeOptionsEnd(rest).includes('--version')) return print([[`robots-lens ${version()}`]]);
  try {
    // process.stdin is made only when a command reads it as a stream: `test --batch` reads
    // a file on descriptor 0 itself (node/input-chunks.ts).
    return await command.run(rest, { get stdin() { return process.stdin; }, stdinFd: 0, stdout: process.stdout });
  } catch (error) {
    if (writeFailed()) return exitForWriteFailure(name);
    reportError(name, messageOf(error, name));
    return ExitCode.Failure;
  }
}

/** `--help` or `-h` anywhere before a `--` that ends the options. */
function asksForHelp(args: readonly string[]): boolean {
  return beforeOptionsEnd(args).some((a) => a === '--help' || a === '-h');
}

/** The arguments before a `--` that ends the options. */
function beforeOptionsEnd(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
}

async function print(lines: readonly (readonly Piece[])[], stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Promise<number> {
  const out = new Output(stream);
  for (const line of lines) await out.line(...line);
  await out.flush().catch(() => undefined);
  return writeFailed() ? exitForWriteFailure('help') : ExitCode.Success;
}

function unknownCommand(name: string): number {
  reportError(undefined, `unknown command "${name}". Commands: ${Object.keys(COMMAND_HELP).join(', ')}; run robots-lens help.`);
  return ExitCode.Failure;
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
    reportError(undefined, `unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = ExitCode.Failure;
  },
);
