/**
 * Writes the sample workspace under examples/:
 *
 *   examples/robots.txt   a realistic shop robots.txt full of instructive mistakes
 *   examples/access.log   ~4,000 lines of combined-format traffic over 3 days
 *   examples/README.md    a short tour, listing the mistakes by lint id and line
 *
 * Deterministic: a seeded PRNG, fixed dates, no clock. Run from anywhere:
 *
 *   node --import tsx scripts/generate-examples.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRAWLERS, GOOGLEBOT_IPV6, SPOOF_IPS, UA, BROWSER_UAS, BROWSER_V4_PREFIXES, BROWSER_V6_PREFIXES } from '../bench/fixtures/agents';
import { formatCombined } from '../bench/fixtures/combined-log';
import { mulberry32, int, between, pick, chance, Weighted } from '../bench/fixtures/prng';
import type { Rng } from '../bench/fixtures/prng';
import { ORIGIN, HOST, CATEGORIES, COLORS, BLOG_POSTS, BLOG_TAGS, SEARCH_TERMS, ASSETS, BANNERS, productSlugs } from '../bench/fixtures/shop';

const SEED = 20261123;
const OUT_DIR = fileURLToPath(new URL('../examples/', import.meta.url));

// ---------------------------------------------------------------------------------------------
// robots.txt
// ---------------------------------------------------------------------------------------------

/**
 * One line of the sample robots.txt and the diagnostics it is meant to trigger: lint id → note
 * (`{{exact line text}}` in a note is replaced by that line's number in the README).
 */
type RobotsLine = readonly [text: string, lint?: Readonly<Record<string, string>>];

