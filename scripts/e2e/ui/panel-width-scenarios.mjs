// UI scenarios of the panels' widths (issue #36): in a side column of 600 px and in a wide one
// of 1400 px, no primary table of Test URL, AI access, Check Sitemaps or Compare is wider than
// its panel, so nothing is cut off or needs scrolling sideways. Each panel is shown by its tab;
// the window is resized until the panel has the width asked for, then put back.

/**
 * @param {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   screenshotPath: (name: string) => string,
 * }} t
 * @param {readonly ('test-url' | 'ai-access' | 'sitemaps' | 'compare')[]} which the panels to check: those open at this point of the run
 */
export async function panelWidthScenarios({ page, ui, scenario, screenshotPath }, which) {
  /** Tab title → the tables that carry the panel's answer. */
  const ALL = {
    'test-url': { tab: /^Test URL — /, tables: '#results' },
    'ai-access': { tab: /^AI access — /, tables: 'table.crawlers' },
    sitemaps: { tab: /^Sitemaps$/, tables: '#blocked' },
    compare: { tab: /^Compare — /, tables: 'table.flip-examples' },
  };
  const PANELS = which.map((name) => ALL[name]);
  const original = page.viewportSize() ?? { width: 1500, height: 950 };

  /** The width of the panel on screen: its page's viewport. */
  const panelWidth = () => ui.webview().locator('body').evaluate(() => globalThis.document.documentElement.clientWidth);

  /** Resizes the window until the visible panel is `target` px wide (±12), and returns its width. */
  async function widen(target) {
    let width = await panelWidth();
    for (let attempt = 0; attempt < 4 && Math.abs(width - target) > 12; attempt++) {
      const size = page.viewportSize() ?? original;
      // The editor and the panel share the window: the panel gets about half of what is added.
      await page.setViewportSize({ width: Math.max(700, Math.round(size.width + 2 * (target - width))), height: size.height });
      // The panel is laid out again within a few frames: wait for its width to change, at most a second's frames.
      await ui.webview().locator('body').evaluate((_, before) => new Promise((resolve) => {
        let frames = 0;
        const check = () => (globalThis.document.documentElement.clientWidth !== before || ++frames > 60 ? resolve(undefined) : globalThis.requestAnimationFrame(check));
        check();
      }), width);
      width = await panelWidth();
    }
    return width;
  }

  for (const target of [600, 1400]) {
    await scenario(`panel-widths-${which.join('-')}-${target}`, async () => {
      const problems = [];
      try {
        for (const panel of PANELS) {
          const tab = page.locator('.tabs-container .tab', { has: page.locator('.label-name', { hasText: panel.tab }) }).first();
          if ((await tab.count()) === 0) {
            problems.push(`no tab ${panel.tab}`);
            continue;
          }
          await tab.click();
          await ui.webview().locator('body').waitFor();
          const width = await widen(target);
          if (Math.abs(width - target) > 40) problems.push(`${panel.tab}: the panel is ${width} px wide, not ${target}`);
          const tables = await ui.webview().locator(panel.tables).evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => ({
            id: el.id || el.className,
            width: Math.ceil(el.getBoundingClientRect().width),
            scroll: el.scrollWidth,
            right: Math.ceil(el.getBoundingClientRect().right),
          })));
          for (const table of tables) {
            if (table.right > width + 1 || table.scroll > width + 1) problems.push(`${panel.tab}: ${table.id} is ${table.width} px wide (scrolls ${table.scroll}, ends at x ${table.right}) in a panel of ${width} px`);
          }
          const name = String(panel.tab.source).replace(/[^A-Za-z]+/g, '-').replace(/^-|-$/g, '').toLowerCase();
          await page.screenshot({ path: screenshotPath(`width-${target}-${name}`), animations: 'disabled' });
        }
      } finally {
        await page.setViewportSize(original);
      }
      if (problems.length > 0) throw new Error(problems.join('; '));
    });
  }
}
