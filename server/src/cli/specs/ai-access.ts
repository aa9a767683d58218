import { jsonFlag } from '../options';
import { commandSpec } from '../spec';

export const AI_ACCESS = commandSpec({
  usage: 'ai-access <robots.txt> [--json]',
  summary:
    'What a robots.txt says to AI crawlers, by purpose: who is kept out, of which paths, who may ignore robots.txt (and on whose words), and what control tokens state.',
  options: [
    jsonFlag(
      'one object: { purposes: [ { purpose, summary, crawlers: [ { token, operator, purposes, controlToken, userInitiated, honoursRobotsTxt, mayFetch, statement, line } ] } ] }; mayFetch is null exactly for control tokens',
    ),
  ],
  examples: ['robots-lens ai-access robots.txt', 'robots-lens ai-access robots.txt --json'],
  exitCodes: [],
});
