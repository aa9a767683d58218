// Lint cases about directives other than rules: unknown or unsupported keys, spellings only
// Google reads, Crawl-delay and Sitemap (test/support/lint.ts has the helpers).
import { GOOGLE_SIZE_LIMIT_BYTES } from '@robots-lens/kernel/parse';
import { cases } from '../support/lint';

cases(
  'unknown-directive',
  [
    ['typo with a suggestion', 'User-agent: *\n|Disalllow: /x', { message: /Did you mean "Disallow"\?/ }],
    ['unknown key without a suggestion', 'User-agent: *\n|Foo: bar', { message: /^Crawlers do not know the key "Foo" and ignore this line\.$/ }],
    ['not a key: value line', 'User-agent: *\n|Disallow /a /b', { message: /no colon after "Disallow"/ }],
    ['prose', '|This is not robots.txt at all'],
    ['BOM in the middle of the file', 'User-agent: *\n|\uFEFFDisallow: /x', { message: /invisible character \(U\+FEFF\)/ }],
    ['bare sitemap URL', '|https://example.com/sitemap.xml'],
    ['known non-group keys', 'User-agent: *\nCrawl-delay: 5\nHost: example.com\nContent-Signal: search=yes\nClean-param: ref'],
    ['Google-only spellings are another rule', 'User-agent: *\nDissallow: /x'],
    ['an HTML page is reported once, by looks-like-html', '<!DOCTYPE html>\n<html>\n<body>some text here</body>\n<a href="x">link: here</a>'],
    ['lines past 500 KiB are left to size-limit', 'User-agent: *\n' + '#'.repeat(GOOGLE_SIZE_LIMIT_BYTES) + '\nFoo: bar'],
  ],
  [
    ['rename', 'User-agent: *\nDisalllow: /x # typo', 'User-agent: *\nDisallow: /x # typo'],
    ['rename Crawl delay', 'User-agent: *\nCrawl delay: 5', 'User-agent: *\nCrawl-delay: 5'],
    ['remove the invisible character', 'User-agent: *\n\uFEFFDisallow: /x', 'User-agent: *\nDisallow: /x'],
    ['bare URL becomes a Sitemap line', 'https://example.com/sitemap.xml', 'Sitemap: https://example.com/sitemap.xml'],
    ['no fix without a close key', 'User-agent: *\nFoo: bar', null],
  ],
);

cases(
  'google-only-spelling',
  [
    ['misspelling', 'User-agent: *\n|Dissallow: /x', { message: /Google reads "Dissallow" as Disallow/ }],
    ['useragent', '|Useragent: *\nDisallow: /'],
    ['a key that merely starts with a known key', 'User-agent: *\n|Disallowed: /x', { message: /starts with "Disallow"/ }],
    ['missing colon', 'User-agent: *\n|Disallow /tmp/', { message: /"Disallow: \/tmp\/"/ }],
    ['case does not matter', 'user-agent: *\nDISALLOW: /x\nsitemap: https://example.com/s.xml'],
  ],
  [
    ['correct the spelling', 'User-agent: *\nDissallow: /x', 'User-agent: *\nDisallow: /x'],
    ['correct a prefix key', 'User-agents: *\nDisallow: /', 'User-agent: *\nDisallow: /'],
    ['user agent with a space', 'User agent: *\nDisallow: /', 'User-agent: *\nDisallow: /'],
    ['insert the colon', 'User-agent: *\nDisallow   /tmp/', 'User-agent: *\nDisallow: /tmp/'],
    ['site-map', 'Site-map: https://example.com/s.xml', 'Sitemap: https://example.com/s.xml'],
  ],
);

cases(
  'crawl-delay-*',
  [
    ['honoured', 'User-agent: bingbot\n|Crawl-delay: 5', { id: 'crawl-delay-support', severity: 'information', message: /bingbot honours it/ }],
    ['ignored', 'User-agent: Googlebot\n|Crawl-delay: 5', { id: 'crawl-delay-support', message: /Googlebot, .* ignore it/ }],
    ['not documented', 'User-agent: Twitterbot\n|Crawl-delay: 5', { id: 'crawl-delay-support', message: /not documented for Twitterbot/ }],
    ['a fraction', 'User-agent: bingbot\n|Crawl-delay: 0.5', { id: 'crawl-delay-support', severity: 'information' }],
    ['outside any group', '|Crawl-delay: 5\nUser-agent: *', { id: 'crawl-delay-support', message: /belongs to no group/ }],
    ['with a unit', 'User-agent: bingbot\nCrawl-delay: |1s', { id: 'crawl-delay-invalid', severity: 'error' }],
    ['negative', 'User-agent: bingbot\nCrawl-delay: |-1', { id: 'crawl-delay-invalid', severity: 'error', message: /^"-1" is not a number of seconds \(0 or more\): / }],
    ['no Crawl-delay', 'User-agent: bingbot\nDisallow: /'],
  ],
  [
    ['drop the unit', 'User-agent: bingbot\nCrawl-delay: 10 seconds', 'User-agent: bingbot\nCrawl-delay: 10'],
    ['nothing to offer for words', 'User-agent: bingbot\nCrawl-delay: slow', null],
  ],
);

