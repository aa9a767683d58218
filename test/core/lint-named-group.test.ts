// named-group-without-rules: a group that names a crawler and has no rule frees it from every
// * rule (test/support/lint.ts has the helpers).
import { cases, assertLint } from '../support/lint';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';

// rbloggers' shape: Googlebot meant to be slowed down, joined with other agents and a second
// "User-agent: *" into one group that has only Crawl-delay lines.
const RBLOGGERS = [
  'User-agent: *',
  'Disallow: /cgi-bin/',
  'Disallow: /wp-admin/',
  'Disallow: /*?*',
  'User-agent: Googlebot-Image',
  'Allow: /wp-content/uploads/',
  '',
  '|User-agent: Googlebot',
  'Crawl-delay: 1',
  '',
  'User-agent: BLEXBot',
  'Crawl-delay: 2000',
  '',
  'User-agent: *',
  'Crawl-delay: 20',
].join('\n');

cases(
  'named-group-without-rules',
  [
    [
      'rbloggers: Googlebot and BLEXBot get none of the * rules',
      RBLOGGERS,
      {
        severity: 'warning',
        message:
          /^Googlebot and BLEXBot are named by a group with no Allow or Disallow rule \(only Crawl-delay\), so they may fetch every URL: they use this group instead of "User-agent: \*", and the 3 \* rules \("Disallow: \/cgi-bin\/", "Disallow: \/wp-admin\/", "Disallow: \/\*\?\*"\) do not apply to them\. .*Googlebot-Video.* The group's own "User-agent: \*" line does not change that/,
      },
    ],
    ['one crawler, only a Crawl-delay', 'User-agent: *\nDisallow: /private/\n\n|User-agent: Googlebot\nCrawl-delay: 1', { message: /^Googlebot is named by a group with no Allow or Disallow rule \(only Crawl-delay\), so it may fetch every URL: it uses this group instead of "User-agent: \*", and the \* rule \("Disallow: \/private\/"\) does not apply to it\./ }],
    ['an empty group at the end of the file', 'User-agent: *\nDisallow: /x\n|User-agent: bingbot', { message: /^bingbot is named by a group with no Allow or Disallow rule and no other line, so it may fetch every URL/ }],
    ['a * group that closes everything still frees it', 'User-agent: *\nDisallow: /\n\n|User-agent: bingbot\nCrawl-delay: 5'],
    // Nothing to lose: the * group disallows nothing.
    ['no * Disallow', 'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nCrawl-delay: 1'],
    ['no * group', 'User-agent: Googlebot\nCrawl-delay: 1'],
    // The crawler's rules are pooled from another group naming it.
    ['rules elsewhere in its pool', 'User-agent: Googlebot\nDisallow: /y\n\nUser-agent: *\nDisallow: /x\n\nUser-agent: Googlebot\nCrawl-delay: 1'],
    // Crawlers that never use * lose nothing; control tokens send no requests.
    ['AdsBot-Google ignores * anyway', 'User-agent: *\nDisallow: /x\n\nUser-agent: AdsBot-Google\nCrawl-delay: 1'],
    ['a control token', 'User-agent: *\nDisallow: /x\n\nUser-agent: Google-Extended'],
  ],
  [
    ['copy the * rules', 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: Googlebot\nCrawl-delay: 1', 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: Googlebot\nCrawl-delay: 1\nDisallow: /private/\nAllow: /private/ok'],
    ['after the Crawl-delay', 'User-agent: *\nDisallow: /a\n\nUser-agent: bingbot\nCrawl-delay: 5', 'User-agent: *\nDisallow: /a\n\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /a'],
    // Copying into a group that names * too would repeat the * rules for every crawler.
    ['no fix when the group names * too', RBLOGGERS.replace('|', ''), null],
    // No quick fix closes a site.
    ['no fix that copies Disallow: /', 'User-agent: *\nDisallow: /\n\nUser-agent: bingbot\nCrawl-delay: 5', null],
  ],
);

test('star-rules-not-inherited leaves a pool without rules to named-group-without-rules', () => {
  assertLint(RBLOGGERS.replace('|User-agent: Googlebot', 'User-agent: Googlebot').replace('User-agent: Googlebot-Image', '|User-agent: Googlebot-Image'), 'star-rules-not-inherited');
  assertLint('User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nCrawl-delay: 1', 'star-rules-not-inherited');
});

test('a documented token outside the grammar is named whole, in both group findings', () => {
  const named = lint(parseRobots('User-agent: *\nDisallow: /x\n\nUser-agent: MJ12bot\nCrawl-delay: 5\n')).find((f) => f.id === 'named-group-without-rules');
  const starRules = lint(parseRobots('User-agent: MJ12bot\nDisallow: /y\n\nUser-agent: *\nDisallow: /x\n')).find((f) => f.id === 'star-rules-not-inherited');
  assert.match(starRules?.message ?? '', /^MJ12bot has a group of its own/);
  assert.match(named?.message ?? '', /\bMJ12bot\b/);
  assert.doesNotMatch(named?.message ?? '', /\bMJ\b/);
});
