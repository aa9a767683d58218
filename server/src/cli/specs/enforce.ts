import { ExitCode } from '../exit-code';
import { jsonFlag, LOG_FORMAT_CHOICES } from '../options';
import { commandSpec } from '../spec';

export const ENFORCE = commandSpec({
  usage: `enforce <robots.txt> --server nginx|apache|haproxy|caddy|lighttpd|cloudflare (--crawlers tok,tok | --purpose p,p | --not-honouring)... [--status 403] [--verified-only [--ranges dir]] [--check access.log]... [--log-format ${LOG_FORMAT_CHOICES}] [--json]`,
  summary: "Server rules compiled from robots.txt: refuse a crawler's request exactly when its group disallows the URL; with --check, prove them on a log.",
  options: [
    { name: 'server', type: 'string', value: '<server>', help: 'the server to write for: nginx, apache, haproxy, caddy, lighttpd or cloudflare' },
    { name: 'crawlers', type: 'string', multiple: true, value: 'tok,tok', help: 'these catalogue crawlers' },
    { name: 'purpose', type: 'string', multiple: true, value: 'p,p', help: 'every catalogue crawler with one of these purposes (ai-training, ai-search, user-fetch, search, …)' },
    { name: 'not-honouring', type: 'boolean', default: false, help: 'every catalogue crawler whose operator says it does not honour robots.txt, or may ignore it' },
    { name: 'status', type: 'string', default: '403', value: '<code>', help: 'the status a refused request gets (400-599; lighttpd: 403 only)' },
    { name: 'verified-only', type: 'boolean', default: false, help: "also refuse, whatever the URL, a request that claims a crawler in scope from outside the crawler's published IP ranges" },
    { name: 'ranges', type: 'string', value: '<folder>', help: 'the IP lists for --verified-only (default: where robots-lens ranges --refresh keeps them)' },
    { name: 'check', type: 'string', multiple: true, value: '<log>', help: 'instead of the rules, replay this log: requests they would refuse per crawler, and any request they decide otherwise than robots.txt; repeatable' },
    { name: 'log-format', type: 'string', default: 'auto', value: '<format>', help: `the --check log format: ${LOG_FORMAT_CHOICES.split('|').join(', ')}` },
    jsonFlag('with --check, the result as JSON'),
  ],
  examples: [
    'robots-lens enforce robots.txt --server nginx --not-honouring > /etc/nginx/conf.d/robots-lens.conf',
    'robots-lens enforce robots.txt --server caddy --purpose ai-training',
    'robots-lens enforce robots.txt --server lighttpd --crawlers GPTBot,Bytespider > /etc/lighttpd/conf-enabled/robots-lens.conf',
    'robots-lens enforce robots.txt --server nginx --crawlers GPTBot,Bytespider --check access.log',
    'robots-lens enforce robots.txt --server haproxy --purpose ai-training --verified-only --ranges ./ranges',
  ],
  exitCodes: [[ExitCode.Finding, 'with --check, a request the rules decide otherwise than robots.txt']],
});