cases('crawl-delay-conflict', [
  ['two values in merged groups', 'User-agent: bingbot\nCrawl-delay: 30\nDisallow: /x\n\nUser-agent: bingbot\n|Crawl-delay: 120', { severity: 'warning', message: /^bingbot gets two different Crawl-delay values: 30 \(line 2\) and 120 \(line 6\), because groups naming the same crawler are merged\. Of the known crawlers that honour Crawl-delay, bingbot uses these groups; which value it applies is not documented \(this tool's replay checks against the smallest, 30\)\./ }],
  // Crawl-delay lines do not end a group: the second value lands in the first group.
  ['two values in one group', 'User-agent: msnbot\nCrawl-delay: 5\n\nUser-agent: Yandex\n|Crawl-delay: 2\nDisallow: /x', { message: /^msnbot and Yandex get two different Crawl-delay values: 5 \(line 2\) and 2 \(line 5\)\. Of the known crawlers that honour Crawl-delay, msnbot uses these groups; which value it applies is not documented/ }],
  ['the same value twice', 'User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: bingbot\nCrawl-delay: 5.0'],
  ['different groups, different crawlers', 'User-agent: bingbot\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: Yandex\nCrawl-delay: 10'],
]);

cases('unsupported-directive', [
  ['Noindex', 'User-agent: *\n|Noindex: /tag/', { message: /2019/ }],
  ['Yandex only', 'User-agent: Yandex\n|Host: example.com\n|Clean-param: ref /shop/', { message: /Yandex/ }],
  // The same directive, the same words: one finding, the other lines related.
  ['ACAP', 'User-agent: *\n|ACAP-crawler: *\nACAP-disallow-crawl: /x', { message: /^ACAP .* The same goes for 1 more line \(line 3\)\.$/ }],
  ['Clean-param in every group', 'User-agent: Yandex\n|Clean-param: ref\n\nUser-agent: YandexBot\nClean-param: utm'],
  ['Request-rate and Visit-time', 'User-agent: *\n|Request-rate: 1/5\n|Visit-time: 0600-0845'],
  ['Crawl-delay has its own rule', 'User-agent: *\nCrawl-delay: 5\nContent-Signal: ai-train=no'],
]);

cases('sitemap-not-absolute', [
  ['a path', 'Sitemap: |/sitemap.xml', { severity: 'error' }],
  ['no scheme', 'Sitemap: |example.com/sitemap.xml'],
  ['no value', '|Sitemap:'],
  ['not http(s)', 'Sitemap: |ftp://example.com/sitemap.xml'],
  ['absolute URLs', 'Sitemap: https://example.com/sitemap.xml\nSitemap: HTTP://EXAMPLE.COM/s.xml?x=1'],
  // Absolute, with spaces: the other rule says what is wrong; calling it "not absolute" is false.
  ['absolute with spaces is the other rule', 'Sitemap: https://www.corriere.it/rss/sitemap/Sette - 7.xml'],
]);

cases(
  'sitemap-unencoded-space',
  [
    ['spaces in the path (corriere.it)', 'Sitemap: |https://www.corriere.it/rss/sitemap/Sette - 7.xml', { severity: 'warning', message: /^This Sitemap URL is absolute but has 2 unencoded spaces: .* Write "https:\/\/www\.corriere\.it\/rss\/sitemap\/Sette%20-%207\.xml"\.$/ }],
    ['one space in the query', 'Sitemap: |https://example.com/s.xml?q=a b', { message: /has an unencoded space:/ }],
    ['a tab', 'Sitemap: |https://example.com/a\tb.xml', { message: /Write "https:\/\/example\.com\/a%09b\.xml"/ }],
    ['two lines, one finding', 'Sitemap: |https://example.com/a b.xml\nSitemap: https://example.com/c d.xml', { message: /The same goes for 1 more Sitemap line \(line 2\)\.$/ }],
    ['encoded spaces', 'Sitemap: https://example.com/a%20b.xml'],
    ['a relative URL with a space is not absolute first', 'Sitemap: /a b.xml'],
  ],
  [
    ['encode the spaces', 'Sitemap: https://www.corriere.it/rss/sitemap/Sette - 7.xml # news', 'Sitemap: https://www.corriere.it/rss/sitemap/Sette%20-%207.xml # news'],
    ['every line at once', 'Sitemap: https://example.com/a b.xml\nSitemap: https://example.com/c d.xml', 'Sitemap: https://example.com/a%20b.xml\nSitemap: https://example.com/c%20d.xml'],
  ],
);
