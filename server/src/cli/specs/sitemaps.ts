import { ExitCode } from '../exit-code';
import { AGENTS, jsonFlag, originOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const SITEMAPS = commandSpec({
  usage: 'sitemaps <robots.txt> [<sitemap file or URL>...] [--agent <token or User-Agent>]... [--json] [--fail-on-blocked] [--origin <https://host>] [--timeout <duration>] [--deadline <duration>]',
  summary: "Every URL your sitemaps list that a crawler may not fetch, with the deciding line; by default the robots.txt's own Sitemap: lines, indexes followed.",
  options: [
    AGENTS,
    jsonFlag('one JSON object per blocked URL (url, agent, line, rule, sitemap, sitemapLine), then a summary object'),
    { name: 'fail-on-blocked', type: 'boolean', default: false, help: 'exit 1 when any listed URL is blocked (a CI gate)' },
    originOption("the site the robots.txt governs (default: the first sitemap's); URLs on other origins are reported apart"),
    timeoutOption('time limit per sitemap fetched'),
    {
      name: 'deadline',
      type: 'string',
      default: '10m',
      value: '<duration>',
      help: 'time limit for the whole check, every sitemap and pipe read included (e.g. 90s, 10m, 2h; at most 24h): what is left then is reported not read, exit 2',
    },
  ],
  examples: ['robots-lens sitemaps robots.txt --agent Googlebot', 'robots-lens sitemaps robots.txt public/sitemap-index.xml --agent Googlebot --agent Bingbot --fail-on-blocked'],
  limits: [
    'At most 50 MB of text per sitemap (gzip inflated), indexes followed 3 levels deep, 10,000 sitemaps per check, elements nested at most 32 deep and 256 attributes per element (XML past these is refused as not a sitemap), and the --deadline for the whole check.',
    'A fetched index names only http(s) URLs, fetched with the address guard of the sitemap it was listed in: a public index never leads to a private address, and never to a local file.',
  ],
  exitCodes: [[ExitCode.Finding, 'a listed URL is blocked, with --fail-on-blocked (a sitemap that cannot be read is exit 2, after the others are checked)']],
});
