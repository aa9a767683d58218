/** Browser visits: landing pages, assets, carts and checkouts, at the hours a European audience shops. */
import { BROWSER_UAS, BROWSER_V4_PREFIXES, BROWSER_V6_PREFIXES } from '../../bench/fixtures/agents';
import { int, between, pick, chance, Weighted } from '../../bench/fixtures/prng';
import { ORIGIN, COLORS, ASSETS } from '../../bench/fixtures/shop';
import { DAY, HOUR, NOT_FOUND_BYTES, rng, DISCONTINUED, response, emit, product, category, blogPost, search, productImage } from './log-events';
import type { Req } from './log-events';

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

export function browserSession(): void {
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
