import { ExitCode } from '../exit-code';
import { AGENTS, jsonFlag, originOption, timeoutOption } from '../options';
import { commandSpec } from '../spec';

export const SITEMAPS = commandSpec({
  usage: 'sitemaps <robots.txt> [<sitemap file or URL>...] [--agent <token or User-Agent>]... [--json] [--fail-on-blocked] [--origin <https://host>] [--timeout <duration>]',
  summary: "Every URL your sitemaps list that a crawler may not fetch, with the deciding line; by default the robots.txt's own Sitemap: lines, indexes followed.",
  options: [
    AGENTS,
    jsonFlag('one JSON object per blocked URL (url, agent, line, rule, sitemap, sitemapLine), then a summary object'),
    { name: 'fail-on-blocked', type: 'boolean', default: false, help: 'exit 1 when any listed URL is blocked (a CI gate)' },
    originOption("the site the robots.txt governs (default: the first sitemap's); URLs on other origins are reported apart"),
    timeoutOption('time limit per sitemap fetched'),
  ],
  examples: ['robots-lens sitemaps robots.txt --agent Googlebot', 'robots-lens sitemaps robots.txt public/sitemap-index.xml --agent Googlebot --agent Bingbot --fail-on-blocked'],
  exitCodes: [[ExitCode.Finding, 'a listed URL is blocked, with --fail-on-blocked (a sitemap that cannot be read is exit 2, after the others are checked)']],
});
