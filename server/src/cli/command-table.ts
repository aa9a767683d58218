/**
 * The commands: each one's spec (specs/) and the loader of its module. Dispatch, `--help`,
 * the parser and the exit codes are all read from here, so a new command is one entry.
 *
 * A command's module is loaded when it runs: the bundle then evaluates only the modules of
 * the command asked for (`test` never loads the HTTP, DNS and sitemap readers it does not
 * use), which is a tenth of a short run. So nothing here may import a command statically.
 */

import { parseCommand } from './spec';
import type { CommandIo, CommandRun, CommandSpec, OptionSpec } from './spec';
import { AI_ACCESS } from './specs/ai-access';
import { BLOCK_AI } from './specs/block-ai';
import { CHECK } from './specs/check';
import { CRAWLERS } from './specs/crawlers';
import { DIFF } from './specs/diff';
import { ENFORCE } from './specs/enforce';
import { FETCH } from './specs/fetch';
import { HELP } from './specs/help';
import { LINT } from './specs/lint';
import { MERGE } from './specs/merge';
import { RANGES } from './specs/ranges';
import { REPLAY } from './specs/replay';
import { REPLAY_SCAN } from './specs/replay-scan';
import { SERVE } from './specs/serve';
import { SITEMAPS } from './specs/sitemaps';
import { SURVEY } from './specs/survey';
import { TEST } from './specs/test';

export interface Command {
  readonly spec: CommandSpec;
  /** Parses `argv` by the spec (a parse error before any module loads), then loads and runs the command. */
  run(argv: readonly string[], io: CommandIo): Promise<number>;
}

function command<const O extends readonly OptionSpec[]>(spec: CommandSpec<O>, load: () => Promise<CommandRun<O>>): Command {
  return {
    spec,
    async run(argv, io) {
      const args = parseCommand(spec, argv);
      return (await load())(args, io);
    },
  };
}

/** In the order `robots-lens help` lists them. */
export const COMMANDS: Readonly<Record<string, Command>> = {
  test: command(TEST, async () => (await import('./commands/test')).runTest),
  lint: command(LINT, async () => (await import('./commands/lint')).runLint),
  fetch: command(FETCH, async () => (await import('./commands/fetch')).runFetch),
  check: command(CHECK, async () => (await import('./commands/check')).runCheck),
  replay: command(REPLAY, async () => (await import('./commands/replay')).runReplay),
  'replay-scan': command(REPLAY_SCAN, async () => (await import('./commands/replay-scan')).runReplayScan),
  merge: command(MERGE, async () => (await import('./commands/merge')).runMerge),
  serve: command(SERVE, async () => (await import('./commands/serve')).runServe),
  diff: command(DIFF, async () => (await import('./commands/diff')).runDiff),
  sitemaps: command(SITEMAPS, async () => (await import('./commands/sitemaps')).runSitemaps),
  'ai-access': command(AI_ACCESS, async () => (await import('./commands/ai-access')).runAiAccess),
  'block-ai': command(BLOCK_AI, async () => (await import('./commands/block-ai')).runBlockAi),
  survey: command(SURVEY, async () => (await import('./commands/survey')).runSurvey),
  crawlers: command(CRAWLERS, async () => (await import('./commands/crawlers')).runCrawlers),
  ranges: command(RANGES, async () => (await import('./commands/ranges')).runRanges),
  enforce: command(ENFORCE, async () => (await import('./commands/enforce')).runEnforce),
};

/** Every command's spec, `help` last: what `robots-lens help` and `<command> --help` show. */
export const COMMAND_SPECS: Readonly<Record<string, CommandSpec>> = {
  ...Object.fromEntries(Object.entries(COMMANDS).map(([name, c]) => [name, c.spec])),
  help: HELP,
};
