import { ExitCode } from '../exit-code';
import { jsonFlag } from '../options';
import { commandSpec } from '../spec';

export const RANGES = commandSpec({
  usage: 'ranges [--dir d] [--refresh] [--timeout 20s] [--json]',
  summary: 'List or download the crawler IP lists used to verify requests.',
  options: [
    { name: 'dir', type: 'string', value: '<folder>', help: 'where the lists are kept' },
    { name: 'refresh', type: 'boolean', default: false, help: 'download every list from its official URL' },
    // A duration, not the milliseconds of a fetch's --timeout: a download takes longer.
    { name: 'timeout', type: 'string', default: '20s', value: '<duration>', help: 'time limit per download (at most 10m)' },
    jsonFlag('the lists as JSON'),
  ],
  examples: ['robots-lens ranges', 'robots-lens ranges --refresh'],
  exitCodes: [[ExitCode.Finding, 'a refresh failed, or the folder does not exist yet']],
});
