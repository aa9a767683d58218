// UI scenarios of the semantic diff (issue #7) in a workspace that is a git repository with
// robots.txt committed: a save that changes no verdict says nothing; Compare with… → Git HEAD
// opens the comparison panel naming the crawlers an edit affects, and per crawler the requests
// of the last replayed log (access.log) it flips, with examples; saving that edit shows the
// one-sentence notification; an auto-save says nothing; Compare with… → Another file… takes
// the file from VS Code's open dialog.
//
// The edit removes line 80, `Allow: /blog/`, from the CCBot/ClaudeBot group: both lose /blog/.
// The request counts agree with the CLI on the same files:
//   sed 80d examples/robots.txt > new.txt
//   robots-lens diff examples/robots.txt new.txt --log examples/access.log
// → 44 requests decided differently: ClaudeBot 26, CCBot 18 newly disallowed.
// With auto-save on, removing bingbot's `Disallow: /compare/` (line 51) is saved silently; the
// explicit save after removing its `Disallow: /checkout/` (line 86) speaks, for both edits:
//   sed '51d;80d;86d' examples/robots.txt > new.txt   (same command) → bingbot 2 more requests.
// The other file is that saved file with GPTBot's group allowing everything, as before the AI
// opt-out: GPTBot's 72 requests in access.log are newly disallowed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   compareLabel: string,
 *   workspace: string,
 * }} CompareContext
 */

const PREFIX = 'robots.txt vs git HEAD: ';
const DIFF_SENTENCE = 'Verdicts change for 2 crawlers: ClaudeBot and CCBot (each: 1 set of paths newly disallowed).';
const LOG_SENTENCE = '44 requests in access.log are decided differently: ClaudeBot 26 requests newly disallowed; CCBot 18 requests newly disallowed.';
/** The first ClaudeBot request of access.log that the edit disallows (line 353 of the log). */
const CLAUDEBOT_EXAMPLE = ['2026-11-23 09:30:04', '/blog/2026/08/caring-for-down-jackets', 'allowed by old line 80', 'disallowed by line 79'];
/** After the two bingbot edits, whose first alone would say "bingbot (1 set of paths newly allowed)": a different message. */
const BINGBOT_SENTENCES = 'Verdicts change for 3 crawlers: bingbot (2 sets of paths newly allowed); ClaudeBot and CCBot (each: 1 set of paths newly disallowed). ' +
  '46 requests in access.log are decided differently: ClaudeBot 26 requests newly disallowed; CCBot 18 requests newly disallowed; bingbot 2 requests newly allowed.';
/** The saved file against its version from before the AI opt-out. */
const OLDER_FILE_SENTENCES = 'Verdicts change for 3 crawlers: Google-Extended, Applebot-Extended and GPTBot (each: 1 set of paths newly disallowed). ' +
  '72 requests in access.log are decided differently: GPTBot 72 requests newly disallowed.';

/** @param {string} text */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

