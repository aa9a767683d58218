// UI scenario of Fetch robots.txt…: the palette command against a real HTTP site on 127.0.0.1,
// which opens the fetched file as an untitled robots.txt beside the workspace's files.
import { startLocalSite } from './local-site.mjs';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   fetchLabel: string,
 * }} FetchContext
 */

const SITE_ROBOTS = 'User-agent: *\nDisallow: /private/\n';

/** @param {FetchContext} t */
export async function fetchScenarios(t) {
  const { page, ui, scenario } = t;
  const site = await startLocalSite(SITE_ROBOTS);
  try {
    await scenario('fetch', async () => {
      await ui.runCommand('Notifications: Clear All Notifications');
      await page.keyboard.press('Control+1');
      await ui.runCommand(t.fetchLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Fetch robots.txt' }));
      await ui.typeInQuickInput(site.origin);
      await ui.acceptQuickInput();
      // The fetched file opens in a new editor, beside robots.txt.
      await page.locator('.part.editor .editor-group-container.active .monaco-editor .view-line', { hasText: 'Disallow: /private/' }).first().waitFor();
      // The outcome is told in a notification; its toast may already be gone, the notification centre keeps it.
      const told = page.locator('.notification-list-item-message', { hasText: `robots.txt of ${site.origin}:` });
      if (!(await told.isVisible())) await ui.runCommand('Notifications: Show Notifications');
      await told.first().waitFor();
      if (!site.requests.includes('/robots.txt')) throw new Error(`the site was asked for ${site.requests.join(', ') || 'nothing'}, not /robots.txt`);
      // The tab is named after the site and the time of the fetch.
      const host = new URL(site.origin).host;
      const tab = ui.squash(await page.locator('.part.editor .editor-group-container.active .tabs-container .tab.active .label-name').textContent());
      if (!new RegExp(`^# ${host.replace(/\./g, '\\.')} at \\d\\d:\\d\\d UTC$`).test(tab)) throw new Error(`the fetched document's tab reads "${tab}"`);
    });
  } finally {
    await site.close();
  }
}
