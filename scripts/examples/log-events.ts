/**
 * The access log as events: the seeded random source, the log's clock and outages, what the shop
 * answers for a target, `emit` for one request, and the URL and time pickers the traffic uses.
 */
import { formatCombined } from '../../bench/fixtures/combined-log';
import { mulberry32, int, between, pick } from '../../bench/fixtures/prng';
import type { Rng } from '../../bench/fixtures/prng';
import { CATEGORIES, BLOG_POSTS, BLOG_TAGS, SEARCH_TERMS, ASSETS, productSlugs } from '../../bench/fixtures/shop';
import { ROBOTS_BYTES } from './sample-robots';

export const SEED = 20261123;

export const T0 = Date.UTC(2026, 10, 23, 0, 0, 0) / 1000; // 2026-11-23T00:00:00Z
export const HOUR = 3600;
export const DAY = 24 * HOUR;
export const SPAN = 3 * DAY;

/** robots.txt answered 503 for one hour (origin for static files was down). */
export const OUTAGE_503 = { from: DAY + 14 * HOUR, to: DAY + 15 * HOUR } as const; // 24 Nov 14:00–15:00
/** robots.txt missing after a deploy (404) until the rollback. */
export const MISSING_404 = { from: 2 * DAY + 2 * HOUR + 10 * 60, to: 2 * DAY + 5 * HOUR + 40 * 60 } as const; // 25 Nov 02:10–05:40

export const NOT_FOUND_BYTES = 14873; // the shop's branded 404 page
export const rng: Rng = mulberry32(SEED);
export const PRODUCTS = productSlugs(160);
export const DISCONTINUED = productSlugs(180).slice(160);

export interface Event {
  readonly t: number;
  readonly seq: number;
  readonly line: string;
}
export const events: Event[] = [];
let seq = 0;

export interface Req {
  readonly ip: string;
  readonly ua: string;
  readonly target: string;
  readonly method?: string;
  readonly protocol?: string;
  readonly status?: number;
  readonly bytes?: number;
  readonly referer?: string;
}

export function inRange(t: number, r: { readonly from: number; readonly to: number }): boolean {
  return t >= r.from && t < r.to;
}

function robotsResponse(t: number): [status: number, bytes: number] {
  if (inRange(t, OUTAGE_503)) return [503, 197];
  if (inRange(t, MISSING_404)) return [404, NOT_FOUND_BYTES];
  return [200, ROBOTS_BYTES];
}

/** What the shop answers to an anonymous client (crawler) for a target. */
export function response(target: string, t: number): [status: number, bytes: number] {
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

export function emit(t: number, r: Req): void {
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

export const product = (): string => `/products/${pick(rng, PRODUCTS)}`;
export const category = (): string => `/category/${pick(rng, CATEGORIES)}/`;
export const blogPost = (): string => `/blog/${pick(rng, BLOG_POSTS)}`;
export const search = (): string => `/search?q=${pick(rng, SEARCH_TERMS)}`;
export const productImage = (): string => `/media/products/${pick(rng, PRODUCTS)}-${between(rng, 1, 4)}.jpg`;

/** Pages any well-behaved crawler would find by following links (allowed for every group). */
export function linkedPage(): string {
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
export function times(count: number, from = 0, to = SPAN, skip: ReadonlyArray<{ from: number; to: number }> = []): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const t = from + int(rng, to - from);
    if (!skip.some((w) => inRange(t, w))) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** Regular robots.txt refetches every `everyHours` (±25 %), starting at `first`. */
export function robotsSchedule(first: number, everyHours: number): number[] {
  const out: number[] = [];
  for (let t = first; t < SPAN; t += everyHours * HOUR * (0.75 + rng() * 0.5)) out.push(Math.floor(t));
  return out;
}

/** A burst of requests `minGap`–`maxGap` seconds apart. */
export function burst(start: number, count: number, minGap: number, maxGap: number): number[] {
  const out: number[] = [];
  let t = start;
  for (let i = 0; i < count; i++) {
    out.push(t);
    t += between(rng, minGap, maxGap);
  }
  return out;
}

export const at = (day: number, h: number, m: number, s = 0): number => day * DAY + h * HOUR + m * 60 + s;
