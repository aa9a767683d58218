// UI scenarios of the access-log replay panel (issue #5), in the real webview: a log of hostile
// user agents and paths renders inert, then the example log's summary, its filters, and a click
// on a row that reveals the deciding line in the editor, and a log dropped on the panel. The logs
// are picked the way a user does: the palette, the list of recent logs, VS Code's own open
// dialog, a drop.
/* global DataTransfer, DragEvent, File -- the drop scenario builds its events inside the webview frame */
import path from 'node:path';
import { HOSTILE_REQUESTS } from './hostile-log.mjs';
import { replayLayoutScenarios } from './replay-layout-scenarios.mjs';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   workspace: string,
 *   hostileLog: string,
 *   dialogs: readonly string[],
 *   replayLabel: string,
 *   installedExtension: string,
 * }} ReplayContext
 */

/** @param {string} text */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

/** @param {ReplayContext} t */
export async function replayScenarios(t) {
  const { page, ui, scenario } = t;
  const frame = () => ui.webview();
  const rows = () => frame().locator('#rows .row');

  /**
   * Replay Access Log… from the palette, answered with `file` in the open dialog. Logs replayed
   * before are offered first; "Choose log files…" leads to the dialog.
   * @param {string} file @param {{ recent: boolean }} options
   */
  async function replayThroughDialog(file, { recent }) {
    await page.keyboard.press('Control+1');
    await ui.runCommand(t.replayLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Replay access log' }));
    if (recent) await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Choose log files…' }).click();
    await ui.openDialogFile(file, 'Replay');
  }

  await scenario('replay-hostile-log', async () => {
    // The first replay in a fresh profile: no recent logs, so the dialog opens at once.
    await replayThroughDialog(t.hostileLog, { recent: false });
    await frame().locator('#title', { hasText: exactly('Access-log replay — robots.txt') }).waitFor();
    await frame().locator('#count', { hasText: exactly(`${HOSTILE_REQUESTS.length} of ${HOSTILE_REQUESTS.length} requests shown`) }).waitFor();

    // (a) Every payload is on screen as the text of its cell, exactly as logged.
    for (const { path: urlPath, userAgent } of HOSTILE_REQUESTS) {
      const row = rows().filter({ has: frame().locator('.cell.c-ua', { hasText: exactly(userAgent) }) });
      await row.waitFor();
      const shown = ui.squash(await row.locator('.cell.c-path').textContent());
      if (shown !== `GET ${urlPath}`) throw new Error(`the row of user agent ${userAgent} shows the path "${shown}", logged "GET ${urlPath}"`);
    }
    // Markup around a crawler token does not stop the judging: GPTBot is disallowed by line 74.
    const gptbot = rows().filter({ has: frame().locator('.cell.c-crawler', { hasText: exactly('GPTBot') }) });
    const verdict = [await gptbot.locator('.cell.c-verdict').textContent(), await gptbot.locator('.cell.c-line').textContent()];
    if (verdict.join(' | ') !== 'Disallowed (violation) | 74') throw new Error(`GPTBot's hostile request: ${verdict.join(' | ')}`);

    // (b) Nothing from the log became an element: the rows hold plain cells, and the page has no
    // element a payload names; its only scripts are VS Code's API shim and the nonce'd replay.js
    // with its libraries (the shared helpers, the chart, the cards, the rows, dropped logs).
    const rowElements = await frame().locator('#rows *').evaluateAll((els) => [...new Set(els.map((el) => `${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}`))]);
    const unexpected = rowElements.filter((name) => name !== 'div.row' && name !== 'div.cell');
    if (unexpected.length > 0) throw new Error(`elements in the table rows other than rows and cells: ${unexpected.join(', ')}`);
    const injected = await frame().locator('img, iframe, object, embed, [onerror], [onload], [src^="javascript:"]').count();
    if (injected > 0) throw new Error(`${injected} element(s) from the log in the webview`);
    // The chart draws SVG itself; any other <svg> came from the log.
    const strays = await frame().locator('svg').evaluateAll((els) => els.filter((el) => !el.closest('#chart')).length);
    if (strays > 0) throw new Error(`${strays} <svg> element(s) outside the chart`);
    const scripts = await frame().locator('script').evaluateAll((els) => els.map((el) => ({ id: el.id, src: el.getAttribute('src') ?? '', nonce: el.getAttribute('nonce') ?? '' })));
    const OUR_SCRIPTS = ['common.js', 'replay-chart.js', 'replay-cards.js', 'replay-rows.js', 'replay-drop.js', 'replay.js'];
    const ours = (/** @type {{ src: string, nonce: string }} */ s) => s.nonce && OUR_SCRIPTS.some((name) => s.src.endsWith(`/media/${name}`)) && decodeURIComponent(s.src).includes(t.installedExtension);
    const foreign = scripts.filter((s) => s.id !== '_vscodeApiScript' && !ours(s));
    if (foreign.length > 0 || scripts.length !== OUR_SCRIPTS.length + 1) throw new Error(`script elements in the webview: ${JSON.stringify(scripts)}`);

    // (c) No payload ran: not in the panel's frame, nor in the frame around it, nor in the workbench.
    const pwned = {
      panel: await frame().locator('body').evaluate(() => /** @type {any} */ (globalThis).__pwned),
      host: await page.frameLocator('iframe.webview.ready:visible').locator('body').evaluate(() => /** @type {any} */ (globalThis).__pwned),
      workbench: await page.evaluate(() => /** @type {any} */ (globalThis).__pwned),
    };
    const ran = Object.entries(pwned).filter(([, value]) => value !== undefined);
    if (ran.length > 0) throw new Error(`window.__pwned is set in ${ran.map(([where]) => where).join(', ')}`);
    // (d) No alert(), confirm() or prompt() from any frame.
    if (t.dialogs.length > 0) throw new Error(`a dialog opened: ${t.dialogs.join('; ')}`);
    // The rows on screen for the screenshot (a side column draws no User agent column: each row's tooltip has it).
    await rows().first().scrollIntoViewIfNeeded();
  });

  await scenario('replay-filter-reveal', async () => {
    // The second replay: hostile.log is offered as a recent log; the example log is chosen instead.
    await replayThroughDialog(path.join(t.workspace, 'access.log'), { recent: true });
    await frame().locator('#count', { hasText: exactly('4,004 of 4,004 requests shown') }).waitFor();
    // The summary cards count as `robots-lens replay examples/robots.txt examples/access.log` does.
    /** @param {string} label */
    const card = (label) => frame().locator('#cards .card').filter({ has: frame().locator('.card-label', { hasText: exactly(label) }) });
    for (const [label, value, detail] of [['Requests', '4,004', '4,008 lines, 4 not parsed'], ['Disallowed', '148', 'claimed crawler requests for disallowed URLs, spoofed ones included; 0 in cache grace not counted']]) {
      const [shownValue, shownDetail] = [await card(label).locator('.card-value').textContent(), await card(label).locator('.card-detail').textContent()];
      if (shownValue !== value || shownDetail !== detail) throw new Error(`card ${label}: "${shownValue}" / "${shownDetail}", expected "${value}" / "${detail}"`);
    }

    // The crawlers that fetched what robots.txt disallows them are offered server rules (ClaudeBot is one).
    const offer = ui.squash(await frame().locator('#enforce-button').textContent());
    const names = ui.squash(await frame().locator('#enforce-names').textContent()).replace(/\.$/, '').split(', ');
    if (!(await frame().locator('#enforce').isVisible()) || offer !== `Enforce for ${names.length} crawlers with violations…` || !names.includes('ClaudeBot')) throw new Error(`the enforce offer reads "${offer}", its fold names ${names.join(', ')}`);

    // Filters narrow the table step by step; the counts agree with `robots-lens replay --json`.
    await frame().locator('#f-crawler').selectOption('ClaudeBot');
    await frame().locator('#count', { hasText: exactly('49 of 4,004 requests shown') }).waitFor();
    await frame().locator('#f-verdict').selectOption('disallowed');
    await frame().locator('#count', { hasText: exactly('13 of 4,004 requests shown') }).waitFor();
    await frame().locator('#f-path').fill('parka');
    await frame().locator('#count', { hasText: exactly('3 of 4,004 requests shown') }).waitFor();
    const shown = await rows().evaluateAll((els) => els.map((el) => [...el.querySelectorAll('.cell')].map((cell) => cell.textContent ?? '')));
    const wrong = shown.filter(([, crawler, verdict, line, request]) => crawler !== 'ClaudeBot' || !verdict?.startsWith('Disallowed') || !request?.includes('parka') || line !== '79');
    if (shown.length !== 3 || wrong.length > 0) throw new Error(`rows after filtering: ${JSON.stringify(shown)}`);

    // A click on a row reveals its deciding line: the cursor moves from line 1 to line 79.
    await page.keyboard.press('Control+1');
    await ui.goToLine(1);
    await rows().first().click();
    await ui.cursorOnLine(79);
    await page.locator('.tabs-container .tab.active[data-resource-name="robots.txt"]').waitFor();
    const line79 = ui.squash(await ui.lineText(79));
    if (line79 !== 'Disallow: /') throw new Error(`line 79 reads "${line79}"`);
  });

  await scenario('replay-drop-log', async () => {
    // A log dropped on the panel is replayed in place of the current one. VS Code hands a drag
    // from its Explorer to the webview as a URI list; the drop event carries exactly that here.
    for (const id of ['#f-crawler', '#f-verdict']) await frame().locator(id).selectOption('');
    await frame().locator('#f-path').fill('');
    await frame().locator('#count', { hasText: exactly('4,004 of 4,004 requests shown') }).waitFor();
    /** @param {string} file */
    const drop = (file) =>
      frame().locator('body').evaluate((body, uriList) => {
        const data = new DataTransfer();
        data.setData('text/uri-list', uriList);
        body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      }, `file://${file.split(path.sep).map(encodeURIComponent).join('/')}`);
    await drop(t.hostileLog);
    const total = HOSTILE_REQUESTS.length;
    await frame().locator('#count', { hasText: exactly(`${total} of ${total} requests shown`) }).waitFor();
    await frame().locator('#subtitle', { hasText: /^hostile\.log · / }).waitFor();

    // A file from outside VS Code has no path the webview may pass on: the panel says so and keeps its replay.
    await frame().locator('body').evaluate((body) => {
      const data = new DataTransfer();
      data.items.add(new File(['203.0.113.9 - - x'], 'outside.log'));
      body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await frame().locator('#status', { hasText: 'outside.log: a file dragged in from outside VS Code carries no path' }).waitFor();
    await frame().locator('#count', { hasText: exactly(`${total} of ${total} requests shown`) }).waitFor();

    // Dropping the example log back leaves it the last replayed one, which the comparison scenarios count.
    await drop(path.join(t.workspace, 'access.log'));
    await frame().locator('#count', { hasText: exactly('4,004 of 4,004 requests shown') }).waitFor();
  });
  await replayLayoutScenarios(t);
}
