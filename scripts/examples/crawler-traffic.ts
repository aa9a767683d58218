/** Crawler and bot traffic: verified crawlers, the AI crawlers, spoofers, scanners and hostile request fields. */
import { CRAWLERS, GOOGLEBOT_IPV6, SPOOF_IPS, UA } from '../../bench/fixtures/agents';
import { int, between, pick, chance } from '../../bench/fixtures/prng';
import { COLORS, ASSETS, BANNERS } from '../../bench/fixtures/shop';
import {
  HOUR, SPAN, OUTAGE_503, MISSING_404, rng, PRODUCTS, DISCONTINUED, inRange, emit,
  product, category, blogPost, search, productImage, linkedPage, times, robotsSchedule, burst, at,
} from './log-events';

/** Emits every crawler's requests, in a fixed order (the random source is shared). */
export function crawlerTraffic(): void {
  googlebot();
  bingbot();
  aiCrawlers();
  otherCrawlers();
  spoofersAndScanners();
}

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
