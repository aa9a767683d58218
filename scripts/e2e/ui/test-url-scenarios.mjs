// UI scenarios of Test URL through the command palette: the path typed in the first quick
// pick, the crawler picked in the second (the defaults cleared, a typed token offered as typed),
// then the results panel, the winning line revealed in the editor and the reasoning kept in the
// Output channel; the note after the winning line names the URL and goes with the next edit, and
// the panel says whether it answered on the saved file.

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>, options?: { essential?: boolean }) => Promise<void>,
 *   testUrlLabel: string,
 * }} TestUrlContext
 */

/** @param {TestUrlContext} t */
export async function testUrlScenarios(t) {
  const { page, ui, scenario } = t;
  const TEST_URL = t.testUrlLabel;

  await scenario('test-url-pick', async () => {
    await page.keyboard.press('Escape');
    await ui.parkMouse();
    await page.locator('.monaco-hover:not(.hidden)').waitFor({ state: 'detached' }).catch(() => {});
    await page.keyboard.press('Control+1');
    await ui.runCommand(TEST_URL, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Test URL against robots.txt' }));
    await ui.typeInQuickInput('/cart/');
    await page.locator('.quick-input-list .monaco-list-row.focused[aria-label^="/cart/, path"]').waitFor();
    await ui.acceptQuickInput();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Test /cart/ for' }).waitFor();
    // Every preselected crawler is in sight: ticked at the head of the list, and named in the title.
    const defaults = ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot'];
    const title = page.locator('.quick-input-widget .quick-input-title');
    await title.filter({ hasText: `Test /cart/ for ${defaults.join(', ')}` }).waitFor();
    const titleFits = await title.evaluate((el) => el.scrollWidth <= el.clientWidth);
    if (!titleFits) throw new Error(`the title "${await title.textContent()}" is cut`);
    const list = await page.locator('.quick-input-list .monaco-list').first().boundingBox();
    for (const name of defaults) {
      const row = page.locator(`.quick-input-list .monaco-list-row[aria-checked="true"]:has([role="checkbox"][aria-label="${name}"])`);
      await row.waitFor();
      const box = await row.boundingBox();
      if (!list || !box || box.y < list.y - 1 || box.y + box.height > list.y + list.height + 1) throw new Error(`${name} is preselected but out of sight in the list`);
    }
    // The default crawlers come preselected: clear them all, then pick GPTBot alone.
    const toggleAll = page.locator('.quick-input-header [role="checkbox"][aria-label="Toggle all checkboxes"]');
    await toggleAll.waitFor();
    if ((await toggleAll.getAttribute('aria-checked')) !== 'true') {
      await toggleAll.click();
      await page.locator('.quick-input-header [role="checkbox"][aria-checked="true"]').waitFor();
    }
    await toggleAll.click();
    // The toggle's "Toggle all checkboxes" hover, left by the mouse, covers the first row's box.
    await ui.parkMouse();
    const count = page.locator('.quick-input-widget .quick-input-count');
    await count.filter({ hasText: /^0 Selected$/ }).waitFor();
    // A token outside the catalogue is offered as typed; a catalogue token is not offered twice.
    const typedRow = page.locator('.quick-input-list .monaco-list-row[aria-label*=", use as typed: "]');
    await ui.typeInQuickInput('GPTBo');
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="GPTBo, use as typed: "]').waitFor();
    await ui.typeInQuickInput('GPTBot');
    await typedRow.waitFor({ state: 'detached' });
    const row = page.locator('.quick-input-list .monaco-list-row[aria-label^="GPTBot, OpenAI"]');
    await row.waitFor();
    await row.locator('[role="checkbox"][aria-label="GPTBot"]').click();
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="GPTBot, OpenAI"][aria-checked="true"]').waitFor();
    await count.filter({ hasText: /^1 Selected$/ }).waitFor();
    await title.filter({ hasText: /^Test \/cart\/ for GPTBot \(2\/2\)$/ }).waitFor();
    await ui.parkMouse();
  }, { essential: true });

  await scenario('test-url-result', async () => {
    await ui.acceptQuickInput();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    // The results panel beside the editor: the one-line summary, then one row per crawler.
    const results = ui.webview();
    await results.locator('#summary', { hasText: '/cart/: GPTBot disallowed by line 74.' }).waitFor();
    const row = results.locator('#results tbody tr.result').filter({ has: results.locator('th.crawler .agent', { hasText: /^GPTBot$/ }) });
    await row.waitFor();
    const rowCount = await results.locator('#results tbody tr.result').count();
    const details = results.locator('#results tbody tr.result + tr.details');
    // Three columns; the group, the chain and the why folded under the row.
    const headers = await results.locator('#results thead th').allTextContents();
    if (headers.join('|') !== 'Crawler|Verdict|Deciding line') throw new Error(`the columns are ${headers.join(', ')}`);
    if (await details.locator('details.more').getAttribute('open') !== null) throw new Error('the explanations are open before a click');
    const cells = await Promise.all([row.locator('td.verdict'), row.locator('td.winning button.link'), details.locator('.group'), details.locator('.chain')].map(async (cell) => ui.squash(await cell.textContent())));
    const expected = ['✗ Disallowed', 'line 74: Disallow: /', 'Group: User-agent: GPTBot (line 71) — its own group'];
    if (rowCount !== 1 || expected.some((text, i) => cells[i] !== text) || !cells[3]?.startsWith('Chain: GPTBot → *')) throw new Error(`${rowCount} result rows; GPTBot's reads ${JSON.stringify(cells)}`);
    // The result is no toast that covers the panel.
    const toasts = await page.locator('.notifications-toasts .notification-list-item-message', { hasText: '/cart/' }).count();
    if (toasts > 0) throw new Error('the result is also shown in a toast');
    // The winning line is revealed in the editor, the cursor on it; clicked in the panel, it is revealed again.
    await page.locator('[id="status.editor.selection"]', { hasText: 'Ln 74, Col 1' }).waitFor();
    await page.keyboard.press('Control+1');
    await ui.goToLine(1);
    await row.locator('td.winning button.link').click();
    await ui.cursorOnLine(74);
    // The Output channel "robots.txt Lens" keeps the full reasoning as history.
    await results.locator('#show-log').click();
    const output = page.locator('.part.panel .monaco-editor .view-line');
    for (const wanted of ['GPTBot — /cart/ — DISALLOWED', 'Group: User-agent: GPTBot (line 71) — its own group', 'Winning: line 74 Disallow: / (longest match']) {
      await output.filter({ hasText: ui.loose(wanted) }).waitFor();
    }
    const channel = await page.locator('.part.panel select.monaco-select-box').first()
      .evaluate((select) => /** @type {HTMLSelectElement} */ (select).selectedOptions[0]?.textContent ?? '');
    if (channel !== 'robots.txt Lens') throw new Error(`the Output view shows the channel "${channel}"`);
  });

  await scenario('test-url-notes', async () => {
    const results = ui.webview();
    // The panel says whether its answer is of the saved file, not a buffer version number.
    const tab = page.locator('.tabs-container .tab[data-resource-name="robots.txt"]');
    const dirty = (await tab.getAttribute('class'))?.split(' ').includes('dirty') ?? false;
    const subtitle = results.locator('#subtitle');
    await subtitle.filter({ hasText: `Against robots.txt (${dirty ? 'unsaved changes' : 'saved'}); ` }).waitFor();
    // The note after the winning line says which URL it is for.
    const notes = () => page.evaluate(() => [...globalThis.document.querySelectorAll('.part.editor .monaco-editor .view-line span')]
      .map((span) => globalThis.getComputedStyle(span, '::after').content)
      .filter((content) => content.includes('←')));
    await page.waitForFunction(() => [...globalThis.document.querySelectorAll('.part.editor .monaco-editor .view-line span')]
      .some((span) => globalThis.getComputedStyle(span, '::after').content.includes('← /cart/ — GPTBot: disallowed')));
    // The next edit of the document takes the notes away, and the panel says its answer is older.
    await page.keyboard.press('Control+1');
    await ui.goToLine(1);
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await subtitle.filter({ hasText: /^Against robots\.txt \(edited since this result\); / }).waitFor();
    // Back at the winning line (on screen again), no note is left.
    await ui.goToLine(74);
    await page.waitForFunction(() => ![...globalThis.document.querySelectorAll('.part.editor .monaco-editor .view-line span')]
      .some((span) => globalThis.getComputedStyle(span, '::after').content.includes('←')));
    const left = await notes();
    if (left.length > 0) throw new Error(`after an edit the editor still shows ${left.join(', ')}`);
    const line74 = ui.squash(await ui.lineText(74));
    if (line74 !== 'Disallow: /') throw new Error(`line 74 reads "${line74}" after the edit`);
    await page.keyboard.press('Control+Z');
    await page.locator(`.tabs-container .tab[data-resource-name="robots.txt"]${dirty ? '.dirty' : ':not(.dirty)'}`).waitFor();
    await ui.goToLine(1);
  });
}
