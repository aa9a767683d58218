// UI scenarios of the crawler matrix: its cells agree with the rules for a few crawlers and
// paths, and hostile paths typed into it are shown as text (no element injected, no dialog,
// only the installed extension's matrix.js and common.js), still decided by the rules.

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>, options?: { essential?: boolean }) => Promise<void>,
 *   showMatrixLabel: string,
 *   dialogs: readonly string[],
 *   installedExtension: string,
 * }} MatrixContext
 */

/** @param {MatrixContext} t */
export async function matrixScenarios(t) {
  const { page, ui, scenario, dialogs } = t;
  const SHOW_MATRIX = t.showMatrixLabel;

  await scenario('matrix', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await ui.runCommand('View: Hide Panel');
    await page.locator('.part.panel').waitFor({ state: 'hidden' });
    await ui.runCommand('View: Toggle Primary Side Bar Visibility'); // room for the matrix
    await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+1');
    await ui.runCommand(SHOW_MATRIX);
    const frame = ui.matrixFrame();
    await frame.locator('table.matrix').waitFor();
    const paths = await frame.locator('thead th.path .path-text').allTextContents();
    /** @param {string} agent @param {string} urlPath */
    const cell = (agent, urlPath) => {
      const column = paths.indexOf(urlPath);
      if (column < 0) throw new Error(`the matrix has no column ${urlPath}: ${paths.join(' ')}`);
      return frame.locator('tbody tr')
        .filter({ has: frame.locator('th.crawler .agent', { hasText: new RegExp(`^${agent}$`) }) })
        .locator(`.cell[data-column="${column}"]`);
    };
    /** @type {[string, string, 'allowed' | 'disallowed', string][]} */
    const expectations = [
      ['GPTBot', '/', 'disallowed', 'line 74'],
      ['GPTBot', '/cart/', 'disallowed', 'line 74'],
      ['ClaudeBot', '/blog/', 'allowed', 'line 80'],
      ['Googlebot', '/cart/', 'allowed', ''], // its own group: the * rules do not apply
    ];
    for (const [agent, urlPath, state, line] of expectations) {
      const target = cell(agent, urlPath);
      await target.waitFor();
      const [className, text, label] = await Promise.all([target.getAttribute('class'), target.textContent(), target.getAttribute('aria-label')]);
      const word = state === 'allowed' ? 'Allowed' : 'Disallowed';
      if (!className?.split(' ').includes(state) || !text?.includes(word) || !label?.includes(line)) {
        throw new Error(`${agent} × ${urlPath}: class "${className}", text "${text}", label "${label}"; expected ${word}${line ? ` by ${line}` : ''}`);
      }
    }
    const gptRoot = cell('GPTBot', '/');
    await gptRoot.scrollIntoViewIfNeeded();
    await gptRoot.focus();
  });

  await scenario('matrix-hostile-input', async () => {
    const frame = ui.matrixFrame();
    const hostile = ['/"><img/src=x/onerror=alert(1)>', '/<script>alert(2)</script>'];
    const headersBefore = await frame.locator('thead th.path').count();
    await frame.locator('#path-input').fill(hostile.join(' '));
    await frame.locator('#add-paths button[type="submit"]').click();
    await ui.parkMouse();
    for (const text of hostile) await frame.locator('thead th.path .path-text', { hasText: text }).first().waitFor();
    const headersAfter = await frame.locator('thead th.path').count();
    if (headersAfter !== headersBefore + hostile.length) throw new Error(`${headersAfter} path columns after adding 2 to ${headersBefore}`);
    // Shown as text, never parsed as markup: no element the payloads name, no dialog.
    const injected = await frame.locator('#matrix img, #matrix script, body > img, [onerror]').count();
    if (injected > 0) throw new Error(`${injected} element(s) injected into the matrix`);
    // Only VS Code's own API shim and the nonce'd matrix.js with the shared common.js, served from the installed .vsix.
    const scripts = await frame.locator('script').evaluateAll((els) => els.map((el) => ({ id: el.id, src: el.getAttribute('src') ?? '', nonce: el.getAttribute('nonce') ?? '' })));
    const ourScripts = ['/media/common.js', '/media/matrix.js'];
    const foreign = scripts.filter((script) => script.id !== '_vscodeApiScript' && !(script.nonce && ourScripts.some((name) => script.src.endsWith(name))));
    if (foreign.length > 0) throw new Error(`unexpected script elements in the webview: ${JSON.stringify(foreign)}`);
    for (const name of ourScripts) {
      const src = scripts.find((script) => script.src.endsWith(name))?.src ?? '';
      if (!decodeURIComponent(src).includes(t.installedExtension)) {
        throw new Error(`${name.slice('/media/'.length)} does not come from the installed .vsix: ${src}`);
      }
    }
    const status = (await frame.locator('#status').textContent()) ?? '';
    if (status.includes('Not added')) throw new Error(`the matrix refused the paths: ${status}`);
    if (dialogs.length > 0) throw new Error(`a dialog opened: ${dialogs.join('; ')}`);
    // The row still decides them: GPTBot is disallowed there too.
    const column = (await frame.locator('thead th.path .path-text').allTextContents()).indexOf(hostile[0]);
    const gpt = frame.locator('tbody tr').filter({ has: frame.locator('th.crawler .agent', { hasText: /^GPTBot$/ }) }).locator(`.cell[data-column="${column}"]`);
    if (!(await gpt.getAttribute('class'))?.includes('disallowed')) throw new Error('GPTBot is not disallowed on the hostile path');
    await frame.locator('thead th.path', { hasText: hostile[0] }).scrollIntoViewIfNeeded();
  });
}
