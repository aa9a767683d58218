// UI scenario of Survey Sites…: a text file of sites (sites.txt, written into the workspace copy
// after the checks that it stays untouched) names two real HTTP sites on 127.0.0.1 — one whose rules disallow every URL, one answering 503; the
// command fetches them in the language server and shows the matrix, the answer first; a click
// on a cell opens the fetched robots.txt with its deciding line revealed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalSite } from './local-site.mjs';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   surveyLabel: string,
 *   workspace: string,
 * }} SurveyPanelContext
 */

/** @param {SurveyPanelContext} t */
export async function surveyPanelScenarios(t) {
  const { page, ui, scenario } = t;
  const closed = await startLocalSite('# closed to everyone\nUser-agent: *\nDisallow: /\n');
  const down = await startLocalSite(503);
  try {
    await scenario('survey-sites-panel', async () => {
      await page.keyboard.press('Escape');
      writeFileSync(path.join(t.workspace, 'sites.txt'), `# two sites\n${closed.origin}\n${down.origin}\n`);
      await ui.quickOpen('sites.txt');
      await page.locator('.part.editor .editor-group-container.active .monaco-editor .view-line', { hasText: down.origin }).first().waitFor();

      await ui.runCommand(t.surveyLabel, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Survey 2 sites: paths to test' }));
      await ui.typeInQuickInput('/ /private/report.html');
      await ui.acceptQuickInput();

      const results = ui.webview();
      // The answer first: GPTBot (a default crawler) is shut out of both, one of them only by the 503.
      await results.locator('#summary li', { hasText: /^GPTBot: whole site disallowed on 2 of 2 sites .*1 of them only because robots.txt was unreachable/ }).waitFor();
      if (!closed.requests.includes('/robots.txt') || !down.requests.includes('/robots.txt')) throw new Error('a site was not asked for its robots.txt');
      const rows = results.locator('#matrix tbody tr');
      const closedRow = rows.filter({ hasText: closed.origin });
      const downRow = rows.filter({ hasText: down.origin });
      const labels = async (/** @type {import('playwright-core').Locator} */ row) => (await row.locator('td.cell button').allTextContents()).map((s) => ui.squash(s));
      const closedLabels = await labels(closedRow);
      if (closedLabels.length !== 4 || closedLabels.some((l) => l !== 'whole site')) throw new Error(`the closed site's cells read ${JSON.stringify(closedLabels)}`);
      await downRow.locator('.notice', { hasText: 'failed' }).or(downRow.locator('.muted', { hasText: '503 (unreachable)' })).first().waitFor();
      // Focus shows a cell's tested paths and deciding lines, as text.
      const gptbot = closedRow.locator('td.cell button').nth(2);
      await gptbot.focus();
      await results.locator('#detail', { hasText: /proved from the rules \(line 3 matches every URL/ }).waitFor();
      await results.locator('#detail', { hasText: '/private/report.html: disallowed by line 3: Disallow: /' }).waitFor();
      // A click opens the fetched file with the deciding line revealed.
      await gptbot.click();
      const fetched = page.locator('.part.editor .editor-group-container.active .monaco-editor').first();
      await fetched.locator('.view-line', { hasText: '# closed to everyone' }).first().waitFor();
      await fetched.locator('.line-numbers.active-line-number').filter({ hasText: /^3$/ }).waitFor();
    });
  } finally {
    await closed.close();
    await down.close();
  }
}
