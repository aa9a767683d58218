import { LOG_FORMAT_CHOICES, LOG_READING_OPTIONS } from '../options';
import { commandSpec } from '../spec';

export const REPLAY_SCAN = commandSpec({
  usage: `replay-scan <robots.txt | snapshots-folder> <log>... --out scan.json [--hint] [--log-format ${LOG_FORMAT_CHOICES}] [--json-fields k=v,...] [--ranges dir] [--verify-dns] [--dns-server host:port] [--reorder-window 1m]`,
  summary:
    'The cheap first pass over one shard of logs (no matching): the state it leaves the shards after it, for replay --after. Its size is bounded by the crawlers, never the lines: one fetch state per crawler identity that fetched robots.txt (spoofed claims apart), one last request time per crawler that honours Crawl-delay, and the first and last request time. Give --log-format, --json-fields, --ranges, --verify-dns, --dns-server and --reorder-window as for replay, the same as the replay of the shards after it is given.',
  options: [
    { name: 'out', type: 'string', value: '<file|->', help: 'where to write the scan (JSON); - writes it alone to stdout, on one line' },
    {
      name: 'hint',
      type: 'boolean',
      default: false,
      help: 'a cheap hint instead (a small fraction of a replay): only the lines holding /robots.txt and the head and tail of each plain file are read whole, so the state may be wrong where a Crawl-delay crawler is missing from the tail; merge checks every shard against the exact states the replays record and refuses a shard whose verdicts read a wrong entry (replay it again after the exact scans). Small, gzip and streamed logs get the exact scan.',
    },
    ...LOG_READING_OPTIONS,
  ],
  examples: ['robots-lens replay-scan robots.txt 10h.log --out 10h.scan.json', 'robots-lens replay-scan robots.txt 10h.log --hint --out 10h.hint.json', 'robots-lens replay-scan snapshots/ cdn-a/10h.log.gz cdn-b/10h.log.gz --ranges ranges/ --out 10h.scan.json'],
  exitCodes: [],
});
