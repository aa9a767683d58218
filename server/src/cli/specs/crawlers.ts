import { jsonFlag } from '../options';
import { commandSpec } from '../spec';

export const CRAWLERS = commandSpec({
  usage: 'crawlers [--purpose <purpose>] [--json] | crawlers --import <robots.json> [--json]',
  summary: 'The crawler catalogue: tokens, operators, purposes, whether each honours robots.txt, verification facts and sources.',
  options: [
    {
      name: 'purpose',
      type: 'string',
      value: '<purpose>',
      help: 'only crawlers with this purpose: search, ai-training, ai-search, user-fetch, ads, seo, social-preview, archive, monitoring, control-token, other',
    },
    jsonFlag('an array of objects (token, operator, purposes, honoursRobotsTxt, userInitiated, retired, verification, sources, checked)'),
    { name: 'import', type: 'string', value: '<robots.json>', help: 'what an ai.robots.txt robots.json would add to or change in the catalogue; changes nothing' },
  ],
  examples: ['robots-lens crawlers --purpose ai-training', 'robots-lens crawlers --import robots.json --json'],
  exitCodes: [],
});
