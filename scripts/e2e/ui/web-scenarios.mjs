// UI scenarios of the web-only build (`node scripts/e2e/ui-test.mjs --web`): the extension
// whose manifest has a `browser` entry and no `main`, which code-server runs in its web worker
// extension host. The shared scenarios run as on the desktop, except the ones listed in
// DESKTOP_ONLY (with why); these add what only the web has: the window starts in Restricted
// Mode and is trusted from the replay's own message, the Running Extensions view shows the
// extension in the web worker, and the replay, Compare with…, Fetch robots.txt… and Check URL…
// meet the browser's limits with what works instead.
import { cpSync, mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo.mjs';

const NEEDS_GIT_OR_LOG_FILES = 'Compare with Git HEAD runs git and the comparisons count logged requests read from disk; a browser has neither (web-compare-alternatives covers Another file… there)';
const NEEDS_SITEMAP_FETCH = 'the server fetches sitemaps from their sites or reads them from disk; in a browser it says it cannot and names robots-lens sitemaps';
const NEEDS_LIVE_FETCH = 'it fetches a site, and browsers block cross-origin requests (web-fetch-alternatives covers the message and its buttons)';

/** Scenarios of the shared list that cannot run in a browser, each with the reason printed when it is left out. */
export const DESKTOP_ONLY = {
  'save-same-verdicts': NEEDS_GIT_OR_LOG_FILES,
  'compare-with-git-head': NEEDS_GIT_OR_LOG_FILES,
  'compare-on-save': NEEDS_GIT_OR_LOG_FILES,
  'auto-save-says-nothing': NEEDS_GIT_OR_LOG_FILES,
  'compare-another-file': `${NEEDS_GIT_OR_LOG_FILES}; its sentences include the count of logged requests`,
  'compare-after-block-edit': `${NEEDS_GIT_OR_LOG_FILES}; it measures the comparison with its logged requests first`,
  'compare-live-site': NEEDS_LIVE_FETCH,
  'compare-live-unreachable': NEEDS_LIVE_FETCH,
  fetch: NEEDS_LIVE_FETCH,
  'survey-sites-panel': NEEDS_LIVE_FETCH,
  'check-sitemaps': NEEDS_SITEMAP_FETCH,
  'check-sitemaps-hint': NEEDS_SITEMAP_FETCH,
  'check-sitemaps-unreadable': NEEDS_SITEMAP_FETCH,
  // Their Check Sitemaps half needs the desktop; the AI access panel's width is held there too.
  'panel-widths-ai-access-sitemaps-600': NEEDS_SITEMAP_FETCH,
  'panel-widths-ai-access-sitemaps-1400': NEEDS_SITEMAP_FETCH,
  'replay-cards-ip-lists': 'it expects no IP lists and a download of them; a browser cannot download them (web-replay-ip-lists covers lists in the workspace and the download\'s message)',
};

/** Workspace Trust on, with no prompt: the window opens in Restricted Mode. */
export const WEB_SETTINGS = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
};

/** The older version Compare with… → Another file… compares with: Applebot-Extended still allowed there. */
const OLDER_FILE = 'robots-older.txt';
const MAX_BROWSER_LOG_MIB = 512;

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   workspace: string,
 *   artifacts: string,
 *   labels: { replay: string, compare: string, fetch: string, checkUrl: string },
 * }} WebContext
 */

/** Files the web scenarios read, written before the workspace's bytes are taken. @param {string} workspace */
export function prepareWebWorkspace(workspace) {
  const saved = readFileSync(path.join(workspace, 'robots.txt'), 'utf8');
  const older = saved.replace('User-agent: Applebot-Extended\nDisallow: /\n', 'User-agent: Applebot-Extended\nAllow: /\n');
  if (older === saved) throw new Error("ui: examples/robots.txt has no Applebot-Extended group ending in Disallow: /");
  writeFileSync(path.join(workspace, OLDER_FILE), older);
}

/** Closes the active editor of the active group by its tab's close button (no keyboard shortcut is the same in every browser). @param {import('playwright-core').Page} page */
async function closeActiveEditor(page) {
  const tab = page.locator('.part.editor .editor-group-container.active .tabs-container .tab.active');
  const count = await page.locator('.tabs-container .tab').count();
  await tab.locator('.codicon-close').click();
  await page.waitForFunction((before) => globalThis.document.querySelectorAll('.tabs-container .tab').length < before, count);
}

/** @param {import('playwright-core').Page} page @param {string} text */
const toast = (page, text) => page.locator('.notifications-toasts .notification-list-item', { hasText: text });

/** Right after the workbench opened: Restricted Mode, then the extension host. @param {WebContext} t */
export async function webStartScenarios(t) {
  const { page, ui, scenario } = t;
  await scenario('web-restricted-mode', async () => {
    await ui.quickOpen('robots.txt');
    await ui.editor.locator('.squiggly-error').first().waitFor({ state: 'attached' }); // the open file is checked as usual
    // The replay reads log files: in Restricted Mode it says so before asking for any log, and offers the trust editor.
    await ui.runCommand(t.labels.replay);
    const refused = toast(page, 'Replaying access logs is off in Restricted Mode: it reads log files or the network.');
    await refused.waitFor();
    if (await page.locator('.quick-input-widget').isVisible()) throw new Error('the replay asked for a log in Restricted Mode');
    await refused.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).click();
    const trustEditor = page.locator('.workspace-trust-editor');
    await trustEditor.locator('.workspace-trust-title', { hasText: 'In Restricted Mode' }).waitFor();
    await trustEditor.locator('.workspace-trust-buttons-row .monaco-button', { hasText: /^Trust$/ }).first().click();
    await trustEditor.locator('.workspace-trust-title', { hasText: /You trust this (folder|window|workspace)/ }).waitFor();
    await closeActiveEditor(page);
  });

  await scenario('web-extension-host', async () => {
    await ui.runCommand('Developer: Show Running Extensions');
    const row = page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: 'robots.txt Lens' });
    await row.waitFor();
    const text = ui.squash(await row.textContent());
    if (!text.includes('web worker')) throw new Error(`the Running Extensions row of robots.txt Lens does not say "web worker": ${text}`);
    await row.click();
    await page.screenshot({ path: path.join(t.artifacts, 'running-extensions-web-worker.png'), animations: 'disabled' });
    await closeActiveEditor(page);
  });
}

