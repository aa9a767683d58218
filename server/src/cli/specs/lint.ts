import { ExitCode } from '../exit-code';
import { jsonFlag } from '../options';
import { commandSpec } from '../spec';

export const LINT = commandSpec({
  usage: 'lint <robots.txt>... [--json] [--format text|json|sarif]',
  summary: "The language server's diagnostics for files on disk; text ends with a count of problems.",
  options: [
    jsonFlag('the diagnostics as a JSON array, as every command says it (the same as --format json)'),
    { name: 'format', type: 'string', default: 'text', value: 'text|json|sarif', help: 'text, a JSON array, or SARIF 2.1.0 for code scanning' },
  ],
  examples: ['robots-lens lint robots.txt', 'robots-lens lint --format sarif robots.txt > robots.sarif'],
  exitCodes: [[ExitCode.Finding, 'a diagnostic of error severity was found']],
});
