// UI scenarios of Check Sitemaps…: a Sitemap: line added to the robots.txt buffer (never saved)
// names a sitemap served by a real HTTP site on 127.0.0.1; the command reads it in the language
// server and lists the blocked URLs in a panel, a click reveals the deciding line, and the
// Sitemap: line carries a hint once the check has run. The buffer is reverted at the end.
import http from 'node:http';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   checkSitemapsLabel: string,
 * }} SitemapsContext
 */

/** examples/robots.txt, line 41: Googlebot's `Disallow: /*?sort=` (no scenario before this one edits above line 51). */
const SORT_LINE = 41;

/** A site on 127.0.0.1 whose /sitemap.xml lists three of its own pages. */
async function startSitemapSite() {
  /** @type {string[]} */
  const requests = [];
  let origin = '';
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/sitemap.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      const pages = ['/cart/1', '/shoes?sort=price', '/blog/post'].map((p) => `  <url><loc>${origin}${p}</loc></url>`);
      response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages.join('\n')}\n</urlset>\n`);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the sitemap site has no port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    requests,
    close: () => new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    }),
  };
}

/** @param {SitemapsContext} t */
export async function sitemapsScenarios(t) {
  const { page, ui, scenario } = t;
  const site = await startSitemapSite();
  const sitemapUrl = `${site.origin}/sitemap.xml`;
  let sitemapLine = 0;
  try {
    await scenario('check-sitemaps', async () => {
      await page.keyboard.press('Escape');
      await ui.quickOpen('robots.txt');
      // To the end of the file: its last line is empty (the file ends with a line break). A key
      // pressed while the editor takes the focus can be lost (a CI run typed the line into the
      // middle of the file), so Ctrl+End is pressed until the caret is there.
      const selection = page.locator('[id="status.editor.selection"]');
      for (let attempt = 1; ; attempt++) {
        await page.keyboard.press('Control+End');
        const atLineStart = await selection.filter({ hasText: /Col 1$/ }).waitFor({ timeout: 3_000 }).then(() => true, () => false);
        const at = ui.squash(await selection.textContent());
        const line = Number(/^Ln (\d+), Col 1$/.exec(at)?.[1]);
        if (atLineStart && line > 0 && ui.squash(await ui.lineText(line)) === '') break;
        if (attempt === 3) throw new Error(`Ctrl+End did not reach the empty last line (the caret is at ${at})`);
      }
      // A new last line, in the buffer only; inserted as text, so no completion is triggered.
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(`Sitemap: ${sitemapUrl}`);
      const position = ui.squash(await page.locator('[id="status.editor.selection"]', { hasText: `, Col ${'Sitemap: '.length + sitemapUrl.length + 1}` }).textContent());
      sitemapLine = Number(/^Ln (\d+),/.exec(position)?.[1]);
      // The rendered line has no-break spaces: compared squashed.
      const typed = ui.squash(await ui.lineText(sitemapLine));
      if (typed !== `Sitemap: ${sitemapUrl}`) throw new Error(`line ${sitemapLine} is not the new Sitemap: line alone: ${JSON.stringify(typed)}`);
      if (site.requests.length > 0) throw new Error(`the sitemap was fetched while typing: ${site.requests.join(', ')}`);

      await ui.runCommand(t.checkSitemapsLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps (1/2)' }));
      await ui.typeInQuickInput(sitemapUrl);
      await page.locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${sitemapUrl}, line ${sitemapLine}"]`).waitFor();
      await ui.acceptQuickInput();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps for' }).waitFor();
      // The default crawlers of Test URL come preselected: Googlebot, bingbot, GPTBot, ClaudeBot.
      await page.locator('.quick-input-widget .quick-input-count', { hasText: /^4 Selected$/ }).waitFor();
      await ui.acceptQuickInput();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps for' }).waitFor({ state: 'hidden' });

      const results = ui.webview();
      // The answer comes first, then what was read.
      await results.locator('#answer.blocked', { hasText: `of 3 URLs on ${site.origin} checked for 4 crawlers.` }).waitFor();
      await results.locator('#summary', { hasText: `1 sitemap read, 3 URLs listed on ${site.origin}.` }).waitFor();
      await results.locator('#crawlers li', { hasText: /^Googlebot: 1 URL blocked of 3 URLs checked$/ }).waitFor();
      if (!site.requests.includes('/sitemap.xml')) throw new Error(`the site was asked for ${site.requests.join(', ') || 'nothing'}`);
      const row = results.locator('#blocked tbody tr').filter({ has: results.locator('td.agent', { hasText: /^Googlebot$/ }) });
      const cells = await Promise.all(['td.url', 'td.winning button.link'].map(async (cell) => ui.squash(await row.locator(cell).textContent())));
      const expected = [`${site.origin}/shoes?sort=price`, `line ${SORT_LINE}: Disallow: /*?sort=`];
      if (cells.some((text, i) => text !== expected[i])) throw new Error(`Googlebot's blocked row reads ${JSON.stringify(cells)}, expected ${JSON.stringify(expected)}`);
      // A click on the deciding line reveals it in the editor.
      await row.locator('td.winning button.link').click();
      await ui.cursorOnLine(SORT_LINE);
    });

    await scenario('check-sitemaps-hint', async () => {
      await page.keyboard.press('Control+1');
      await ui.goToLine(sitemapLine);
      await page.keyboard.press('Escape');
      await ui.parkMouse();
      const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'This sitemap lists URLs this file blocks' });
      // A hover the editor did not open (it can miss a move while it re-renders) is asked for again.
      for (let attempt = 1; ; attempt++) {
        // A hint is drawn as three dots under the first characters of its range, and only there
        // does the editor's hover show it.
        const box = await ui.tokenBox(sitemapLine, sitemapUrl);
        await page.mouse.move(box.x + 2, box.y + box.height / 2);
        await page.mouse.move(box.x + 5, box.y + box.height / 2);
        if (attempt === 3) break;
        if (await hover.waitFor({ timeout: 5000 }).then(() => true, () => false)) break;
        await ui.parkMouse();
      }
      await hover.waitFor();
      const text = ui.squash(await hover.textContent());
      if (!text.includes('Googlebot: 1 URL') || !text.includes('GPTBot: 3 URLs')) throw new Error(`the hint reads: ${text.slice(0, 400)}`);
      await ui.parkMouse();
    });

    await scenario('check-sitemaps-unreadable', async () => {
      // A second Sitemap: line naming a sitemap the site does not have (HTTP 404): nothing is read,
      // and the panel says so first, as a warning, never that no listed URL is blocked.
      const missingUrl = `${site.origin}/missing.xml`;
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+1');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(`Sitemap: ${missingUrl}`);
      // Its line is the one after the first check's (the status bar's column is the same on both lines, so it cannot tell them apart).
      await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${sitemapLine + 1}, Col ${'Sitemap: '.length + missingUrl.length + 1}` }).waitFor();
      const missingLine = sitemapLine + 1;
      await ui.runCommand(t.checkSitemapsLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps (1/2)' }));
      await ui.typeInQuickInput(missingUrl);
      await page.locator(`.quick-input-list .monaco-list-row.focused[aria-label^="${missingUrl}, line ${missingLine}"]`).waitFor();
      await ui.acceptQuickInput();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps for' }).waitFor();
      await ui.acceptQuickInput();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Check Sitemaps for' }).waitFor({ state: 'hidden' });
      const results = ui.webview();
      await results.locator('#answer.warning', { hasText: /^Nothing checked: no sitemap could be read \(1 sitemap tried\), so no listed URL was checked against robots\.txt\.$/ }).waitFor();
      await results.locator('#sitemaps li.notice', { hasText: `${missingUrl} — not read: HTTP 404` }).waitFor();
      const said = ui.squash(await results.locator('body').textContent());
      if (/no listed URL is blocked|none blocked/i.test(said)) throw new Error(`nothing was read, yet the panel comforts: ${said.slice(0, 300)}`);
      if (!site.requests.includes('/missing.xml')) throw new Error(`the site was asked for ${site.requests.join(', ')}`);
    });
  } finally {
    await page.keyboard.press('Escape');
    // The Sitemap: line was for this check only: the file goes back to what is on disk.
    await ui.quickOpen('robots.txt');
    await ui.runCommand('File: Revert File');
    await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]:not(.dirty)').first().waitFor();
    await site.close();
  }
}
