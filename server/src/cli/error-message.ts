/**
 * A command's failure in one sentence for its `robots-lens <command>:` line: what the user
 * must change for a usage or input error, the option and what was wrong with it for a parse
 * error, and "unexpected error" for anything else (never a stack trace).
 */

import { InputError } from '../node/files';
import { usageLine } from './usage';
import { UsageError } from './usage-error';

export function messageOf(error: unknown, command: string): string {
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
