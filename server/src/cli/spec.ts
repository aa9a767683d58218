/**
 * A command as data: its options (what `parseArgs` takes and what `--help` says of each),
 * its exit codes and examples. Dispatch, parsing, `--help` and usage errors are all made
 * from one spec per command (command-table.ts), so they cannot drift apart.
 */

import { parseArgs } from 'node:util';
import type { CommandInput } from '../node/input-chunks';
import type { ExitCode } from './exit-code';

export interface OptionSpec {
  /** The long name, without `--`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly multiple?: true;
  /** What `parseArgs` gives when the option is absent; `--help` shows a string default. */
  readonly default?: string | boolean;
  /** The value's placeholder in `--help` (`<ms>`); none for a flag. */
  readonly value?: string;
  readonly help: string;
}

export interface CommandSpec<O extends readonly OptionSpec[] = readonly OptionSpec[]> {
  /** Arguments and options after `robots-lens <command>`, on one line. */
  readonly usage: string;
  /** What the command does, one sentence. */
  readonly summary: string;
  readonly options: O;
  readonly examples: readonly string[];
  /** The limits the command keeps whatever its input, one sentence each (shown in --help). */
  readonly limits?: readonly string[];
  /** The exit codes this command adds to the common ones (0, 2, 141). */
  readonly exitCodes: readonly (readonly [code: ExitCode, meaning: string])[];
}

/** Keeps each option's literal name and type, from which `Args` types the parsed values. */
export function commandSpec<const O extends readonly OptionSpec[]>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

type One<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : string;
type Value<S extends OptionSpec> = S extends { readonly multiple: true } ? One<S>[] : One<S>;

/** The values `parseArgs` gives for these options: those with a default are always there. */
export type Values<O extends readonly OptionSpec[]> = {
  -readonly [S in O[number] as S['name']]: S extends { readonly default: string | boolean } ? Value<S> : Value<S> | undefined;
};

/** What a command runs on: its options' values and its other arguments. */
export interface Args<O extends readonly OptionSpec[]> {
  readonly values: Values<O>;
  readonly positionals: readonly string[];
}

/** What a command reads and writes: stdin (as a stream, or its descriptor) and stdout. */
export type CommandIo = CommandInput & { readonly stdout: NodeJS.WritableStream };

/** A command's run, given what its spec parsed; resolves to its exit code. */
export type CommandRun<O extends readonly OptionSpec[]> = (args: Args<O>, io: CommandIo) => Promise<number>;

/** The `parseArgs` options of a spec: only what the parser reads, from the one table. */
export function parserOptions(options: readonly OptionSpec[]): Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: string | boolean }> {
  const config: ReturnType<typeof parserOptions> = {};
  for (const o of options) {
    config[o.name] = {
      type: o.type,
      ...(o.short !== undefined ? { short: o.short } : {}),
      ...(o.multiple ? { multiple: true } : {}),
      ...(o.default !== undefined ? { default: o.default } : {}),
    };
  }
  return config;
}

/** Parses a command's arguments strictly against its spec (an unknown option is a parse error). */
export function parseCommand<O extends readonly OptionSpec[]>(spec: CommandSpec<O>, argv: readonly string[]): Args<O> {
  const { values, positionals } = parseArgs({ args: [...argv], options: parserOptions(spec.options), allowPositionals: true, strict: true });
  return { values: values as Values<O>, positionals };
}

/** An option as `--help` names it: `-a, --agent <crawler>`. */
export function optionLabel(o: OptionSpec): string {
  return `${o.short !== undefined ? `-${o.short}, ` : ''}--${o.name}${o.value !== undefined ? ` ${o.value}` : ''}`;
}

/** What `--help` says of an option, with its default when that is a value. */
export function optionMeaning(o: OptionSpec): string {
  return typeof o.default === 'string' ? `${o.help} (default ${o.default})` : o.help;
}
