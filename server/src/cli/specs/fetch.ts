import { ExitCode } from '../exit-code';
import { jsonFlag, maxBytesOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const FETCH = commandSpec({
  usage: 'fetch <site-or-url> [--json] [--timeout <duration>] [--max-bytes <n>]',
  summary: "Fetch the origin's /robots.txt as crawlers do and say what the outcome means for each major crawler.",
  options: [
    jsonFlag('the report as JSON'),
    timeoutOption('overall time limit'),
    maxBytesOption('most bytes of the body to read (default 500 KiB plus a margin)'),
  ],
  examples: ['robots-lens fetch example.com', 'robots-lens fetch https://example.com --json'],
  exitCodes: [[ExitCode.Finding, 'no complete answer: the host did not resolve, refused the connection, or did not answer in time']],
});
