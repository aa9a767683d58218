// Lint cases about groups: User-agent lines, blank lines between them, rules outside a group,
// and what a group leaves to other crawlers (test/support/lint.ts has the helpers).
import { cases } from '../support/lint';

cases(
  'detached-group',
  [
    // (With "Disallow: /" it would be detached-group-blocks-site, an error.)
    ['User-agent, blank line, User-agent', '|User-agent: Baiduspider\n\n# Petal\nUser-agent: PetalBot\nDisallow: /search', { message: /Baiduspider and PetalBot share the rule "Disallow: \/search"/ }],
    ['blank line between User-agent and its rules', '|User-agent: Yandex\n\nDisallow: /search', { severity: 'warning', message: /Yandex uses the rule "Disallow: \/search"/ }],
    ['both at once', '|User-agent: A\n\n|User-agent: B\n\nDisallow: /x'],
    ['several agents in the detached part', '|User-agent: A\nUser-agent: B\n\nUser-agent: C\nDisallow: /x', { message: /A, B and C share/ }],
    ['a comment alone does not detach', 'User-agent: A\n# B too\nUser-agent: B\nDisallow: /x'],
    ['a comment between User-agent and rules does not detach', 'User-agent: A\n# rules follow\nDisallow: /x'],
    ['no rules: nothing to share', 'User-agent: A\n\nUser-agent: B'],
    ['blank lines between groups', 'User-agent: A\nDisallow: /x\n\nUser-agent: B\nDisallow: /y'],
    // Shut out across the blank line: detached-group-blocks-site says it instead, as an error.
    ['a detached crawler under "Disallow: /"', 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /'],
    // Only what is true of this file: * has rules of its own elsewhere.
    ['an agent with rules in another group is not "left without rules"', '|User-agent: *\n\nUser-agent: B\nDisallow: /x\n\nUser-agent: *\nDisallow: /a', { message: /Parsers that end a record at a blank line would not apply these rules to \*\.$/ }],
    ['an agent with no other group is', '|User-agent: A\n\nUser-agent: B\nDisallow: /x', { message: /would not apply these rules to A, leaving A without rules of its own\.$/ }],
    ['rules after a blank line follow no User-agent line there', '|User-agent: Yandex\n\nDisallow: /search', { message: /would apply these rules to no crawler \(they would follow no User-agent line\), leaving Yandex without rules of its own\.$/ }],
  ],
  [
    ['remove the blank line before the rules', 'User-agent: Yandex\n\nDisallow: /search\n', 'User-agent: Yandex\nDisallow: /search\n'],
    ['remove the blank lines between agents, keep comments', 'User-agent: A\n\n\n# B\nUser-agent: B\nDisallow: /x', 'User-agent: A\n# B\nUser-agent: B\nDisallow: /x'],
    ['give the first agent its own group', 'User-agent: A\n\n# B\nUser-agent: B\nDisallow: /x', 'User-agent: A\nAllow: /\n\n# B\nUser-agent: B\nDisallow: /x', /own group/],
    ['CRLF line breaks', 'User-agent: A\r\n\r\nUser-agent: B\r\nDisallow: /x', 'User-agent: A\r\nAllow: /\r\n\r\nUser-agent: B\r\nDisallow: /x', /own group/],
  ],
);

cases(
  'detached-group-blocks-site',
  [
    ['a crawler not in the catalogue', '|User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /', { severity: 'error', message: /^"User-agent: YisouSpider" is followed by a blank line, but that does not end the group: under RFC 9309 it is in one group with the User-agent lines that follow \(from line 3\), and "Disallow: \/" \(line 4\) blocks YisouSpider from the entire site\.$/ }],
    // Crawl-delay lines do not end a group either: Bing meant to be slowed is shut out.
    ['Crawl-delay groups run into a block', '|User-agent: bingbot\nCrawl-delay: 5\n\nUser-agent: Yandex\nCrawl-delay: 2\n\n# Block Open AI\nUser-agent: GPTBot\nDisallow: /', { message: /blocks bingbot from the entire site\. The same goes for 1 more User-agent line in the group, each followed by a blank line \(line 4\)\.$/ }],
    ['an Allow reopens part of the site', 'User-agent: A\n\nUser-agent: B\nDisallow: /\nAllow: /blog/'],
    ['blocked by its own group anyway', 'User-agent: A\nDisallow: /\n\nUser-agent: A\n\nUser-agent: B\nDisallow: /'],
  ],
  [['give the crawler its own group', 'User-agent: YisouSpider\n\nUser-agent: PetalBot\nDisallow: /', 'User-agent: YisouSpider\nAllow: /\n\nUser-agent: PetalBot\nDisallow: /']],
);

cases(
  'rule-outside-group',
  [
    // One cause, one finding: the second rule is a related location.
    ['before any User-agent', '|Disallow: /x\nAllow: /y\nUser-agent: *\nDisallow: /z', { severity: 'error', message: /^No User-agent line comes before these 2 rules \(lines 1–2, from "Disallow: \/x" on\): they belong to no group, and every crawler ignores them\.$/ }],
    ['one rule', '|Disallow: /x\nUser-agent: *', { message: /^"Disallow: \/x" comes before any User-agent line: it belongs to no group, and every crawler ignores it\.$/ }],
    ['inside a group', 'User-agent: *\nDisallow: /x'],
  ],
  [
    ['insert User-agent: * above the first orphan', '# staging\nDisallow: /x\nAllow: /y\n\nUser-agent: A', '# staging\nUser-agent: *\nDisallow: /x\nAllow: /y\n\nUser-agent: A'],
    ['remove the rule', 'Disallow: /x\nUser-agent: *\nDisallow: /y', 'User-agent: *\nDisallow: /y', /^Remove/],
    ['remove every rule before the first User-agent, comments kept', 'Disallow: /x\n# note\nAllow: /y\nDisallow: /z\nUser-agent: *\nDisallow: /w', '# note\nUser-agent: *\nDisallow: /w', /^Remove the 3 rules$/],
    ['a file with no User-agent line at all', 'Disallow: /a\nDisallow: /b\n', '\n', /^Remove the 2 rules$/],
  ],
);

cases(
  'user-agent-token-*',
  [
    ['version after the token', 'User-agent: |Googlebot/2.1\nDisallow: /', { id: 'user-agent-token-version', severity: 'hint', message: /matched as "Googlebot"/ }],
    ['digits cut the token', 'User-agent: |AB42bot\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /read as "AB"/ }],
    ['leading digit: no token', 'User-agent: |123Spider\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /names no crawler and the rules of this group apply to nobody/ }],
    ['words after the token', 'User-agent: |RepoMonkey Bait & Tackle/v1.01', { id: 'user-agent-token-misread', message: /read as "RepoMonkey"/ }],
    ['a header naming the token it starts with', 'User-agent: |Googlebot/2.1 (+http://www.google.com/bot.html)', { id: 'user-agent-token-version', severity: 'hint' }],
    ['full User-Agent header', 'User-agent: |Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\nDisallow: /', { id: 'user-agent-token-misread', message: /does not apply to bingbot/ }],
    ['a documented token with a digit', 'User-agent: |MJ12bot\nDisallow: /', { id: 'user-agent-token-documented', severity: 'information', message: /^Majestic documents "MJ12bot" as the token of MJ12bot, so MJ12bot obeys this line\. RFC 9309's grammar and Google's parser read only "MJ" from it/ }],
    ['a documented token with a version', 'User-agent: |Ai2Bot-Dolma/1.0\nDisallow: /', { id: 'user-agent-token-documented', severity: 'information', message: /so Ai2Bot-Dolma obeys this line/ }],
    ['a documented token with a leading digit', 'User-agent: |360Spider\nDisallow: /', { id: 'user-agent-token-documented', severity: 'information', message: /read no product token from it/ }],
    ['an undocumented token with a digit keeps the warning', 'User-agent: |MJ13bot\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /read as "MJ"/ }],
    // Read up to the "*", which is the crawler written: as harmless as a version.
    ['a final star', 'User-agent: |Mediapartners-Google*\nDisallow: /', { id: 'user-agent-token-version', severity: 'hint', message: /matched as "Mediapartners-Google": "\*" is a wildcard only as the whole value, and here it is ignored/ }],
    ['a star inside the value', 'User-agent: |Googlebot*/2.1\nDisallow: /', { id: 'user-agent-token-misread', severity: 'warning', message: /wildcard only as the whole value/ }],
    ['clean tokens', 'User-agent: Googlebot\nUser-agent: googlebot-image\nUser-agent: *\nUser-agent: Some_Bot\nDisallow: /'],
  ],
  [
    ['drop the version', 'User-agent: Googlebot/2.1\nDisallow: /', 'User-agent: Googlebot\nDisallow: /'],
    ['the crawler a header names', 'User-agent: Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'User-agent: bingbot'],
    ['what crawlers read', 'User-agent: AB42bot', 'User-agent: AB'],
    ['a documented token needs no fix', 'User-agent: MJ12bot', null],
    ['no token, no fix', 'User-agent: 123Spider', null],
  ],
);

cases(
  'star-rules-not-inherited',
  [
    ['named group beside *', 'User-agent: *\nDisallow: /cart/\n\n|User-agent: Googlebot\nDisallow: /x', { severity: 'information', message: /Googlebot has a group of its own.*"Disallow: \/cart\/".*Googlebot-Image/ }],
    // It loses every * rule, and says so as a finding of its own (lint-named-group.test.ts).
    ['a Crawl-delay-only group is named-group-without-rules\' finding', 'User-agent: *\nDisallow: /a\n\nUser-agent: bingbot\nCrawl-delay: 5'],
    ['reported once per token, at its first group', 'User-agent: *\nDisallow: /a\n\n|User-agent: Foo\nDisallow: /x\n\nUser-agent: Foo\nDisallow: /y'],
    ['no * group', 'User-agent: Googlebot\nDisallow: /x'],
    ['* has no Disallow', 'User-agent: *\nAllow: /\n\nUser-agent: Foo\nDisallow: /x'],
    ['explicit allow-all group', 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow:'],
    ['close-all group', 'User-agent: *\nDisallow: /a\n\nUser-agent: GPTBot\nDisallow: /'],
    // * shuts out everyone; the named groups are the crawlers let in, on their own terms.
    ['an allow-list file', 'User-agent: Googlebot\nDisallow: /search\n\nUser-agent: bingbot\nDisallow: /search\nDisallow: /tmp/\n\nUser-agent: *\nAllow: /humans.txt\nDisallow: /'],
    ['groups that lack the same * rules are one finding', 'User-agent: *\nDisallow: /cart/\n\n|User-agent: Slurp\nDisallow: /x\n\nUser-agent: Teoma\nDisallow: /y', { message: /The same \* rules do not apply to the crawlers of 1 more group with a group of their own \(line 7\)\.$/ }],
    ['crawler that ignores * anyway', 'User-agent: *\nDisallow: /a\n\nUser-agent: AdsBot-Google\nDisallow: /x'],
    ['group already has the * rules', 'User-agent: *\nDisallow: /a\n\nUser-agent: Foo\nDisallow: /a'],
    // bingbot's own Disallow blocks exactly what the * rule would.
    ['the group already decides the * rule\'s URLs alike', 'User-agent: *\nDisallow: /community/*\n\nUser-agent: bingbot\nDisallow: /community/'],
    ['only the * rules the group does not decide alike are named', 'User-agent: *\nDisallow: /community/*\nDisallow: /cart/\n\n|User-agent: bingbot\nDisallow: /community/', { message: /: 1 \* rule does not apply to it \("Disallow: \/cart\/"\)\.$/ }],
    ['an Allow of the group reopens part of it: not alike', 'User-agent: *\nDisallow: /community/*\n\n|User-agent: bingbot\nDisallow: /community/\nAllow: /community/open', { message: /"Disallow: \/community\/\*"/ }],
    ['a * Allow is needed once a missing * Disallow is copied', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\n|User-agent: Googlebot\nDisallow: /x', { message: /2 \* rules do not apply/ }],
  ],
  [
    ['copy the * rules', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\nUser-agent: Googlebot\nDisallow: /x\n', 'User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n\nUser-agent: Googlebot\nDisallow: /x\nDisallow: /cart/\nAllow: /cart/help\n'],
    ['only the rules the group lacks, not dead ones', 'User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /b\nDisallow: nowhere\n\nUser-agent: Foo\nDisallow: /a', 'User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /b\nDisallow: nowhere\n\nUser-agent: Foo\nDisallow: /a\nDisallow: /b'],
  ],
);

cases(
  'duplicate-group',
  [
    ['same token twice', 'User-agent: bingbot\nDisallow: /a\n\n|User-agent: Bingbot\nDisallow: /b', { severity: 'hint', message: /first on line 1\).*the rules of lines 2 and 5 together/ }],
    ['versioned value names the same token', 'User-agent: Googlebot\nDisallow: /a\n\n|User-agent: Googlebot/2.1\nDisallow: /b'],
    ['two * groups', 'User-agent: *\nDisallow: /a\n\n|User-agent: *\nDisallow: /b'],
    ['different tokens', 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y'],
    ['the same token twice in one group', 'User-agent: a\nUser-agent: A\nDisallow: /x'],
    ['three groups of one token: one finding', 'User-agent: a\nDisallow: /x\n\n|User-agent: a\nDisallow: /y\n\nUser-agent: a\nDisallow: /z', { message: /It is named again in 1 more group \(line 7\)\.$/ }],
  ],
  [
    ['merge at the end of the file', 'User-agent: bingbot\nDisallow: /a\n\nUser-agent: bingbot\nDisallow: /b', 'User-agent: bingbot\nDisallow: /a\nDisallow: /b'],
    [
      'merge between other groups, Crawl-delay and comments kept',
      'User-agent: a\nDisallow: /x\n\nUser-agent: c\nDisallow: /z\n\nUser-agent: a\n# more\nDisallow: /y\nCrawl-delay: 3\n\nUser-agent: d\nDisallow: /w\n',
      'User-agent: a\nDisallow: /x\n# more\nDisallow: /y\nCrawl-delay: 3\n\nUser-agent: c\nDisallow: /z\n\nUser-agent: d\nDisallow: /w\n',
    ],
    ['adjacent groups', 'User-agent: a\nDisallow: /x\nUser-agent: a\nDisallow: /y\n', 'User-agent: a\nDisallow: /x\nDisallow: /y\n'],
    ['no merge when the later group names other agents too', 'User-agent: a\nDisallow: /x\n\nUser-agent: a\nUser-agent: b\nDisallow: /y', null],
    ['no merge when the first group names other agents too', 'User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /y', null],
  ],
);

cases('control-token', [
  ['Google-Extended', '|User-agent: Google-Extended\nDisallow: /', { severity: 'information', message: /sends no requests/ }],
  ['Applebot-Extended beside a crawler', 'User-agent: GPTBot\n|User-agent: Applebot-Extended\nDisallow: /'],
  ['an ordinary crawler', 'User-agent: Googlebot\nDisallow: /'],
]);

cases(
  'section-without-user-agent',
  [
    ['a comment heading after a blank line inside a named group', 'User-agent: Googlebot\nDisallow: /search\n\n|# Store /shop/ Disallow Statements\nDisallow: /shop/cart\nDisallow: /shop/checkout', { severity: 'information', message: /^The 2 rules after "# Store \/shop\/ Disallow Statements" \(lines 5–6\) follow a blank line and a comment but no User-agent line: they belong to the group of "User-agent: Googlebot" \(line 1\) and apply to Googlebot, Googlebot-Image, .* only, not to every crawler\.$/ }],
    ['in the * group they apply to every crawler anyway', 'User-agent: *\nDisallow: /search\n\n# Store\nDisallow: /shop/'],
    ['a heading that names the crawler', 'User-agent: Googlebot\nDisallow: /search\n\n# more for Googlebot\nDisallow: /shop/'],
    ['a comment without a blank line', 'User-agent: Googlebot\nDisallow: /search\n# Store\nDisallow: /shop/'],
  ],
);

cases('blocks-everything', [
  ['Disallow: / for *', 'User-agent: *\n|Disallow: /', { severity: 'information', message: /whole site to every crawler without a group of its own/ }],
  ['/* for a catalogue crawler', 'User-agent: GPTBot\n|Disallow: /*', { message: /whole site to GPTBot: it may fetch nothing but \/robots\.txt/ }],
  ['a fallback user is named', 'User-agent: Googlebot\n|Disallow: /', { message: /Googlebot, Googlebot-Image/ }],
  ['Allow rules reopen part of it', 'User-agent: CCBot\n|Disallow: /\nAllow: /blog/', { message: /except the URLs the Allow rules of this group reopen \("Allow: \/blog\/"\)/ }],
  ['only unknown agents', 'User-agent: BadBot\nDisallow: /'],
  ['beaten by Allow: /', 'User-agent: *\nDisallow: /\nAllow: /'],
  ['only the home page', 'User-agent: *\nDisallow: /$'],
  ['a usage-control token is not a crawler', 'User-agent: Google-Extended\nDisallow: /'],
  // Each named crawler follows only its own group: said where * shuts out the rest.
  ['an allow-list names the crawlers let in', 'User-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\n|Disallow: /', { message: /may fetch nothing but \/robots\.txt\. Crawlers named in groups of their own \(Googlebot\) follow only those groups\.$/ }],
  ['groups that each shut out a crawler are one finding', 'User-agent: GPTBot\n|Disallow: /\n\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /', { message: /closes the whole site to GPTBot: it may fetch nothing but \/robots\.txt\. So do 2 more groups, to their crawlers \(lines 5 and 8\)\.$/ }],
]);
