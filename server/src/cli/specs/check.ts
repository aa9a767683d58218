import { AGENT, jsonFlag, maxBytesOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const CHECK = commandSpec({
  usage: 'check <url> --agent <token or User-Agent> [--json] [--timeout <duration>] [--max-bytes <n>]',
  summary: 'May the crawler fetch the URL (robots.txt and its fetch state), and what does the page say about indexing.',
  options: [
    AGENT,
    jsonFlag('the report as JSON'),
    timeoutOption('overall time limit per request'),
    maxBytesOption('most bytes of robots.txt to read (default 500 KiB plus a margin)'),
  ],
  examples: ['robots-lens check https://example.com/page --agent Googlebot'],
  exitCodes: [],
});