/** @param {CompareContext} t */
export async function compareScenarios(t) {
  const { page, ui, scenario } = t;
  const frame = () => ui.webview();

  await scenario('save-same-verdicts', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Control+1');
    // Line 3 is blank: a comment there changes the text, not what any crawler may fetch.
    await ui.goToLine(3);
    await page.keyboard.type('# reviewed by the SEO team: no change in meaning');
    await ui.save();
    // Whether this save said nothing is known only once a later save has spoken: comparisons on
    // save report in save order, so the notification of the next scenario's save comes after
    // this one's would have (see compare-on-save below).
  });

  await scenario('compare-with-git-head', async () => {
    await page.keyboard.press('Control+1');
    await ui.goToLine(80);
    const line80 = ui.squash(await ui.lineText(80));
    if (line80 !== 'Allow: /blog/') throw new Error(`line 80 reads "${line80}"`);
    await page.keyboard.press('Control+Shift+K'); // delete the line; the buffer is not saved
    await page.locator('.tabs-container .tab.dirty[data-resource-name="robots.txt"]').waitFor();

    await ui.runCommand(t.compareLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare the current robots.txt with…' }));
    const items = await page.locator('.quick-input-list .monaco-list-row').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    if (items.join(' | ') !== "Git HEAD, the last committed version of this file | Another file…, pick a robots.txt from disk | Live robots.txt…, fetch a site's robots.txt as crawlers do") {
      throw new Error(`Compare with… offers: ${items.join(' | ')}`);
    }
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Git HEAD,"]').click();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    // The panel compares the unsaved buffer with the committed file and names both crawlers;
    // access.log, replayed last, is counted as on save.
    await page.locator('.tabs-container .tab.active', { hasText: 'Compare — robots.txt' }).waitFor();
    await frame().locator('#title', { hasText: exactly('Compare git HEAD:robots.txt → robots.txt') }).waitFor();
    await frame().locator('#summary', { hasText: exactly(`${DIFF_SENTENCE} ${LOG_SENTENCE}`) }).waitFor();
    await frame().locator('#groups h2', { hasText: exactly('ClaudeBot, CCBot (2 crawlers)') }).waitFor();
    // Paths and rules in the description read as code, without the backticks that mark them.
    const description = frame().locator('#groups .change.newly-disallowed .description');
    await description.filter({ hasText: '/blog/ and everything under it is now disallowed' }).waitFor();
    const codes = await description.locator('code').allTextContents();
    if (codes.join(' | ') !== '/blog/ | Disallow: / | Allow: /blog/') throw new Error(`the description shows as code: ${codes.join(' | ')}`);
    const described = (await description.textContent()) ?? '';
    if (described.includes('`')) throw new Error(`the description shows backticks: ${described}`);

    // Per crawler, its requests that flip, as counted by `robots-lens diff --log`, with examples.
    await frame().locator('#requests-title', { hasText: exactly('Requests in access.log decided differently') }).waitFor();
    /** @param {string} token */
    const flips = (token) => frame().locator('#requests .crawler-flips').filter({ has: frame().locator('h3', { hasText: exactly(token) }) });
    for (const [token, counts] of [['ClaudeBot', '26 of 49 requests newly disallowed'], ['CCBot', '18 of 29 requests newly disallowed']]) {
      const shown = ui.squash(await flips(token).locator('.flip-counts').textContent());
      if (shown !== counts) throw new Error(`${token}: the panel says "${shown}", expected "${counts}"`);
      const examples = await flips(token).locator('tr.flip-example').count();
      if (examples !== 5) throw new Error(`${token}: ${examples} example requests, expected 5`);
    }
    const crawlers = await frame().locator('#requests .crawler-flips h3').allTextContents();
    if (crawlers.join() !== 'ClaudeBot,CCBot') throw new Error(`the requests section lists ${crawlers.join(', ')}`);
    const first = await flips('ClaudeBot').locator('tr.flip-example').first().locator('td').allTextContents();
    if (first.map(ui.squash).join(' | ') !== CLAUDEBOT_EXAMPLE.join(' | ')) throw new Error(`ClaudeBot's first example reads "${first.join(' | ')}"`);
    await frame().locator('#requests-note', { hasText: exactly('The 1,130 requests of 16 other crawlers are decided as before.') }).waitFor();
    // Log content becomes text: the section holds only the elements the page script makes.
    const made = new Set(['section', 'h3', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'button', 'wbr']);
    const tags = await frame().locator('#request-crawlers *').evaluateAll((els) => els.map((el) => el.tagName.toLowerCase()));
    const foreign = tags.filter((tag) => !made.has(tag));
    if (foreign.length > 0) throw new Error(`unexpected elements in the requests section: ${foreign.join(', ')}`);
    // Request targets wrap after a slash or a hyphen, never inside a word ("hiking-b oots").
    const midWord = await frame().locator('#requests td.url').evaluateAll((cells) => cells.flatMap((cell) => {
      const range = cell.ownerDocument.createRange();
      const walker = cell.ownerDocument.createTreeWalker(cell, 4 /* NodeFilter.SHOW_TEXT */);
      /** @type {string[]} */
      const breaks = [];
      let before = '';
      let lastTop = Number.NaN;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = /** @type {Text} */ (node);
        for (let i = 0; i < text.length; i += 1) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = range.getBoundingClientRect().top;
          if (top > lastTop + 1) breaks.push(before);
          lastTop = top;
          before += text.data[i];
        }
      }
      return breaks.filter((head) => !/[/?&=-]$/.test(head)).map((head) => `${cell.textContent} breaks after "${head}"`);
    }));
    if (midWord.length > 0) throw new Error(`request targets wrap inside a word: ${midWord.join('; ')}`);
    // Its new-version line is a link to the editor.
    await ui.goToLine(1);
    await frame().locator('#groups button.line-link', { hasText: exactly('line 79') }).click();
    await ui.cursorOnLine(79);
  });

  await scenario('compare-on-save', async () => {
    await page.keyboard.press('Control+1');
    await ui.save();
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: PREFIX });
    await toast.waitFor();
    const message = ui.squash(await toast.locator('.notification-list-item-message').textContent());
    if (message !== `${PREFIX}${DIFF_SENTENCE} ${LOG_SENTENCE}`) throw new Error(`the notification says "${message}"`);

    // The earlier save of the same verdicts said nothing: the center lists this message alone.
    const center = await ui.showNotifications();
    const listed = center.locator('.notification-list-item-message', { hasText: PREFIX });
    await listed.first().waitFor();
    const saved = await listed.allTextContents();
    if (saved.length !== 1) throw new Error(`${saved.length} on-save messages: ${saved.join(' / ')}`);

    // Show details puts the same result, counts included, in the comparison panel.
    await center.locator('.notification-list-item', { hasText: PREFIX }).locator('.monaco-button', { hasText: 'Show details' }).click();
    await frame().locator('#summary', { hasText: exactly(`${DIFF_SENTENCE} ${LOG_SENTENCE}`) }).waitFor();
  });

  await scenario('auto-save-says-nothing', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.locator('.notification-list-item-message', { hasText: PREFIX }).first().waitFor({ state: 'detached' });
    await page.keyboard.press('Control+1');
    const onDisk = () => readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
    const compareRules = () => onDisk().split('\n').filter((line) => line === 'Disallow: /compare/').length;
    if (compareRules() !== 2) throw new Error(`robots.txt on disk has ${compareRules()} "Disallow: /compare/" lines before the edit, expected 2`);

    // Auto-save after a delay, as VS Code for the web ships it (the profile turned it off, and
    // made the delay long enough for the tab to show the edit as unsaved meanwhile).
    await ui.runCommand('File: Toggle Auto Save');
    try {
      await deleteLine(51, 'Disallow: /compare/'); // bingbot's
      // No Ctrl+S: the tab stops being dirty only because auto-save wrote the file.
      await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]:not(.dirty)').waitFor();
    } finally {
      await ui.runCommand('File: Toggle Auto Save');
    }
    if (compareRules() !== 1) throw new Error('the auto-save did not write the edit to disk');

    // An explicit save after it: comparisons on save report in save order, so its message
    // arriving means the auto-save's turn has passed, and said nothing.
    await deleteLine(84, 'Disallow: /checkout/'); // bingbot's again (line 86 before the two removals above it)
    await ui.save();
    // Only the state after both edits says "2 sets of paths newly allowed": this toast is the explicit save's.
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'bingbot (2 sets of paths newly allowed)' });
    await toast.waitFor();
    const message = ui.squash(await toast.locator('.notification-list-item-message').textContent());
    if (message !== `${PREFIX}${BINGBOT_SENTENCES}`) throw new Error(`the notification of Ctrl+S says "${message}"`);
    const center = await ui.showNotifications();
    const listed = await center.locator('.notification-list-item-message', { hasText: PREFIX }).allTextContents();
    if (listed.length !== 1) throw new Error(`${listed.length} on-save messages since the auto-save: ${listed.join(' / ')}`);
    await page.keyboard.press('Escape');
  });

  await scenario('compare-another-file', async () => {
    // The file as it was before the AI opt-out: GPTBot's group allowed everything.
    const saved = readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
    const older = saved.replace('User-agent: Applebot-Extended\nDisallow: /\n', 'User-agent: Applebot-Extended\nAllow: /\n');
    if (older === saved) throw new Error("the saved robots.txt has no GPTBot group ending in Applebot-Extended's Disallow: /");
    const olderFile = path.join(t.workspace, 'robots-2025-02.txt');
    writeFileSync(olderFile, older);

    await page.keyboard.press('Control+1');
    await ui.runCommand(t.compareLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare the current robots.txt with…' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Another file…,"]').click();
    // VS Code's own open dialog, starting in the document's folder.
    await ui.openDialogFile(olderFile, 'Compare');
    await frame().locator('#title', { hasText: exactly('Compare robots-2025-02.txt → robots.txt') }).waitFor();
    await frame().locator('#summary', { hasText: exactly(OLDER_FILE_SENTENCES) }).waitFor();
    await frame().locator('#requests .crawler-flips h3', { hasText: exactly('GPTBot') }).waitFor();
  });

  /** Removes a 1-based line of robots.txt after checking it reads `expected`. @param {number} line @param {string} expected */
  async function deleteLine(line, expected) {
    await ui.goToLine(line);
    const text = ui.squash(await ui.lineText(line));
    if (text !== expected) throw new Error(`line ${line} reads "${text}", expected "${expected}"`);
    await page.keyboard.press('Control+Shift+K');
    await page.locator('.tabs-container .tab.dirty[data-resource-name="robots.txt"]').waitFor();
  }
}
