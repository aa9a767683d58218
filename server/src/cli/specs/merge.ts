import { ExitCode } from '../exit-code';
import { failOnViolations, SUMMARY_JSON } from '../options';
import { commandSpec } from '../spec';

export const MERGE = commandSpec({
  usage: 'merge <summary.json>... [--summary-json out.json] [--partial] [--fail-on violations]',
  summary:
    'Add up the summaries of shards replayed apart (replay --after … --summary-json) into the summary one replay of all of them gives, printed as replay prints it; shards that overlap in time, or were replayed after a state (scans, or replay-scan --hint) that differs from the one the shards before them leave on an entry their verdicts read, are refused; Crawl-delay checks across shards are completed here.',
  options: [
    { ...SUMMARY_JSON, help: 'write the merged summary (itself a part that can be merged again)' },
    {
      name: 'partial',
      type: 'boolean',
      help: 'the parts may continue earlier shards not given (a merge in the middle of a tree of merges): the first one\'s --after is taken as given, and checked when the merged part is merged with the parts before it; the text is then the summary of these shards only',
    },
    failOnViolations('exit 1 when the merged summary has violations: requests of crawlers not shown to be spoofed for URLs the robots.txt in effect disallowed, outside the cache grace'),
  ],
  examples: ['robots-lens merge 10h.json 11h.json 12h.json --summary-json day.json', 'robots-lens merge 12h.json 13h.json --partial --summary-json 12-13h.json && robots-lens merge 10-11h.json 12-13h.json --summary-json 10-13h.json'],
  exitCodes: [[ExitCode.Finding, 'violations were found with --fail-on violations']],
});
