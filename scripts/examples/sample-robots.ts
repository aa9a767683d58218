/** The sample robots.txt: realistic rules full of instructive mistakes, each line with the findings it is meant to trigger. */
import { ORIGIN, HOST } from '../../bench/fixtures/shop';

/**
 * One line of the sample robots.txt and the diagnostics it is meant to trigger: lint id → note
 * (`{{exact line text}}` in a note is replaced by that line's number in the README).
 */
export type RobotsLine = readonly [text: string, lint?: Readonly<Record<string, string>>];

export const ROBOTS: readonly RobotsLine[] = [
  [`# robots.txt for ${ORIGIN} (web-platform team; SEO reviews every change, WEB-1187)`],
  ['# Last edited 2026-10-14 for the holiday sale.'],
  [''],
  ['# keep the staging imports out of search'],
  ['Disallow: /staging/', { 'rule-outside-group': 'comes before any User-agent line, so no crawler applies it' }],
  [''],
  ['User-agent: *'],
  ['Disallow: /cart/'],
  ['Disallow: /checkout/'],
  ['Disallow: /account/'],
  ['Disallow: /account/settings', { 'redundant-rule': 'already covered by `Disallow: /account/`, no Allow in between' }],
  ['Disallow: /search?'],
  ['Disallow: /*?sessionid='],
  ['Disallow: /api/'],
  ['Allow: /api/products/feed.xml'],
  ['Allow: /*.css$'],
  ['Allow: /*.js$'],
  ['Disallow: /wishlist/', { 'shadowed-rule': 'always loses to `Allow: /wishlist/` on line {{Allow: /wishlist/}} (same length, Allow wins the tie)' }],
  ['Disallow: /compare/'],
  ['# old admin export from the 2024 replatforming'],
  ['Disallow: /admin-backup/', { 'private-path-disclosure': 'tells everyone where the backup lives; robots.txt is not access control' }],
  ['Dissallow: /print/', { 'google-only-spelling': 'Googlebot reads it as Disallow; most other crawlers ignore the line' }],
  ['Disallow /tmp/', { 'google-only-spelling': 'missing colon: only Google accepts it' }],
  ['Disallow: private/', {
    'pattern-never-matches': 'no leading `/`: can never match a path',
    'private-path-disclosure': 'the word "private" tells readers where to look, whether or not the rule works',
  }],
  [`Disallow: ${ORIGIN}/internal/`, { 'pattern-never-matches': 'a full URL is not a path pattern' }],
  ['# PDFs, with or without tracking params'],
  ['Disallow: /*.pdf$?*', { 'dollar-not-at-end': '`$` in the middle is a literal character: no PDF is blocked' }],
  ['# open redirect, see SEC-311'],
  ['Disallow: /out?url=https%3a%2f%2f', { 'percent-encoding-lower-case': 'lower-case hex (`%3a`, `%2f`)' }],
  ['Disallow: /%62log/drafts/', { 'percent-encoding-unreserved': '`%62` is `b`: RFC 9309 decodes it, Google compares literally and does not block /blog/drafts/' }],
  ['Disallow: /robots.txt', { 'robots-txt-path': '/robots.txt is always fetchable; the rule has no effect' }],
  ['Noindex: /tag/', { 'unsupported-directive': 'Google stopped supporting Noindex in robots.txt in 2019' }],
  ['Disalllow: /quickview/', { 'unknown-directive': 'typo that no crawler understands (nearest key: Disallow)' }],
  ['# added by the SEO agency, Oct 2025'],
  ['Disallow: /cart/', { 'shadowed-rule': 'exact duplicate of line {{Disallow: /cart/}}' }],
  ['Allow: /wishlist/'],
  [''],
  ['# Google gets the faceted category pages'],
  ['User-agent: Googlebot', { 'star-rules-not-inherited': 'Googlebot (and Googlebot-Image, Applebot through their fallbacks) ignores every `*` rule: /cart/, /checkout/, /search?, ?sessionid= …; CCBot and ClaudeBot (line {{User-agent: CCBot}}) lack the same `*` rules and share this finding' }],
  ['Disallow:', { 'empty-disallow-ignored': 'does not "allow everything": the other rules of the group still apply' }],
  ['Disallow: /*?sort='],
  ['Allow: /category/*?color='],
  [''],
  ['# from the old agency file'],
  ['User-agent: Googlebot/2.1', {
    'user-agent-token-version': 'read as the token `Googlebot` (hint)',
    'duplicate-group': 'so this group is merged with the Googlebot group on line {{User-agent: Googlebot}}',
  }],
  ['Disallow: /old-shop/'],
  [''],
  ['User-agent: Bingbot', {
    'star-rules-not-inherited': 'bingbot ignores the `*` rules (e.g. ?sessionid=); the later `User-agent: bingbot` group on line {{User-agent: bingbot}} is merged with this one',
  }],
  ['Crawl-delay: 5', { 'crawl-delay-support': 'honoured by Bing, ignored by Google (information)' }],
  ['Disallow: /search?'],
  ['Disallow: /compare/'],
  [''],
  ['# Yandex still reads Host and Clean-param'],
  ['User-agent: Yandex', {
    'detached-group': 'a blank line separates it from its rules (RFC 9309 still joins them; 1994-style parsers do not)',
    'star-rules-not-inherited': 'YandexBot uses this group, so /cart/, /checkout/, /account/ … are open to it',
  }],
  [''],
  ['Disallow: /search?'],
  ['Clean-param: utm_source&utm_medium&utm_campaign', { 'unsupported-directive': 'Yandex only' }],
  [`Host: ${HOST}`, { 'unsupported-directive': 'Yandex only, long deprecated' }],
  [''],
  ["# Baidu is fine, we just don't ship to CN"],
  ['User-agent: Baiduspider', { 'detached-group-blocks-site': 'User-agent, blank line, User-agent: RFC 9309 puts Baiduspider in the PetalBot group, so `Disallow: /` blocks it from the entire site (an error)' }],
  [''],
  ['# Petal hammered the search pages in September'],
  ['User-agent: PetalBot'],
  ['Disallow: /', { 'blocks-everything': 'closes the site to PetalBot and to Baiduspider, a major search crawler; the AI opt-out group below (GPTBot) is shut out the same way and shares this finding' }],
  [''],
  ['User-agent: 360Spider', { 'user-agent-token-documented': 'Qihoo 360 documents this token, so 360Spider obeys the group; RFC 9309 and Google read no product token from it (information)' }],
  ['Disallow: /'],
  [''],
  ['# AI training opt-out (legal, March 2025)'],
  ['User-agent: GPTBot'],
  ['User-agent: Google-Extended', { 'control-token': 'a usage control that sends no requests; does not change crawling or Search' }],
  ['User-agent: Applebot-Extended', { 'control-token': 'same, for Apple' }],
  ['Disallow: /'],
  [''],
  ['# Common Crawl and Anthropic: blog only, and slowly'],
  ['User-agent: CCBot'],
  ['User-agent: ClaudeBot'],
  ['Disallow: /', { 'blocks-everything': 'closes the site to CCBot and ClaudeBot, except what `Allow: /blog/` reopens' }],
  ['Allow: /blog/'],
  ['Crawl-delay: 10', { 'crawl-delay-support': 'CCBot and ClaudeBot both document Crawl-delay support' }],
  [''],
  ['# Bing Shopping feed test (WEB-1412)'],
  ['User-agent: bingbot', { 'duplicate-group': 'second group for the same token as line {{User-agent: Bingbot}}' }],
  ['Disallow: /cart/'],
  ['Disallow: /checkout/'],
  ['Crawl-delay: 1s', { 'crawl-delay-invalid': 'not a number (error)' }],
  [''],
  ['Sitemap: /sitemap.xml', { 'sitemap-not-absolute': 'must be an absolute http(s) URL' }],
  [`Sitemap: ${ORIGIN}/sitemap_index.xml`],
];

export const ROBOTS_TEXT = ROBOTS.map(([text]) => text).join('\n') + '\n';
export const ROBOTS_BYTES = Buffer.byteLength(ROBOTS_TEXT, 'utf8');

/** Line number (1-based) of the first robots line whose text equals `text`, from `after`. */
function lineOf(text: string, after = 0): number {
  const i = ROBOTS.findIndex(([t], idx) => idx >= after && t === text);
  if (i < 0) throw new Error(`robots line not found: ${text}`);
  return i + 1;
}

/** Notes may refer to another line as `{{exact text}}`: replaced by its line number. */
export const resolveNote = (note: string): string => note.replace(/\{\{(.+?)\}\}/g, (_, text: string) => String(lineOf(text)));
