/**
 * A sitemap walk against hostile sites and files, with real HTTP servers on loopback
 * addresses (127.0.0.3 plays a public site): a public index never leads the fetcher to a
 * private address or to a local file, the walk ends by its deadline however slowly the
 * children trickle, and the server's source refuses a FIFO before opening it.
 */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, mkdirSync, mkdtempSync, openSync, closeSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { walkSitemaps } from '@robots-lens/sitemaps';
import type { SitemapReport } from '@robots-lens/sitemaps';
import { ipRange } from '../../server/src/node/address-guard';
import { sitemapSource } from '../../server/src/node/sitemap-source';
import type { SitemapSourceOptions } from '../../server/src/node/sitemap-source';

const urlset = (urls: readonly string[]): string => `<urlset>${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;
const index = (locs: readonly string[]): string => `<sitemapindex>${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>`;

/** 127.0.0.3 plays a public site; every other address stays what it is. */
const addressRange = (address: string): string => (address === '127.0.0.3' ? 'unicast' : ipRange(address));

async function listen(server: http.Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

async function walk(roots: readonly string[], options: SitemapSourceOptions, deadlineAt?: number): Promise<{ urls: string[]; reports: SitemapReport[] }> {
  const urls: string[] = [];
  const reports = await walkSitemaps(roots, sitemapSource(options), { url: (loc) => void urls.push(loc) }, deadlineAt !== undefined ? { deadlineAt } : {});
  return { urls, reports };
}

describe('a sitemap walk keeps the address guard of where it started', () => {
  const servers: http.Server[] = [];
  let publicSite = '';
  let privateSite = '';
  const privateRequests: string[] = [];

  before(async () => {
    const inside = http.createServer((req, res) => {
      privateRequests.push(req.url ?? '');
      res.end(urlset(['https://shop.test/internal']));
    });
    privateSite = await listen(inside, '127.0.0.1');
    const outside = http.createServer((req, res) => {
      if (req.url === '/index.xml') res.end(index([`${privateSite}/internal-admin?action=reboot`, `${publicSite}/pages.xml`]));
      else if (req.url === '/relative-index.xml') res.end(index(['c:/secret.xml', 'file:///etc/passwd', '/pages.xml']));
      else res.end(urlset(['https://shop.test/public']));
    });
    publicSite = await listen(outside, '127.0.0.3');
    servers.push(inside, outside);
  });

  after(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  test("a public index's child on a private address is refused, never requested; its public children are read", async () => {
    privateRequests.length = 0;
    const { urls, reports } = await walk([`${publicSite}/index.xml`], { addressRange });
    assert.deepEqual(privateRequests, []);
    assert.deepEqual(urls, ['https://shop.test/public']);
    const refused = reports.find((r) => r.location.startsWith(privateSite));
    assert.match(refused?.error ?? '', /loopback address, and the fetch started on a public one/);
  });

  test("the Sitemap: lines of a robots.txt fetched from a public site keep that fetch's guard", async () => {
    privateRequests.length = 0;
    const { reports } = await walk([`${privateSite}/sitemap.xml`], { addressRange, fetchedFrom: `${publicSite}/robots.txt` });
    assert.deepEqual(privateRequests, []);
    assert.match(reports[0]?.error ?? '', /loopback address/);
    // The same sitemap named by the user (or by a local robots.txt) is read.
    const named = await walk([`${privateSite}/sitemap.xml`], { addressRange });
    assert.deepEqual(named.urls, ['https://shop.test/internal']);
  });

  test('a fetched index never makes the walk read a local file, whatever its <loc> looks like', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-walk-'));
    mkdirSync(join(dir, 'c:'));
    writeFileSync(join(dir, 'c:', 'secret.xml'), urlset(['https://secret.test/leaked']));
    const cwd = process.cwd();
    process.chdir(dir);
    t.after(() => process.chdir(cwd));
    const { urls, reports } = await walk([`${publicSite}/relative-index.xml`], { addressRange });
    assert.deepEqual(urls, ['https://shop.test/public']);
    assert.deepEqual(
      reports.map((r) => r.location),
      [`${publicSite}/relative-index.xml`, `${publicSite}/pages.xml`],
    );
    assert.match(reports[0]!.notices.join(' '), /2 child sitemaps not read: line 1: "c:\/secret.xml" is not an http\(s\) URL; line 1: "file:\/\/\/etc\/passwd" is not an http\(s\) URL/);
  });
});

describe('a sitemap walk reads each sitemap once', () => {
  test('a child named again with a #fragment is the same sitemap, not fetched again', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/index.xml') res.end(index(['/pages.xml', '/pages.xml#again', '/pages.xml#and-again']));
      else {
        requests.push(req.url ?? '');
        res.end(urlset(['https://shop.test/a']));
      }
    });
    const requests: string[] = [];
    const site = await listen(server, '127.0.0.1');
    try {
      const { urls, reports } = await walk([`${site}/index.xml`], {});
      assert.deepEqual(requests, ['/pages.xml']);
      assert.deepEqual(urls, ['https://shop.test/a']);
      assert.equal(reports.length, 2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a sitemap walk ends by its deadline', () => {
  let site = '';
  let server: http.Server;
  let childRequests = 0;
  const open = new Set<http.ServerResponse>();
  const CHILDREN = 12;

  before(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/index.xml') {
        res.end(index(Array.from({ length: CHILDREN }, (_, i) => `/child-${i}.xml`)));
        return;
      }
      // Each child trickles a byte at a time and never ends.
      childRequests++;
      open.add(res);
      res.write('<urlset>');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => {
        clearInterval(timer);
        open.delete(res);
      });
    });
    site = await listen(server, '127.0.0.1');
  });

  after(() => {
    for (const res of open) res.destroy();
    return new Promise((resolve) => server.close(resolve));
  });

  test('twelve trickling children with a 1 s timeout each: the walk stops at its deadline and says what it did not read', async () => {
    const { reports } = await walk([`${site}/index.xml`], { timeoutMs: 1000 }, Date.now() + 1500);
    // Without a deadline every child would be asked for, a second each.
    assert.ok(childRequests <= 3, `${childRequests} children requested`);
    const last = reports.at(-1)!;
    assert.match(last.error ?? '', /^not read: the check's overall deadline passed, and \d+ other sitemaps named were not read either\.$/);
    assert.ok(reports.some((r) => /deadline passed while reading it|overall deadline passed/.test(r.error ?? '')));
  });
});

describe("the server's source reads regular files only", () => {
  test('a FIFO is refused before it is opened, so no file-system thread waits on it', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-fifo-'));
    const fifo = join(dir, 'sitemap.xml');
    execFileSync('mkfifo', [fifo]);
    // Were the FIFO opened for reading, opening its other end lets that open return.
    t.after(() => {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waits: nothing to release.
      }
    });
    let timer: Parameters<typeof clearTimeout>[0];
    const reports = await Promise.race([
      walk([fifo], { regularFilesOnly: true }).then((r) => r.reports),
      new Promise<undefined>((resolve) => (timer = setTimeout(resolve, 5000))),
    ]);
    clearTimeout(timer);
    assert.ok(reports !== undefined, 'the check answered');
    assert.match(reports[0]?.error ?? '', /not a regular file/);
  });
});
