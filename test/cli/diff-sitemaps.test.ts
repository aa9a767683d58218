import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { runCli } from '../support/cli';

const SITE = 'https://shop.test';
const OLD = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /private/\n';
const NEW = 'User-agent: *\nDisallow: /private/\nDisallow: /shop/\n\nUser-agent: Googlebot\nDisallow: /private/\nAllow: /private/press/\n';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-diff-sitemaps-'));
writeFileSync(join(dir, 'old.txt'), OLD);
writeFileSync(join(dir, 'new.txt'), NEW);
const urls = [
  ...Array.from({ length: 1240 }, (_, i) => `${SITE}/shop/item-${i}`),
  ...Array.from({ length: 60 }, (_, i) => `${SITE}/blog/${i}`),
  `${SITE}/private/press/kit`,
  'https://elsewhere.test/shop/x',
];
writeFileSync(join(dir, 'sitemap.xml'), `<urlset>\n${urls.map((u) => `<url><loc>${u}</loc></url>`).join('\n')}\n</urlset>\n`);
writeFileSync(join(dir, 'index.xml'), '<sitemapindex><sitemap><loc>sitemap.xml</loc></sitemap></sitemapindex>');

interface Flips {
  checked: number;
  newlyBlocked: number;
  newlyAllowed: number;
  crawlers: { agents: string[]; newlyBlocked: number; newlyAllowed: number; examples: { newlyBlocked: { url: string; line: number; rule: string }[] } }[];
}

describe('robots-lens diff --sitemap', () => {
  test('says how many URLs listed in the sitemaps the edit newly blocks, with examples and the new line', async () => {
    const { code, stdout, stderr } = await runCli(['diff', join(dir, 'old.txt'), join(dir, 'new.txt'), '--sitemap', join(dir, 'index.xml')]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^Sitemaps: 2 sitemaps read \(1 index\), 1,301 URLs listed on https:\/\/shop\.test\.$/m);
    assert.match(stdout, /^This edit newly blocks 1,240 URLs listed in your sitemaps\.$/m);
    assert.match(stdout, /^It newly allows 1 URL listed in them\.$/m);
    assert.match(stdout, /^ {4}1,240 newly blocked, e\.g\. https:\/\/shop\.test\/shop\/item-0 \(line 3: Disallow: \/shop\/\), https:\/\/shop\.test\/shop\/item-1 /m);
  });

  test('the counts are what the matcher decides for every crawler of the catalogue, URL by URL', async () => {
    const { stdout } = await runCli(['diff', join(dir, 'old.txt'), join(dir, 'new.txt'), '--sitemap', join(dir, 'sitemap.xml'), '--json']);
    const flips = (JSON.parse(stdout) as { sitemaps: { flips: Flips } }).sitemaps.flips;
    const before = matcherFor(parseRobots(OLD));
    const after = matcherFor(parseRobots(NEW));
    const tokens = ['*', ...CRAWLERS.map((c) => c.token)];
    for (const token of tokens) {
      const entry = flips.crawlers.find((c) => c.agents.includes(token));
      let blocked = 0;
      let allowed = 0;
      for (const url of urls.filter((u) => u.startsWith(SITE))) {
        const a = before.decide(url, token, { origin: SITE }).allowed;
        const b = after.decide(url, token, { origin: SITE }).allowed;
        if (a && !b) blocked++;
        if (!a && b) allowed++;
      }
      assert.deepEqual([entry?.newlyBlocked ?? 0, entry?.newlyAllowed ?? 0], [blocked, allowed], token);
    }
    assert.equal(flips.newlyBlocked, 1240);
    assert.equal(flips.checked, 1301);
  });

  test('a sitemap that cannot be read is said, and exits 2', async () => {
    const { code, stderr } = await runCli(['diff', join(dir, 'old.txt'), join(dir, 'new.txt'), '--sitemap', join(dir, 'missing.xml')]);
    assert.equal(code, 2);
    assert.match(stderr, /missing\.xml: no such sitemap file\./);
  });
});
