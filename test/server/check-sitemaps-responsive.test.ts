/**
 * The language server stays responsive while it checks sitemaps: a fetched sitemap (one
 * buffer of 38 MB) is parsed in slices with the event loop free between them, so hovers and
 * diagnostics are answered during a check. Shown without a clock: a ping that goes round the
 * event loop answers many times between two progress notes (20,000 URLs apart); parsed whole,
 * the sitemap's 800,000 URLs passed in one turn, no ping between. The longest hold of the loop
 * is measured too and written as the test's diagnostic (a busy machine makes it no assertion).
 */

import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import { checkSitemapsRequest } from '../../server/src/features/check-sitemaps-request';
import { parsedDocument } from '../support/features';

const URLS = 800_000;
/** Pings answered between two progress notes, at least: a slice holds some 350 URLs. */
const MIN_PINGS_PER_PROGRESS = 10;

let server: http.Server;
let base = '';
const body = Buffer.from(`<urlset>${Array.from({ length: URLS }, (_, i) => `<url><loc>https://shop.test/p/${i}</loc></url>`).join('')}</urlset>`);

before(async () => {
  server = http.createServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test(`a check of a ${Math.round(body.length / 1e6)} MB fetched sitemap lets the event loop turn while it parses`, { timeout: 120_000 }, async (t) => {
  const parsed = parsedDocument(`User-agent: *\nDisallow: /p/1\n\nSitemap: ${base}/sitemap.xml\n`);
  let pings = 0;
  let pinging = true;
  const ping = (): void => {
    pings++;
    if (pinging) setImmediate(ping);
  };
  setImmediate(ping);
  const pingsAtProgress: number[] = [];
  let lastUrls = 0;
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const result = await checkSitemapsRequest(parsed, { uri: parsed.uri, agents: ['Googlebot'] }, new CancellationTokenSource().token, {
    progress: (p) => {
      // Each sitemap read is a note too: only the notes of 20,000 more URLs count.
      if (p.urls > lastUrls && p.urls % 20_000 === 0) pingsAtProgress.push(pings);
      lastUrls = p.urls;
    },
  });
  // The delay of the last turn is recorded only once the loop turns again.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  pinging = false;
  assert.equal(result.tally.listed, URLS);
  assert.equal(pingsAtProgress.length, URLS / 20_000);
  const between = pingsAtProgress.slice(1).map((n, i) => n - pingsAtProgress[i]!);
  assert.ok(Math.min(...between) >= MIN_PINGS_PER_PROGRESS, `pings between progress notes: ${between.join(', ')}`);
  t.diagnostic(`longest hold of the event loop: ${(histogram.max / 1e6).toFixed(0)} ms`);
});
