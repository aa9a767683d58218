// UI scenario of the survey's HTML report: `robots-lens survey --html` (the built CLI) against
// one HTTP server on 127.0.0.1 answering by Host header, then the page opened in Chromium as a
// user opens a file: nothing loaded but the file itself, no script run, the matrix in colour and
// words, and hovering a cell shows its deciding lines. Its own screenshot is the report page.
//
// Run alone (no code-server needed): node scripts/e2e/ui/survey-report-scenarios.mjs [--artifacts DIR]
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../chromium.mjs';
import { REPO_ROOT } from '../repo.mjs';

/** Each host's robots.txt (a string) or status (a number). */
const SITES = {
  'examplebot.test': 'User-agent: ExampleBot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n\nUser-agent: ExampleBot\nAllow: /private/help.html\n',
  'split.test': 'User-agent: *\nDisallow: /tmp/\n\nUser-agent: GPTBot\n\nDisallow: /\n',
  'home-only.test': 'User-agent: *\nDisallow: /\nAllow: /$\n',
  'down.test': 503,
  'hostile.test': 'User-agent: *\nDisallow: /"><script>alert(1)</script><img src=x onerror=alert(2)>\n',
};

/**
 * @typedef {{
 *   browser: import('playwright-core').Browser,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   artifacts: string,
 * }} SurveyReportContext
 */

/** @param {SurveyReportContext} t */
export async function surveyReportScenarios(t) {
  const { server, port } = await startHosts();
  const dir = mkdtempSync(path.join(tmpdir(), 'survey-report-'));
  try {
    await t.scenario('survey-html-report', async () => {
      const out = path.join(dir, 'report.html');
      const hosts = Object.keys(SITES);
      const args = [
        path.join(REPO_ROOT, 'dist', 'cli.js'), 'survey', ...hosts.map((h) => `http://${h}:${port}`),
        ...hosts.flatMap((h) => ['--resolve', `${h}:${port}:127.0.0.1`]),
        '--agent', 'GPTBot', '--agent', 'ExampleBot', '--agent', 'Googlebot',
        '--path', '/private/help.html', '--path', '/private/report.html', '--path', '/"><script>alert(1)</script><img src=x onerror=alert(2)>',
        '--html', out,
      ];
      // Not spawnSync: the server answering the CLI runs in this process.
      const run = await new Promise((resolve) => {
        execFile(process.execPath, args, (error, stdout, stderr) => resolve({ status: error ? error.code : 0, stdout, stderr }));
      });
      if (run.status !== 0) throw new Error(`robots-lens survey exited ${run.status}: ${run.stderr}`);
      if (!readFileSync(out, 'utf8').startsWith('<!DOCTYPE html>')) throw new Error('the report is not an HTML page');

      const context = await t.browser.newContext({ viewport: { width: 1200, height: 700 } });
      try {
        const page = await context.newPage();
        /** @type {string[]} */
        const requests = [];
        /** @type {string[]} */
        const dialogs = [];
        page.on('request', (r) => requests.push(r.url()));
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss().catch(() => {});
        });
        const file = pathToFileURL(out).href;
        await page.goto(file, { waitUntil: 'load' });
        const rows = page.locator('tbody tr');
        if ((await rows.count()) !== hosts.length) throw new Error(`${await rows.count()} rows, not ${hosts.length}`);
        // The answer in colour and in words: GPTBot on split.test is the whole site, proved.
        const split = rows.filter({ hasText: 'split.test' }).locator('td.cell').first();
        const label = (await split.evaluate((td) => td.firstChild?.textContent ?? '')).trim();
        if (label !== 'whole site') throw new Error(`the split.test GPTBot cell says "${label}"`);
        const colour = await split.evaluate((td) => globalThis.getComputedStyle(td).backgroundColor);
        if (colour !== 'rgb(198, 40, 40)') throw new Error(`the whole-site cell is ${colour}, not red`);
        const why = split.locator('.why');
        if (await why.isVisible()) throw new Error('the deciding lines show before a hover');
        await split.hover();
        await why.waitFor({ state: 'visible' });
        const lines = await why.innerText();
        if (!lines.includes('proved from the rules (line 6') || !lines.includes('/private/report.html: disallowed by line 6: Disallow: /')) {
          throw new Error(`the hover says: ${lines}`);
        }
        // Hostile rule text is text: no element, no script, no dialog.
        const hostile = rows.filter({ hasText: 'hostile.test' }).locator('td.cell').first();
        const hostileText = await hostile.locator('.why').evaluate((span) => span.textContent ?? '');
        if (!hostileText.includes('Disallow: /"><script>alert(1)</script><img src=x onerror=alert(2)>')) throw new Error(`the hostile cell says: ${hostileText}`);
        const injected = await page.evaluate(() => globalThis.document.querySelectorAll('script, img, iframe, link, object').length);
        if (injected !== 0) throw new Error(`${injected} injected elements in the page`);
        if (dialogs.length > 0) throw new Error(`dialogs: ${dialogs.join(' / ')}`);
        const elsewhere = requests.filter((u) => u !== file);
        if (elsewhere.length > 0) throw new Error(`the page loaded ${elsewhere.join(', ')}`);
        await page.screenshot({ path: path.join(t.artifacts, 'survey-html-report.png'), animations: 'disabled' });
      } finally {
        await context.close();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    });
  }
}

/** One server on 127.0.0.1 that answers by Host header. */
async function startHosts() {
  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    const answer = /** @type {Record<string, string | number>} */ (SITES)[host];
    if (typeof answer === 'string' && request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(answer);
    } else {
      response.writeHead(typeof answer === 'number' ? answer : 404, { 'content-type': 'text/plain' });
      response.end('no robots.txt here\n');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the local server has no port');
  return { server, port: address.port };
}

// Alone: Chromium, this scenario, its screenshot in the artefacts folder.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { artifacts: { type: 'string' } } });
  const artifacts = path.resolve(values.artifacts ?? path.join(REPO_ROOT, '.artifacts', 'e2e', 'survey-report'));
  mkdirSync(artifacts, { recursive: true });
  const browser = await launchChromium();
  let failed = 0;
  try {
    await surveyReportScenarios({
      browser,
      artifacts,
      scenario: async (name, body) => {
        try {
          await body();
          console.log(`  ✓ ${name}`);
        } catch (error) {
          failed++;
          console.log(`  ✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    });
  } finally {
    await browser.close();
  }
  console.log(`ui: ${1 - failed} passed, ${failed} failed; screenshot in ${path.relative(REPO_ROOT, artifacts)}/`);
  process.exit(failed > 0 ? 1 : 0);
}