/** After the shared replay scenarios: the browser's limits, and what works instead. @param {WebContext} t */
export async function webEndScenarios(t) {
  const { page, ui, scenario } = t;
  const frame = () => ui.webview();
  const replayRecent = async (/** @type {string} */ name) => {
    await page.keyboard.press('Control+1');
    await ui.runCommand(t.labels.replay, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Replay access log' }));
    await page.locator(`.quick-input-list .monaco-list-row[aria-label^="${name}"]`).click();
  };

  await scenario('web-replay-ip-lists', async () => {
    // Google's list in the workspace, where the browser's replay reads lists; removed again after.
    const lists = path.join(t.workspace, '.robots-lens');
    mkdirSync(path.join(lists, 'ip-lists'), { recursive: true });
    cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'replay', 'ranges', 'common-crawlers.json'), path.join(lists, 'ip-lists', 'common-crawlers.json'));
    try {
      await ui.runCommand('Notifications: Clear All Notifications');
      await replayRecent('access.log');
      // As `robots-lens replay examples/robots.txt examples/access.log --ranges <that list>` counts.
      const card = frame().locator('#cards .card[data-label="Verified / spoofed"]');
      await card.locator('.card-value', { hasText: /^431 \/ 72$/ }).waitFor();
      await card.locator('.card-detail', { hasText: /^688 unverified/ }).waitFor();
      await card.locator('#refresh-ranges').click();
      await frame().locator('#status', { hasText: 'Crawler IP lists cannot be downloaded in the browser (cross-origin requests are blocked). Put the operators\' list files' }).waitFor();
      await frame().locator('#cards').scrollIntoViewIfNeeded();
    } finally {
      rmSync(lists, { recursive: true, force: true });
    }
  });

  await scenario('web-replay-too-large', async () => {
    // A sparse file: its size is what the limit reads, and it costs no disk.
    const huge = path.join(t.workspace, 'huge.log');
    writeFileSync(huge, '');
    truncateSync(huge, (MAX_BROWSER_LOG_MIB + 1) * 1024 * 1024);
    try {
      await page.keyboard.press('Control+1');
      await ui.runCommand(t.labels.replay, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Replay access log' }));
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Choose log files…' }).click();
      await ui.openDialogFile(huge, 'Replay');
      await frame().locator('#status', { hasText: `huge.log is ${MAX_BROWSER_LOG_MIB + 1} MiB: the browser replays logs up to ${MAX_BROWSER_LOG_MIB} MiB. Replay it with the robots-lens CLI (robots-lens replay)` }).waitFor();
    } finally {
      rmSync(huge, { force: true });
    }
  });

  await scenario('web-compare-alternatives', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Control+1');
    await page.locator('.tabs-container .tab.active[data-resource-name="robots.txt"]').waitFor();
    const compare = async () => {
      await ui.runCommand(t.labels.compare, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare the current robots.txt with…' }));
      await page.locator('.quick-input-list .monaco-list-row[aria-label^="Git HEAD,"]').click();
    };
    await compare();
    const noGit = toast(page, 'Compare with Git HEAD: git is not available in the browser');
    await noGit.locator('.monaco-button', { hasText: 'Another File…' }).click();
    await ui.openDialogFile(path.join(t.workspace, OLDER_FILE), 'Compare');
    await frame().locator('#title', { hasText: `Compare ${OLDER_FILE} → robots.txt` }).waitFor();
    await frame().locator('#summary', { hasText: /^Verdicts change for 3 crawlers: Google-Extended, Applebot-Extended and GPTBot \(each: 1 set of paths newly disallowed\)/ }).waitFor();
    // The log replayed last cannot be counted here, and the panel says so.
    await frame().locator('#status', { hasText: 'are not counted: Counting the logged requests a change decides differently is not available in the browser' }).waitFor();
  });

  await scenario('web-fetch-alternatives', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Control+1');
    await ui.runCommand(t.labels.fetch);
    const refused = toast(page, 'Fetching a live site is not available in the browser: browsers block requests to other sites (cross-origin).');
    await refused.locator('.monaco-button', { hasText: 'Open a robots.txt File…' }).waitFor();
    await refused.locator('.monaco-button', { hasText: 'Paste into a New robots.txt' }).click();
    await page.locator('.tabs-container .tab.active', { hasText: /^Untitled/ }).waitFor();
    await page.locator('[id="status.editor.mode"]', { hasText: 'robots.txt' }).waitFor();
    await closeActiveEditor(page);
  });

  await scenario('web-check-url-alternatives', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await page.keyboard.press('Control+1');
    await page.locator('.tabs-container .tab.active[data-resource-name="robots.txt"]').waitFor();
    await ui.runCommand(t.labels.checkUrl);
    // Check URL fetches the page and its site's robots.txt: here it says why not, and offers Test URL, which needs neither.
    const refused = toast(page, 'Fetching a live site is not available in the browser: browsers block requests to other sites (cross-origin).');
    await refused.locator('.monaco-button', { hasText: 'Test URL…' }).click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Test URL against robots.txt' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  });
}
