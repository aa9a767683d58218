import { commandSpec } from '../spec';

export const HELP = commandSpec({
  usage: 'help [<command>]',
  summary: 'This overview, or the usage, options, examples and exit codes of one command (as <command> --help).',
  options: [],
  examples: ['robots-lens help lint', 'robots-lens lint --help'],
  exitCodes: [],
});
