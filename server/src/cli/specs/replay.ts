import { ExitCode } from '../exit-code';
import { failOnViolations, jsonFlag, LOG_FORMAT_CHOICES, LOG_READING_OPTIONS, originOption, SUMMARY_JSON } from '../options';
import { commandSpec } from '../spec';

export const REPLAY = commandSpec({
  usage: `replay <robots.txt | snapshots-folder> <log>... [--log-format ${LOG_FORMAT_CHOICES}] [--json-fields k=v,...] [--ranges dir] [--verify-dns] [--dns-server host:port] [--grace 24h] [--reorder-window 1m] [--crawl-delay] [--crawl-delay-scope verified|claimed] [--csv out.csv] [--jsonl out.jsonl] [--summary-json out.json] [--json] [--version file@time]... [--git] [--origin https://host] [--fail-on violations] [--after scan.json]... [--scan-out scan.json]`,
  summary: 'Judge every request of access logs against robots.txt as it was at the time, and summarise who obeyed.',
  options: [
    ...LOG_READING_OPTIONS,
    { name: 'grace', type: 'string', default: '24h', value: '<duration>', help: 'how long a crawler may act on the previous robots.txt (at most 365d)' },
    { name: 'crawl-delay', type: 'boolean', default: false, help: 'check Crawl-delay between requests' },
    { name: 'crawl-delay-scope', type: 'string', default: 'verified', value: 'verified|claimed', help: 'check Crawl-delay for verified crawlers only, or for every crawler claimed' },
    { name: 'csv', type: 'string', value: '<file>', help: 'write the records to a CSV file (not one of the inputs; replaced only when the replay completes)' },
    { name: 'jsonl', type: 'string', value: '<file>', help: 'write the records to a file of JSON lines (not one of the inputs; replaced only when the replay completes)' },
    SUMMARY_JSON,
    jsonFlag('one JSON record per request on stdout instead of the summary'),
    { name: 'version', type: 'string', multiple: true, value: '<file@time>', help: 'a robots.txt version and the time it took effect; repeatable' },
    { name: 'git', type: 'boolean', default: false, help: "robots.txt versions over time from the file's git history" },
    originOption('the site the log belongs to'),
    failOnViolations('exit 1 when a crawler not shown to be spoofed (verified, or claimed and not disproved) requested a URL the robots.txt in effect disallowed, outside the cache grace; Crawl-delay gaps do not count'),
    {
      name: 'after',
      type: 'string',
      multiple: true,
      value: '<scan.json>',
      help: 'replay a shard from the state the shards before it left: one replay-scan file (or --hint) per earlier shard, in any order; its --summary-json is then a part for robots-lens merge, which checks the entries of that state the replay read',
    },
    {
      name: 'scan-out',
      type: 'string',
      value: '<file>',
      help: 'also write the scan of these logs, as replay-scan --out would (the next shard can be replayed --after it, with no scan of this one); not with --csv, --jsonl or --json',
    },
  ],
  examples: [
    'robots-lens replay robots.txt access.log',
    'robots-lens replay robots.txt access.log.1 access.log.2.gz --csv requests.csv',
    'robots-lens replay robots.txt 11h.log --after 10h.scan.json --after 09h.scan.json --summary-json 11h.json',
    'robots-lens replay robots.txt 10h.log --summary-json 10h.json --scan-out 10h.scan.json && robots-lens replay robots.txt 11h.log --after 10h.scan.json --summary-json 11h.json',
  ],
  exitCodes: [
    [ExitCode.Finding, 'violations were found with --fail-on violations'],
    [ExitCode.Interrupted, 'interrupted (Ctrl-C): the summary shows partial results'],
  ],
});
