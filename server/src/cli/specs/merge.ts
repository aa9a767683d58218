import { ExitCode } from '../exit-code';
import { failOnViolations, SUMMARY_JSON } from '../options';
import { commandSpec } from '../spec';

export const MERGE = commandSpec({
  usage: 'merge <summary.json>... [--summary-json out.json] [--fail-on violations]',
  summary:
    'Add up the summaries of shards replayed apart (replay --after … --summary-json) into the summary one replay of all of them gives, printed as replay prints it; shards that overlap in time or were replayed after the wrong scans are refused.',
  options: [
    { ...SUMMARY_JSON, help: 'write the merged summary (itself a part that can be merged again)' },
    failOnViolations('exit 1 when the merged summary has violations: requests of crawlers not shown to be spoofed for URLs the robots.txt in effect disallowed, outside the cache grace'),
  ],
  examples: ['robots-lens merge 10h.json 11h.json 12h.json --summary-json day.json'],
  exitCodes: [[ExitCode.Finding, 'violations were found with --fail-on violations']],
});
