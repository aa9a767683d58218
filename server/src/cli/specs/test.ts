import { BATCH_FIELDS } from '../commands/batch-fields';
import { AGENTS, jsonFlag, originOption } from '../options';
import { commandSpec } from '../spec';

export const TEST = commandSpec({
  usage:
    'test <robots.txt> [--agent <token or User-Agent>]... <url-or-path>... [--json] [--origin <https://host>] | test <robots.txt> --batch [--fields allowed,line,…] | test <robots.txt> --agent <token> [--agent …] --urls <file|-> [--json|--csv]',
  summary: 'Decide URLs for crawlers with the real matcher: the verdict, the winning line and the group.',
  options: [
    AGENTS,
    jsonFlag('one JSON object per verdict'),
    originOption('the site the robots.txt belongs to; URLs of other origins are not decided by it'),
    {
      name: 'batch',
      type: 'boolean',
      default: false,
      help: 'read {"agent","url"} JSON lines on stdin, write one JSON result per line (lines over 64 KiB get an error object); the answers so far go out whenever stdin pauses, so another program can ask one query at a time',
    },
    {
      name: 'fields',
      type: 'string',
      value: '<f,f,…>',
      help: `with --batch: only these fields of each answer, in the order given, of ${BATCH_FIELDS.join(', ')}; allowed,line is the leanest and fastest`,
    },
    {
      name: 'urls',
      type: 'string',
      value: '<file|->',
      help: 'one URL or path a line (blank lines and # comments skipped); a line that cannot be decided is reported and the run goes on; from - (stdin), the answers so far go out whenever it pauses',
    },
    { name: 'csv', type: 'boolean', default: false, help: 'with --urls: url, agent, allowed, line, rule as CSV' },
  ],
  examples: [
    'robots-lens test robots.txt --agent Googlebot /private/page https://example.com/shop',
    'robots-lens test robots.txt --agent Googlebot --agent GPTBot --urls submitted-urls.txt --csv',
    'echo \'{"agent":"GPTBot","url":"/blog"}\' | robots-lens test robots.txt --batch',
    'robots-lens test robots.txt --batch --fields allowed,line < queries.jsonl > answers.jsonl',
  ],
  exitCodes: [],
});