const ROBOTS: readonly RobotsLine[] = [
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
  ['User-agent: 360Spider', { 'user-agent-token-misread': 'starts with a digit: the product token is empty and the group applies to nobody (warning)' }],
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

const ROBOTS_TEXT = ROBOTS.map(([text]) => text).join('\n') + '\n';
const ROBOTS_BYTES = Buffer.byteLength(ROBOTS_TEXT, 'utf8');

/** Line number (1-based) of the first robots line whose text equals `text`, from `after`. */
function lineOf(text: string, after = 0): number {
  const i = ROBOTS.findIndex(([t], idx) => idx >= after && t === text);
  if (i < 0) throw new Error(`robots line not found: ${text}`);
  return i + 1;
}

/** Notes may refer to another line as `{{exact text}}`: replaced by its line number. */
const resolveNote = (note: string): string => note.replace(/\{\{(.+?)\}\}/g, (_, text: string) => String(lineOf(text)));

// ---------------------------------------------------------------------------------------------
// access.log
// ---------------------------------------------------------------------------------------------

const T0 = Date.UTC(2026, 10, 23, 0, 0, 0) / 1000; // 2026-11-23T00:00:00Z
const HOUR = 3600;
const DAY = 24 * HOUR;
const SPAN = 3 * DAY;

/** robots.txt answered 503 for one hour (origin for static files was down). */
const OUTAGE_503 = { from: DAY + 14 * HOUR, to: DAY + 15 * HOUR } as const; // 24 Nov 14:00–15:00
/** robots.txt missing after a deploy (404) until the rollback. */
const MISSING_404 = { from: 2 * DAY + 2 * HOUR + 10 * 60, to: 2 * DAY + 5 * HOUR + 40 * 60 } as const; // 25 Nov 02:10–05:40

const NOT_FOUND_BYTES = 14873; // the shop's branded 404 page
const rng: Rng = mulberry32(SEED);
const PRODUCTS = productSlugs(160);
const DISCONTINUED = productSlugs(180).slice(160);

interface Event {
  readonly t: number;
  readonly seq: number;
  readonly line: string;
}
const events: Event[] = [];
let seq = 0;

interface Req {
  readonly ip: string;
  readonly ua: string;
  readonly target: string;
  readonly method?: string;
  readonly protocol?: string;
  readonly status?: number;
  readonly bytes?: number;
  readonly referer?: string;
}

function inRange(t: number, r: { readonly from: number; readonly to: number }): boolean {
  return t >= r.from && t < r.to;
}

function robotsResponse(t: number): [status: number, bytes: number] {
  if (inRange(t, OUTAGE_503)) return [503, 197];
  if (inRange(t, MISSING_404)) return [404, NOT_FOUND_BYTES];
  return [200, ROBOTS_BYTES];
}

/** What the shop answers to an anonymous client (crawler) for a target. */
function response(target: string, t: number): [status: number, bytes: number] {
  const path = target.split('?')[0] ?? target;
  if (path === '/robots.txt') return robotsResponse(t);
  if (path === '/') return [200, between(rng, 70500, 72400)];
  if (path.startsWith('/products/')) {
    const slug = path.slice('/products/'.length);
    return DISCONTINUED.includes(slug) ? [404, NOT_FOUND_BYTES] : [200, between(rng, 38000, 62000)];
  }
  if (path.startsWith('/category/')) return path.endsWith('/') ? [200, between(rng, 52000, 88000)] : [301, 162];
  if (path.startsWith('/blog/drafts/')) return [200, between(rng, 21000, 26000)];
  if (path.startsWith('/blog')) return [200, between(rng, 24000, 41000)];
  if (path.startsWith('/tag/')) return [200, between(rng, 30000, 36000)];
  if (path === '/search') return [200, between(rng, 30000, 45000)];
  if (path === '/cart/') return [200, between(rng, 9000, 12000)];
  if (path.startsWith('/checkout/') || path.startsWith('/account/')) return [302, 138];
  if (path.startsWith('/media/')) return [200, between(rng, 20000, 240000)];
  if (path.startsWith('/static/')) {
    const asset = ASSETS.find(([p]) => p === path);
    return [200, asset ? asset[1] : between(rng, 4000, 90000)];
  }
  if (path.startsWith('/admin-backup/')) return [403, 548];
  if (path.startsWith('/old-shop/') || path === '/sitemap.xml') return [301, 162];
  if (path === '/sitemap_index.xml') return [200, 1843];
  if (path.startsWith('/sitemaps/')) return [200, between(rng, 180000, 420000)];
  if (path === '/api/products/feed.xml') return [200, 1284410];
  if (path.startsWith('/api/')) return [401, 61];
  if (path.startsWith('/wishlist/') || path.startsWith('/compare/')) return [200, between(rng, 8000, 15000)];
  if (path.startsWith('/print/')) return [200, between(rng, 9000, 14000)];
  if (path.startsWith('/downloads/')) return [200, between(rng, 240000, 1900000)];
  if (path === '/out') return [302, 0];
  return [404, NOT_FOUND_BYTES];
}

function emit(t: number, r: Req): void {
  if (t < 0 || t >= SPAN) return; // keep the log inside its 3 days
  const [status, bytes] = r.status !== undefined ? [r.status, r.bytes ?? 0] : response(r.target, t);
  events.push({
    t: Math.floor(t),
    seq: seq++,
    line: formatCombined({
      ip: r.ip,
      epochSeconds: T0 + Math.floor(t),
      method: r.method ?? 'GET',
      target: r.target,
      protocol: r.protocol ?? 'HTTP/1.1',
      status,
      bytes,
      referer: r.referer ?? '-',
      userAgent: r.ua,
    }),
  });
}

// ---- URL pickers ------------------------------------------------------------------------------

const product = (): string => `/products/${pick(rng, PRODUCTS)}`;
const category = (): string => `/category/${pick(rng, CATEGORIES)}/`;
const blogPost = (): string => `/blog/${pick(rng, BLOG_POSTS)}`;
const search = (): string => `/search?q=${pick(rng, SEARCH_TERMS)}`;
const productImage = (): string => `/media/products/${pick(rng, PRODUCTS)}-${between(rng, 1, 4)}.jpg`;

/** Pages any well-behaved crawler would find by following links (allowed for every group). */
function linkedPage(): string {
  const x = rng();
  if (x < 0.42) return product();
  if (x < 0.62) return category();
  if (x < 0.7) return `${category()}?page=${between(rng, 2, 6)}`;
  if (x < 0.84) return blogPost();
  if (x < 0.87) return `/tag/${pick(rng, BLOG_TAGS)}/`;
  if (x < 0.9) return '/';
  if (x < 0.93) return '/blog/';
  if (x < 0.96) return `/sitemaps/products-${between(rng, 1, 3)}.xml`;
  return '/sitemap_index.xml';
}

/** `count` sorted random times in [from, to), avoiding any of the `skip` windows. */
function times(count: number, from = 0, to = SPAN, skip: ReadonlyArray<{ from: number; to: number }> = []): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const t = from + int(rng, to - from);
    if (!skip.some((w) => inRange(t, w))) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** Regular robots.txt refetches every `everyHours` (±25 %), starting at `first`. */
function robotsSchedule(first: number, everyHours: number): number[] {
  const out: number[] = [];
  for (let t = first; t < SPAN; t += everyHours * HOUR * (0.75 + rng() * 0.5)) out.push(Math.floor(t));
  return out;
}

/** A burst of requests `minGap`–`maxGap` seconds apart. */
function burst(start: number, count: number, minGap: number, maxGap: number): number[] {
  const out: number[] = [];
  let t = start;
  for (let i = 0; i < count; i++) {
    out.push(t);
    t += between(rng, minGap, maxGap);
  }
  return out;
}

const at = (day: number, h: number, m: number, s = 0): number => day * DAY + h * HOUR + m * 60 + s;

// ---- crawlers -------------------------------------------------------------------------------

function googlebot(): void {
  const smart = CRAWLERS.googlebotSmartphone;
  const desk = CRAWLERS.googlebotDesktop;
  const ua = (): string => (chance(rng, 0.8) ? UA.googlebotSmartphone : pick(rng, desk.userAgents));
  // robots.txt: first fetch of the log at 00:00:03, then every ~4 h
  emit(3, { ip: '66.249.66.1', ua: UA.googlebotSmartphone, target: '/robots.txt' });
  for (const t of robotsSchedule(at(0, 4, 11), 4)) {
    if (!inRange(t, OUTAGE_503)) emit(t, { ip: pick(rng, smart.ips), ua: ua(), target: '/robots.txt' });
  }
  // the 503 hour: retries every ~10 minutes, no page fetches until robots.txt is back
  for (const t of [at(1, 14, 0, 41), at(1, 14, 9, 12), at(1, 14, 21, 5), at(1, 14, 33, 50), at(1, 14, 47, 2), at(1, 14, 58, 39), at(1, 15, 2, 17)]) {
    emit(t, { ip: pick(rng, smart.ips), ua: UA.googlebotSmartphone, target: '/robots.txt' });
  }
  // the 404 window: Googlebot notices the missing file
  emit(at(2, 2, 31, 8), { ip: '66.249.66.3', ua: UA.googlebotSmartphone, target: '/robots.txt' });
  emit(at(2, 4, 50, 44), { ip: '66.249.64.5', ua: UA.googlebotSmartphone, target: '/robots.txt' });
  emit(at(2, 5, 52, 30), { ip: '66.249.64.5', ua: UA.googlebotSmartphone, target: '/robots.txt' });

  const pause = [{ from: OUTAGE_503.from, to: OUTAGE_503.to + 200 }];
  for (const t of times(330, 60, SPAN, pause)) {
    const x = rng();
    let target: string;
    if (x < 0.78) target = linkedPage();
    else if (x < 0.84) target = `${category()}?color=${pick(rng, COLORS)}`; // Allow: /category/*?color=
    else if (x < 0.89) target = search(); // the * group's /search? does not apply to Googlebot
    else if (x < 0.91) target = '/cart/';
    else if (x < 0.925) target = '/checkout/';
    else target = pick(rng, ASSETS)[0]; // rendering
    emit(t, { ip: pick(rng, smart.ips), ua: ua(), target });
  }
  // the few Googlebot requests its own group disallows
  emit(at(0, 10, 14, 27), { ip: '66.249.66.6', ua: UA.googlebotSmartphone, target: '/category/womens-boots/?sort=price-asc' });
  emit(at(1, 8, 0, 51), { ip: '66.249.68.9', ua: UA.googlebotDesktop, target: '/old-shop/clearance/' });
  // ?sessionid= is only disallowed in the * group, which Googlebot does not read
  emit(at(2, 12, 40, 3), { ip: '66.249.65.37', ua: UA.googlebotSmartphone, target: `/products/${PRODUCTS[3] ?? 'x'}?sessionid=8f2c41aa90` });
  // a ?sort= request inside the 404 window, where everything is allowed
  emit(at(2, 3, 20, 9), { ip: '66.249.66.3', ua: UA.googlebotSmartphone, target: '/category/jackets/?sort=newest' });
  // a gone product and a discontinued one
  emit(at(0, 18, 2, 40), { ip: '66.249.66.34', ua: UA.googlebotSmartphone, target: `/products/${DISCONTINUED[0] ?? 'x'}` });

  // IPv6 Googlebot
  emit(at(0, 7, 45, 12), { ip: GOOGLEBOT_IPV6[0], ua: UA.googlebotSmartphone, target: '/robots.txt' });
  for (const t of times(6, at(0, 7, 46), at(2, 20, 0))) {
    emit(t, { ip: pick(rng, GOOGLEBOT_IPV6), ua: UA.googlebotSmartphone, target: linkedPage() });
  }

  // Googlebot-Image
  for (const t of times(60, 0, SPAN, [OUTAGE_503])) {
    const target = chance(rng, 0.9) ? productImage() : `/media/banners/${pick(rng, BANNERS)}.webp`;
    emit(t, { ip: pick(rng, CRAWLERS.googlebotImage.ips), ua: UA.googlebotImage, target });
  }
}

function bingbot(): void {
  const b = CRAWLERS.bingbot;
  const ua = (): string => pick(rng, b.userAgents);
  for (const t of robotsSchedule(at(0, 1, 37), 6)) emit(t, { ip: pick(rng, b.ips), ua: ua(), target: '/robots.txt' });
  // Bing carries on crawling through the 503 hour
  emit(at(1, 14, 5, 19), { ip: '157.55.39.12', ua: UA.bingbot, target: '/robots.txt' });
  for (const t of [at(1, 14, 12, 3), at(1, 14, 19, 44), at(1, 14, 31, 26), at(1, 14, 40, 57)]) {
    emit(t, { ip: '157.55.39.12', ua: UA.bingbot, target: linkedPage() });
  }
  for (const t of times(150)) emit(t, { ip: pick(rng, b.ips), ua: ua(), target: linkedPage() });
  // disallowed for bingbot (merged Bingbot + bingbot groups)
  for (const t of times(3)) emit(t, { ip: pick(rng, b.ips), ua: ua(), target: search() });
  for (const t of times(2)) emit(t, { ip: pick(rng, b.ips), ua: ua(), target: `/compare/?ids=${between(rng, 1000, 9999)},${between(rng, 1000, 9999)}` });
  emit(at(0, 16, 20, 11), { ip: '207.46.13.88', ua: UA.bingbotChrome, target: '/cart/' });
  // /cart/ inside the 404 window: allowed
  emit(at(2, 4, 3, 37), { ip: '207.46.13.140', ua: UA.bingbotChrome, target: '/cart/' });
  // ?sessionid= is only in the * group, which bingbot does not read
  emit(at(1, 9, 12, 45), { ip: '40.77.167.23', ua: UA.bingbot, target: `/products/${PRODUCTS[11] ?? 'x'}?sessionid=a81be0d2c4` });
  // a burst faster than its Crawl-delay: 5
  for (const t of burst(at(0, 21, 3, 10), 10, 1, 4)) emit(t, { ip: '157.55.39.201', ua: UA.bingbotChrome, target: product() });
}

function aiCrawlers(): void {
  // GPTBot (verified): mostly reads robots.txt; crawls pages while robots.txt is missing
  const g = CRAWLERS.gptbot;
  for (const t of robotsSchedule(at(0, 2, 50), 6)) emit(t, { ip: pick(rng, g.ips), ua: UA.gptbot, target: '/robots.txt' });
  emit(at(2, 2, 26, 40), { ip: '20.171.207.14', ua: UA.gptbot, target: '/robots.txt' });
  for (const t of times(14, at(2, 2, 27), MISSING_404.to)) emit(t, { ip: pick(rng, g.ips), ua: UA.gptbot, target: linkedPage() });
  for (const t of times(3, at(0, 6, 0), at(1, 22, 0))) emit(t, { ip: pick(rng, g.ips), ua: UA.gptbot, target: blogPost() });

  // OpenAI's OAI-SearchBot is not named in the file: it uses the * group
  for (const t of times(6)) emit(t, { ip: '172.182.193.227', ua: UA.oaiSearchbot, target: linkedPage() });

  // ClaudeBot (verified): /blog/ is allowed, but it bursts faster than Crawl-delay: 10
  const c = CRAWLERS.claudebot;
  for (const t of robotsSchedule(at(0, 3, 15), 8)) emit(t, { ip: pick(rng, c.ips), ua: UA.claudebot, target: '/robots.txt' });
  for (const t of burst(at(0, 9, 30, 4), 14, 2, 5)) emit(t, { ip: '160.79.104.10', ua: UA.claudebot, target: chance(rng, 0.8) ? blogPost() : '/blog/' });
  for (const t of burst(at(2, 16, 10, 30), 12, 1, 4)) emit(t, { ip: '160.79.104.27', ua: UA.claudebot, target: blogPost() });
  for (const t of times(6)) emit(t, { ip: pick(rng, c.ips), ua: UA.claudebot, target: product() }); // disallowed

  // CCBot (verified): fast /blog/ crawl, then category pages it may not fetch
  const cc = CRAWLERS.ccbot;
  for (const t of robotsSchedule(at(0, 5, 40), 18)) emit(t, { ip: pick(rng, cc.ips), ua: UA.ccbot, target: '/robots.txt' });
  emit(at(1, 5, 59, 50), { ip: '18.97.14.84', ua: UA.ccbot, target: '/robots.txt' });
  for (const t of burst(at(1, 6, 0, 2), 18, 1, 3)) emit(t, { ip: '18.97.14.84', ua: UA.ccbot, target: chance(rng, 0.75) ? blogPost() : `/blog/?page=${between(rng, 2, 5)}` });
  for (const t of burst(at(1, 6, 5, 12), 6, 1, 3)) emit(t, { ip: '18.97.14.86', ua: UA.ccbot, target: category() });

  // PerplexityBot: * group
  const p = CRAWLERS.perplexitybot;
  for (const t of robotsSchedule(at(0, 8, 8), 20)) emit(t, { ip: pick(rng, p.ips), ua: UA.perplexitybot, target: '/robots.txt' });
  for (const t of times(25)) emit(t, { ip: pick(rng, p.ips), ua: UA.perplexitybot, target: chance(rng, 0.6) ? product() : blogPost() });
  for (const t of times(2)) emit(t, { ip: pick(rng, p.ips), ua: UA.perplexitybot, target: search() });
  emit(at(1, 19, 41, 2), { ip: '3.224.62.45', ua: UA.perplexitybot, target: '/tmp/export-2026-10.csv' });

  // Amazonbot: * group
  const a = CRAWLERS.amazonbot;
  for (const t of robotsSchedule(at(0, 0, 48), 24)) emit(t, { ip: a.ips[0], ua: UA.amazonbot, target: '/robots.txt' });
  for (const t of times(30)) emit(t, { ip: a.ips[0], ua: UA.amazonbot, target: linkedPage() });
  emit(at(0, 13, 7, 33), { ip: a.ips[0], ua: UA.amazonbot, target: '/wishlist/shared/7f3e9a' }); // Allow: /wishlist/ wins
  emit(at(1, 2, 44, 10), { ip: a.ips[0], ua: UA.amazonbot, target: `/print/products/${PRODUCTS[20] ?? 'x'}` }); // Dissallow: (Google-only spelling)
  emit(at(1, 11, 15, 0), { ip: a.ips[0], ua: UA.amazonbot, target: '/compare/?ids=4821,1188' });
  emit(at(2, 9, 51, 27), { ip: a.ips[0], ua: UA.amazonbot, target: '/downloads/size-guide-2026.pdf' }); // `/*.pdf$?*` blocks nothing
}

function otherCrawlers(): void {
  // Applebot: no Applebot group, so it follows the Googlebot group
  const ap = CRAWLERS.applebot;
  for (const t of robotsSchedule(at(0, 6, 2), 16)) emit(t, { ip: pick(rng, ap.ips), ua: UA.applebot, target: '/robots.txt' });
  for (const t of times(50)) emit(t, { ip: pick(rng, ap.ips), ua: UA.applebot, target: chance(rng, 0.85) ? linkedPage() : search() });
  emit(at(1, 20, 30, 45), { ip: '17.241.75.12', ua: UA.applebot, target: '/category/knitwear/?sort=bestsellers' });

  // YandexBot: the (detached) Yandex group
  const y = CRAWLERS.yandexbot;
  for (const t of robotsSchedule(at(0, 3, 3), 16)) emit(t, { ip: pick(rng, y.ips), ua: UA.yandexbot, target: '/robots.txt' });
  emit(at(1, 14, 26, 31), { ip: '5.255.231.18', ua: UA.yandexbot, target: '/robots.txt' });
  for (const t of times(40)) emit(t, { ip: pick(rng, y.ips), ua: UA.yandexbot, target: linkedPage() });
  for (const t of times(3)) emit(t, { ip: pick(rng, y.ips), ua: UA.yandexbot, target: search() });
  for (const t of times(2)) emit(t, { ip: pick(rng, y.ips), ua: UA.yandexbot, target: '/cart/' });

  // Baiduspider: the blank line put it in the PetalBot group, Disallow: /
  const bd = CRAWLERS.baiduspider;
  for (const t of robotsSchedule(at(0, 4, 40), 24)) emit(t, { ip: pick(rng, bd.ips), ua: UA.baiduspider, target: '/robots.txt' });
  for (const t of times(24)) emit(t, { ip: pick(rng, bd.ips), ua: UA.baiduspider, target: linkedPage() });

  // AhrefsBot: * group; busy while robots.txt was missing
  const ah = CRAWLERS.ahrefsbot;
  for (const t of robotsSchedule(at(0, 0, 30), 14)) emit(t, { ip: pick(rng, ah.ips), ua: UA.ahrefsbot, target: '/robots.txt' });
  emit(at(2, 2, 40, 0), { ip: '54.36.148.17', ua: UA.ahrefsbot, target: '/robots.txt' });
  for (const t of times(62)) emit(t, { ip: pick(rng, ah.ips), ua: UA.ahrefsbot, target: linkedPage() });
  for (const t of times(12, at(2, 2, 41), MISSING_404.to)) {
    const target = pick(rng, ['/cart/', '/checkout/', '/account/login', search(), `/products/${pick(rng, PRODUCTS)}?sessionid=0c${between(rng, 10000, 99999)}`]);
    emit(t, { ip: '54.36.148.17', ua: UA.ahrefsbot, target });
  }
  emit(at(0, 15, 3, 20), { ip: '54.36.149.66', ua: UA.ahrefsbot, target: '/blog/drafts/2027-spring-lookbook' }); // %62 vs b
  emit(at(1, 1, 12, 9), { ip: '54.36.149.66', ua: UA.ahrefsbot, target: '/out?url=https%3A%2F%2Fwww.partner-outdoor.test%2F' });
  emit(at(1, 7, 33, 51), { ip: '51.222.253.3', ua: UA.ahrefsbot, target: '/internal/stock-report' }); // full-URL pattern never matches
  emit(at(2, 18, 4, 14), { ip: '51.222.253.3', ua: UA.ahrefsbot, target: '/private/press-kit.zip' }); // `private/` never matches
  emit(at(2, 22, 9, 2), { ip: '54.36.148.17', ua: UA.ahrefsbot, target: '/account/settings' });

  // facebookexternalhit: link previews when a product is shared
  const fb = CRAWLERS.facebookexternalhit;
  for (const start of times(12)) {
    const target = chance(rng, 0.7) ? product() : blogPost();
    for (const t of burst(start, between(rng, 1, 5), 0, 40)) emit(t, { ip: pick(rng, fb.ips), ua: UA.facebookexternalhit, target });
  }
}

function spoofersAndScanners(): void {
  const probes = [
    '/checkout/', '/account/orders', '/account/settings', '/admin-backup/', '/admin-backup/db-2024-03.sql.gz',
    '/api/v2/customers?limit=500', '/.env', '/wp-login.php', '/.git/config', '/cart/', '/staging/',
  ];
  // Googlebot UA from addresses Google does not use
  for (const ip of SPOOF_IPS.googlebot) {
    const start = int(rng, SPAN - 2 * HOUR);
    for (const t of burst(start, between(rng, 18, 25), 1, 40)) {
      emit(t, { ip, ua: chance(rng, 0.5) ? UA.googlebotClassic : UA.googlebotSmartphone, target: chance(rng, 0.45) ? pick(rng, probes) : chance(rng, 0.5) ? search() : product() });
    }
  }
  for (const t of burst(at(1, 3, 12, 0), 5, 2, 30)) {
    emit(t, { ip: SPOOF_IPS.googlebotIpv6[0], ua: UA.googlebotSmartphone, target: pick(rng, probes) });
  }
  // GPTBot UA from a scraper farm: no robots.txt, straight to the catalogue
  for (const t of burst(at(1, 3, 0, 5), 40, 1, 20)) emit(t, { ip: SPOOF_IPS.gptbot[0], ua: UA.gptbot, target: chance(rng, 0.8) ? product() : category() });
  for (const t of burst(at(2, 15, 22, 0), 15, 2, 60)) emit(t, { ip: SPOOF_IPS.gptbot[1], ua: UA.gptbot, target: product() });
  for (const t of burst(at(0, 22, 5, 0), 8, 3, 90)) emit(t, { ip: SPOOF_IPS.bingbot[0], ua: UA.bingbot, target: chance(rng, 0.5) ? search() : pick(rng, probes) });
  for (const t of burst(at(1, 19, 2, 0), 8, 1, 15)) emit(t, { ip: SPOOF_IPS.claudebot[0], ua: UA.claudebot, target: product() });

  // plain scanners
  const scanners: ReadonlyArray<readonly [string, string]> = [
    ['python-requests/2.32.3', '45.148.10.203'],
    ['curl/8.7.1', '198.51.100.14'],
    ['Go-http-client/1.1', '45.156.129.71'],
    ['Mozilla/5.0 zgrab/0.x', '167.94.138.44'],
  ];
  for (const t of times(20)) {
    const [ua, ip] = pick(rng, scanners);
    emit(t, { ip, ua, target: pick(rng, ['/.env', '/wp-login.php', '/.git/config', '/xmlrpc.php', '/phpmyadmin/', '/admin-backup/', '/server-status', '/.aws/credentials']) });
  }

  // hostile content in the request fields (must be shown escaped, never rendered)
  emit(at(0, 11, 47, 9), { ip: '45.95.147.226', ua: '<script>alert(1)</script>', target: '/' });
  emit(at(0, 11, 47, 13), { ip: '45.95.147.226', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; <img src=x onerror=alert(1)>)', target: '/account/' });
  emit(at(1, 23, 18, 40), {
    ip: '198.51.100.150', target: '/search?q=<script>alert(1)</script>', referer: 'javascript:alert(document.cookie)',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });
  emit(at(2, 8, 2, 55), { ip: '203.0.113.201', ua: 'Mozilla/5.0 "><svg/onload=alert(1)>', target: `/products/${PRODUCTS[5] ?? 'x'}`, referer: '"><img src=x onerror=alert(2)>' });
}

// ---- browsers -------------------------------------------------------------------------------

const browserUas = new Weighted(BROWSER_UAS);
/** Visits per UTC hour (a mostly European audience). */
const HOURLY = new Weighted<number>([2, 1.5, 1, 0.8, 0.8, 1, 2, 4, 6, 7, 7, 8, 8, 8, 7, 7, 7, 8, 9, 10, 10, 9, 6, 4].map((w, h) => [h, w] as const));
const LANDING_REFERERS = new Weighted<string>([
  ['https://www.google.com/', 45], ['-', 25], ['https://www.bing.com/', 7], ['https://l.instagram.com/', 5],
  ['https://www.facebook.com/', 5], ['https://duckduckgo.com/', 4], ['https://www.ecosia.org/', 2], ['newsletter', 7],
]);

function browserIp(): string {
  if (chance(rng, 0.12)) {
    const h = (): string => int(rng, 0x10000).toString(16);
    return `${pick(rng, BROWSER_V6_PREFIXES)}${h()}:${h()}:${h()}:${h()}:${h()}:${h()}`;
  }
  return `${pick(rng, BROWSER_V4_PREFIXES)}${between(rng, 0, 255)}.${between(rng, 1, 254)}`;
}

function browserSession(): void {
  const ip = browserIp();
  const ua = browserUas.pick(rng);
  const ios = ua.includes('iPhone') || ua.includes('iPad');
  let t = between(rng, 0, 2) * DAY + HOURLY.pick(rng) * HOUR + int(rng, HOUR);
  const req = (target: string, referer: string, extra: Partial<Pick<Req, 'method' | 'status' | 'bytes'>> = {}): void => {
    emit(t, { ip, ua, target, referer, protocol: 'HTTP/2.0', ...extra });
  };
  const assets = (page: string, first: boolean): void => {
    const ref = ORIGIN + page;
    if (first) {
      for (const [path, bytes] of ASSETS.slice(0, 3)) req(path, ref, { status: 200, bytes });
      t += int(rng, 2);
      req('/static/fonts/inter-var.3b2f.woff2', `${ORIGIN}/static/css/main.4f3a2c91.css`, { status: 200, bytes: 98540 });
      req('/static/img/logo.svg', ref, { status: 200, bytes: 4211 });
      if (chance(rng, 0.5)) req('/favicon.ico', ref, { status: 200, bytes: 15086 });
      if (ios && chance(rng, 0.5)) req('/apple-touch-icon.png', '-', { status: 404, bytes: NOT_FOUND_BYTES });
    } else if (chance(rng, 0.25)) {
      req('/static/css/main.4f3a2c91.css', ref, { status: 304, bytes: 0 });
    }
    for (let i = between(rng, 0, first ? 3 : 2); i > 0; i--) {
      t += int(rng, 3);
      req(productImage(), ref, { status: 200, bytes: between(rng, 22000, 180000) });
    }
  };

  // landing page
  let referer = LANDING_REFERERS.pick(rng);
  let page: string;
  const x = rng();
  if (x < 0.25) page = '/';
  else if (x < 0.6) page = product();
  else if (x < 0.8) page = category();
  else if (x < 0.95) page = blogPost();
  else page = search();
  if (referer === 'newsletter') {
    referer = '-';
    page += `${page.includes('?') ? '&' : '?'}utm_source=newsletter&utm_medium=email&utm_campaign=black-friday-2026`;
  }
  const pageviews = between(rng, 1, 6);
  for (let i = 0; i < pageviews; i++) {
    if (page.startsWith('/category/') && chance(rng, 0.04)) {
      // an old link without the trailing slash
      req(page.slice(0, -1), referer, { status: 301, bytes: 162 });
      t += 1;
    }
    const path = page.split('?')[0] ?? page;
    if (path.startsWith('/products/') && chance(rng, 0.03)) {
      req(`/products/${pick(rng, DISCONTINUED)}`, referer, { status: 404, bytes: NOT_FOUND_BYTES });
    } else {
      const [status, bytes] = response(page, t);
      req(page, referer, { status, bytes });
      assets(path, i === 0);
    }
    referer = ORIGIN + page;
    t += between(rng, 6, 95);

    // next page
    const y = rng();
    if (path.startsWith('/products/') && y < 0.18) {
      req('/cart/add', referer, { method: 'POST', status: 302, bytes: 0 });
      t += 1;
      page = '/cart/';
      if (chance(rng, 0.35)) {
        const [s, b] = response('/cart/', t);
        req('/cart/', referer, { status: s, bytes: b });
        t += between(rng, 10, 60);
        req('/checkout/', ORIGIN + '/cart/', { status: 200, bytes: between(rng, 21000, 24000) });
        req('/static/js/checkout.77aa01be.js', `${ORIGIN}/checkout/`, { status: 200, bytes: 64120 });
        if (chance(rng, 0.6)) {
          t += between(rng, 40, 240);
          req('/checkout/payment', `${ORIGIN}/checkout/`, { method: 'POST', status: 302, bytes: 0 });
          t += between(rng, 2, 8);
          req(`/checkout/thank-you?order=${between(rng, 100200, 100999)}`, `${ORIGIN}/checkout/`, { status: 200, bytes: between(rng, 15000, 17000) });
        }
        return;
      }
    } else if (y < 0.5) page = product();
    else if (y < 0.72) page = category();
    else if (y < 0.8) page = `${category()}?color=${pick(rng, COLORS)}`;
    else if (y < 0.9) page = search();
    else page = blogPost();
  }
}

// ---- malformed lines ----------------------------------------------------------------------

/** `[24/Nov/2026:09:31:07 +0000]` of a combined line → `2026/11/24 09:31:07` (nginx error-log style). */
function errorLogTime(line: string): string {
  const m = /\[(\d{2})\/(\w{3})\/(\d{4}):(\d{2}:\d{2}:\d{2})/.exec(line);
  if (!m) return '2026/11/24 09:31:07';
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(m[2] ?? '') + 1;
  return `${m[3] ?? ''}/${String(month).padStart(2, '0')}/${m[1] ?? ''} ${m[4] ?? ''}`;
}

/** Lines a parser must count and skip, inserted at fixed points of the sorted log. */
function malformed(sorted: Event[]): string[] {
  const lines = sorted.map((e) => e.line);
  const insert = (fraction: number, make: (neighbour: string) => string): void => {
    const i = Math.floor(lines.length * fraction);
    lines.splice(i, 0, make(lines[i - 1] ?? ''));
  };
  // 1. a line cut short (log rotation while nginx was writing)
  insert(0.21, (prev) => prev.slice(0, Math.floor(prev.length * 0.55)));
  // 2. an nginx error-log line that ended up in the access log
  insert(0.47, (prev) => `${errorLogTime(prev)} [error] 2211#2211: *884213 open() "/var/www/shop/public/apple-touch-icon-precomposed.png" failed (2: No such file or directory), client: 81.2.69.160, server: ${HOST}, request: "GET /apple-touch-icon-precomposed.png HTTP/1.1", host: "${HOST}"`);
  // 3. fields missing after the status
  insert(0.68, (prev) => {
    const m = /^(\S+ - - \[[^\]]+\] "[^"]*" \d{3})/.exec(prev);
    return m?.[1] ?? '198.51.100.23 - - [25/Nov/2026:11:02:45 +0000] "GET /account/orders HTTP/1.1" 200';
  });
  // 4. binary junk (a TLS ClientHello logged raw by a misconfigured proxy)
  insert(0.86, () => '\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03\\x8e\\x1f\\xd5\\x9c');
  return lines;
}

// ---------------------------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------------------------

googlebot();
bingbot();
aiCrawlers();
otherCrawlers();
spoofersAndScanners();
const crawlerLines = events.length;
const TARGET_LINES = 4000 - 4;
while (events.length < TARGET_LINES) browserSession();
events.sort((a, b) => a.t - b.t || a.seq - b.seq);
const logLines = malformed(events);
const LOG_TEXT = logLines.join('\n') + '\n';

// ---- README -------------------------------------------------------------------------------

function readme(): string {
  const byId = new Map<string, string[]>();
  ROBOTS.forEach(([text, lint], i) => {
    for (const [id, note] of Object.entries(lint ?? {})) {
      const list = byId.get(id) ?? [];
      list.push(`line ${i + 1}: \`${text}\`${note ? ` — ${resolveNote(note)}` : ''}`);
      byId.set(id, list);
    }
  });
  const mistakes = [...byId.entries()]
    .map(([id, items]) => `- \`${id}\`\n${items.map((s) => `  - ${s}`).join('\n')}`)
    .join('\n');
  const first = events[0];
  const last = events[events.length - 1];
  const fmt = (e: Event | undefined): string => (e ? new Date((T0 + e.t) * 1000).toISOString().replace('.000Z', 'Z') : '?');
  const d = (t: number): string => new Date((T0 + t) * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return `# Sample workspace

Everything here is generated by \`scripts/generate-examples.ts\` (deterministic, seed ${SEED}):
regenerate with \`node --import tsx scripts/generate-examples.ts\`. The site is fictional:
\`${ORIGIN}\`, an outdoor-gear shop with a blog.

## robots.txt

${ROBOTS.length} lines: sensible rules (carts, checkout, internal search, session ids, AI opt-outs,
sitemaps) written the way a real team writes them — by several people over several years. Open it
with the extension: every diagnostic below should appear, and nothing else should be claimed.

What a crawler actually does with it, in short:

- Googlebot has its own group, so **none** of the \`*\` rules (/cart/, /checkout/, /search?) apply
  to it; \`User-agent: Googlebot/2.1\` is merged into that group. Googlebot-Image and Applebot fall
  back to the Googlebot group too.
- Baiduspider is followed by a blank line and \`User-agent: PetalBot\`: under RFC 9309 both share
  \`Disallow: /\`, although the comment says "Baidu is fine".
- \`360Spider\` reduces to an empty product token: that group applies to nobody.
- The two bingbot groups are merged (Crawl-delay 5 and an invalid \`1s\`).

Mistakes, by lint id:

${mistakes}

## access.log

${logLines.length} lines, Apache/nginx combined format, host \`${HOST}\`, from ${fmt(first)} to ${fmt(last)}
(timestamps never decrease). About ${crawlerLines} crawler/bot lines, the rest browser visits
(pages, assets, carts and checkouts, 200/301/302/304/404).

- **Verified crawlers** (addresses inside the operators' published ranges): Googlebot smartphone and
  desktop (66.249.64.0/19 blocks such as 66.249.66.1, and IPv6 ${GOOGLEBOT_IPV6.join(', ')}),
  Googlebot-Image, bingbot (157.55.39.x, 207.46.13.x, 40.77.167.x), GPTBot (20.171.206.x/20.171.207.x),
  OAI-SearchBot, ClaudeBot (160.79.104.0/21), CCBot (18.97.14.80/29), PerplexityBot, Applebot
  (17.x), AhrefsBot, facebookexternalhit (Meta ranges). YandexBot, Baiduspider and Amazonbot
  publish no usable list: reverse DNS only.
- **Spoofed**: Googlebot UAs from ${SPOOF_IPS.googlebot.join(', ')} and ${SPOOF_IPS.googlebotIpv6.join(', ')};
  GPTBot UAs from ${SPOOF_IPS.gptbot.join(', ')}; bingbot from ${SPOOF_IPS.bingbot.join(', ')};
  ClaudeBot from ${SPOOF_IPS.claudebot.join(', ')}. They skip robots.txt and go for /checkout/,
  /account/, /admin-backup/, /api/ and the catalogue.
- **robots.txt fetch states**: 200 (${ROBOTS_BYTES} bytes) except a burst of **503** from ${d(OUTAGE_503.from)} to
  ${d(OUTAGE_503.to)} UTC (everything disallowed while unreachable; Googlebot waits, bingbot keeps
  crawling) and **404** from ${d(MISSING_404.from)} to ${d(MISSING_404.to)} UTC (everything allowed:
  GPTBot and AhrefsBot crawl carts, search and the catalogue in that window).
- **Violations to find**: GPTBot, Baiduspider (via the detached group) and ClaudeBot/CCBot outside
  /blog/; bingbot on /search?, /compare/, /cart/; YandexBot on /search?; PerplexityBot on /search?;
  Googlebot and Applebot on \`?sort=\`; Googlebot on /old-shop/; AhrefsBot on /blog/drafts/ (only
  under RFC decoding of \`%62\`) and /out?url=…; Amazonbot on /compare/; PerplexityBot on /tmp/ and
  Amazonbot on /print/ (only through Google-only spellings); anything crawled during the 503 hour.
- **Allowed, perhaps to the owner's surprise**: Googlebot on /cart/, /checkout/, /search? and
  \`?sessionid=\`, Applebot on /search? (\`*\` rules not inherited); bingbot on \`?sessionid=\`; YandexBot on /cart/; Amazonbot on
  /wishlist/ (the Allow wins) and a PDF (\`$\` mid-pattern); AhrefsBot on /internal/ and /private/
  (patterns that never match).
- **Crawl-delay**: ClaudeBot and CCBot fetch /blog/ pages 1–5 s apart against \`Crawl-delay: 10\`;
  one bingbot burst is faster than its \`Crawl-delay: 5\`.
- **Hostile content**: a few requests carry \`<script>\`, \`<img onerror>\`, \`<svg onload>\` and a
  \`javascript:\` referer in the UA, path or referer fields; one UA contains an escaped quote (\`\\"\`).
- **Malformed lines** (4, to be counted and skipped): a truncated line, an nginx error-log line, a
  line that stops after the status code, and raw TLS bytes.
`;
}

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'robots.txt'), ROBOTS_TEXT);
writeFileSync(join(OUT_DIR, 'access.log'), LOG_TEXT);
writeFileSync(join(OUT_DIR, 'README.md'), readme());

console.log(`examples/robots.txt  ${ROBOTS.length} lines, ${ROBOTS_BYTES} bytes`);
console.log(`examples/access.log  ${logLines.length} lines (${crawlerLines} crawler/bot), ${Buffer.byteLength(LOG_TEXT)} bytes`);
console.log('examples/README.md');
console.log(`log range ${new Date((T0 + (events[0]?.t ?? 0)) * 1000).toISOString()} .. ${new Date((T0 + (events[events.length - 1]?.t ?? 0)) * 1000).toISOString()}`);
