/**
 * Help made from the command table: `robots-lens help`, `<command> --help` and the usage
 * line a usage error ends with. Nothing here is written by hand per command.
 */

import { COMMAND_SPECS } from './command-table';
import { COMMON_EXIT_CODES } from './exit-code';
import type { ExitCode } from './exit-code';
import { styled } from './output';
import type { Piece } from './output';
import { optionLabel, optionMeaning } from './spec';
import type { CommandSpec } from './spec';

/** Every command's spec by name, `help` included. */
export const COMMAND_HELP: Readonly<Record<string, CommandSpec>> = COMMAND_SPECS;

/** `robots-lens <command> <usage>`: the line a usage error ends with. */
export function usageLine(command: string): string {
  const spec = COMMAND_HELP[command];
  return spec ? `robots-lens ${spec.usage}` : 'robots-lens <command> [options]';
}

/** The full help of one command, as lines of pieces (headings styled). */
export function commandHelp(command: string): Piece[][] {
  const spec = COMMAND_HELP[command]!;
  const out: Piece[][] = [[styled('heading', 'Usage:'), ` robots-lens ${spec.usage}`], [], [spec.summary], []];
  if (spec.options.length > 0) {
    out.push([styled('heading', 'Options:')]);
    const rows = spec.options.map((o) => [optionLabel(o), optionMeaning(o)] as const);
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, meaning] of rows) out.push([`  ${label.padEnd(width)}  ${meaning}`]);
    out.push([]);
  }
  if (spec.limits !== undefined) out.push([styled('heading', 'Limits:')], ...spec.limits.map((l) => [`  ${l}`]), []);
  out.push([styled('heading', 'Examples:')], ...spec.examples.map((e) => [`  ${e}`]), []);
  out.push([styled('heading', 'Exit codes:')], ...exitCodes(spec).map(([code, meaning]) => [`  ${String(code).padStart(3)}  ${meaning}`]));
  return out;
}

/** The exit codes a command can give: the common ones and its own, in order. */
export function exitCodes(spec: CommandSpec): (readonly [ExitCode, string])[] {
  return [...COMMON_EXIT_CODES, ...spec.exitCodes].sort((a, b) => a[0] - b[0]);
}

/** `robots-lens help`: every command's usage line. */
export function overview(): Piece[][] {
  return [
    ['robots-lens — what your robots.txt really means'],
    [],
    [styled('heading', 'Usage:')],
    ...Object.values(COMMAND_HELP).map((spec) => [`  robots-lens ${spec.usage}`]),
    ['  robots-lens --version'],
    [],
    ["Run robots-lens <command> --help for a command's options, examples and exit codes."],
    [styled('heading', 'Exit codes:'), " 0 success; 1 the command's own finding (see its help); 2 usage or input error; 141 closed pipe."],
  ];
}
