// UI scenarios of Compare with… → Live robots.txt… (issue #7), against real HTTP sites on
// 127.0.0.1 started here: one serves a robots.txt, the other answers 503.
//
// The live file is the workspace's saved robots.txt (as the compare scenarios left it) with
// PetalBot's `Disallow: /` written `Allow: /`: the site is behind the buffer, and deploying the
// buffer blocks Baiduspider too, whose `User-agent` line (61) has no rules and joins PetalBot's
// group. The expected sentences agree with the CLI on the same files:
//   sed '51d;80d;86d' examples/robots.txt > new.txt && sed '64s/Disallow/Allow/' new.txt > live.txt
//   robots-lens diff live.txt new.txt --log examples/access.log
// → Baiduspider and PetalBot are now disallowed everywhere; 24 of Baiduspider's requests flip.
// A 503 leaves no file: crawlers treat every URL as disallowed, the extension says so in the
// fetch report's words and opens no comparison.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalSite } from './local-site.mjs';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   compareLabel: string,
 *   workspace: string,
 * }} CompareLiveContext
 */

const PETAL_SAVED = 'User-agent: PetalBot\nDisallow: /\n';
const PETAL_LIVE = 'User-agent: PetalBot\nAllow: /\n';
const LIVE_SENTENCES = 'Verdicts change for 2 crawlers: Baiduspider and PetalBot (each: 1 set of paths newly disallowed). ' +
  '24 requests in access.log are decided differently: Baiduspider 24 requests newly disallowed.';
const TIME = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC';

/** @param {string} text */
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** @param {CompareLiveContext} t */
export async function compareLiveScenarios(t) {
  const { page, ui, scenario } = t;
  const saved = readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
  const site = await startLocalSite(saved.replace(PETAL_SAVED, PETAL_LIVE));
  const down = await startLocalSite(503);
  const siteInput = page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare with live robots.txt' });

  /** Compare with… → Live robots.txt…; resolves to the site the input box offers. */
  const pickLive = async () => {
    await page.keyboard.press('Control+1');
    await ui.runCommand(t.compareLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare the current robots.txt with…' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Live robots.txt…,"]').click();
    await siteInput.waitFor();
    return ui.quickInput.inputValue();
  };

  try {
    await scenario('compare-live-site', async () => {
      if (!saved.includes(PETAL_SAVED)) throw new Error("the saved robots.txt has no PetalBot group with `Disallow: /`");
      // No site was fetched in this profile, and the URL tested last is a path: nothing to offer.
      const offered = await pickLive();
      if (offered !== '') throw new Error(`the site input offers "${offered}" before any site was fetched`);
      await ui.typeInQuickInput(`${site.origin}/`);
      await ui.acceptQuickInput();
      await siteInput.waitFor({ state: 'hidden' });

      const frame = ui.webview();
      await frame.locator('#title', { hasText: new RegExp(`^Compare live ${escaped(site.origin)}/robots\\.txt \\(fetched ${TIME}\\) → robots\\.txt$`) }).waitFor();
      await frame.locator('#summary', { hasText: new RegExp(`^${escaped(LIVE_SENTENCES)}$`) }).waitFor();
      await frame.locator('#groups h2', { hasText: /^Baiduspider, PetalBot \(2 crawlers\)$/ }).waitFor();
      await frame.locator('#requests .crawler-flips h3', { hasText: /^Baiduspider$/ }).waitFor();
      if (!site.requests.includes('/robots.txt')) throw new Error(`the site was asked for ${site.requests.join(', ') || 'nothing'}, not /robots.txt`);
    });

    await scenario('compare-live-unreachable', async () => {
      // Close the last comparison: a panel open after this attempt could then only be a new one.
      const panelTab = page.locator('.tabs-container .tab', { hasText: 'Compare — robots.txt' });
      await panelTab.click();
      await panelTab.locator('.tab-actions .action-label[aria-label^="Close"]').click();
      await page.locator('.tabs-container .tab', { hasText: 'Compare — ' }).waitFor({ state: 'detached' });
      // Closing the tab hands focus to the replay webview beside it, which would close the
      // palette as it opens: put the focus back in the robots.txt editor first.
      await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]').first().click();
      await page.locator('.tabs-container .tab.active[data-resource-name="robots.txt"]').first().waitFor();
      await page.locator('.part.editor .editor-group-container.active .monaco-editor.focused').first().waitFor();
      await ui.runCommand('Notifications: Clear All Notifications');

      // The site compared last is offered again.
      const offered = await pickLive();
      if (offered !== `${site.origin}/`) throw new Error(`the site input offers "${offered}", expected the site compared last, ${site.origin}/`);
      await ui.typeInQuickInput(`${down.origin}/`);
      await ui.acceptQuickInput();
      await siteInput.waitFor({ state: 'hidden' });

      // The fetch report's words for a 503: every URL disallowed; no rules to compare.
      const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'No live file to compare with:' });
      await toast.waitFor();
      const message = ui.squash(await toast.locator('.notification-list-item-message').textContent());
      const expected = new RegExp(`^No live file to compare with: ${escaped(down.origin)}/robots\\.txt, fetched at ${TIME}, has no rules in force\\. ` +
        `HTTP 503: a server error, so robots\\.txt is "unreachable" and every URL of ${escaped(down.origin)} is disallowed ` +
        '\\(RFC 9309 §2\\.3\\.1\\.4: assume complete disallow\\)\\.');
      if (!expected.test(message)) throw new Error(`the message says "${message}"`);
      // The message comes after the decision not to compare: no panel is open now, and none opens later.
      const panels = await page.locator('.tabs-container .tab', { hasText: 'Compare — ' }).count();
      if (panels !== 0) throw new Error(`${panels} comparison panel(s) opened for a site whose robots.txt answered 503`);
      if (!down.requests.includes('/robots.txt')) throw new Error(`the 503 site was asked for ${down.requests.join(', ') || 'nothing'}, not /robots.txt`);
    });
  } finally {
    await site.close();
    await down.close();
  }
}
