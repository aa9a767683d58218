import { commandSpec } from '../spec';

export const BLOCK_AI = commandSpec({
  usage: 'block-ai <robots.txt> [--and-answers] [--content-signal] [--include-generic] [--write]',
  summary:
    'The "Block AI training, keep search" edit of the extension: prints the new file (or writes it with --write) and, on stderr, what it added and what it skipped, with the reasons. No search crawler\'s verdict changes.',
  options: [
    { name: 'and-answers', type: 'boolean', default: false, help: 'block AI answers (grounding, AI search) too' },
    { name: 'content-signal', type: 'boolean', default: false, help: 'also state the matching Content-Signal in the * group, unless the rules would contradict it (then it says why)' },
    { name: 'include-generic', type: 'boolean', default: false, help: 'also name generic framework tokens (Spider, Scrapy, Lightpanda), which other crawling software sends too' },
    { name: 'write', type: 'boolean', default: false, help: 'write the new file in place of the old one (through a temporary file, so a failed write leaves the old file)' },
  ],
  examples: ['robots-lens block-ai robots.txt > robots.new.txt', 'robots-lens block-ai robots.txt --and-answers --content-signal --write'],
  exitCodes: [],
});
