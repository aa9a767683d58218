// UI scenarios of the panels' widths (issue #36): in a side column of 600 px and in a wide one
// of 1400 px, no primary table of Test URL, AI access, Check Sitemaps, Compare or the replay is
// wider than its panel, so nothing is cut off or needs scrolling sideways, and no panel's page
// scrolls sideways. The crawler matrix, 43 paths wide, keeps its crawler column at the left and
// scrolls its paths inside its own box: at 600 px a dozen paths show beside the crawlers, at
// 1400 px all of them. The replay's deciding line comes right after the verdict. Each panel is
// shown by its tab; the window is resized until the panel has the width asked for, then put back.

/**
 * @param {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   screenshotPath: (name: string) => string,
 * }} t
 * @param {readonly ('test-url' | 'ai-access' | 'sitemaps' | 'compare' | 'matrix' | 'replay')[]} which the panels to check: those open at this point of the run
 */
export async function panelWidthScenarios({ page, ui, scenario, screenshotPath }, which) {
  /**
   * Tab title → the tables that carry the panel's answer, and what else holds at a width.
   * `inside`: the table scrolls inside this box, which must fit the panel; `show`: scrolled into sight for the screenshot.
   * @type {Record<string, { tab: RegExp, tables: string, inside?: boolean, show?: string, prepare?: () => Promise<void>, check?: (width: number) => Promise<string[]> }>}
   */
  const ALL = {
    'test-url': { tab: /^Test URL — /, tables: '#results' },
    'ai-access': { tab: /^AI access — /, tables: 'table.crawlers', check: answerFirst },
    sitemaps: { tab: /^Sitemaps$/, tables: '#blocked' },
    compare: { tab: /^Compare — /, tables: 'table.flip-examples' },
    // The matrix's box, not its table: 43 paths scroll inside it, the crawler column stays.
    matrix: { tab: /^Crawler matrix — /, tables: '#matrix', inside: true, prepare: ownPaths, check: matrixPaths },
    replay: { tab: /^Replay — /, tables: '#table', show: '#table-head', check: replayColumns },
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

  /**
   * AI access opens with its answer: right under the title, one sentence per purpose, in sight
   * before the offer to enforce, the legend and the tables.
   */
  async function answerFirst() {
    const seen = await ui.webview().locator('body').evaluate((body) => {
      body.ownerDocument.scrollingElement?.scrollTo(0, 0);
      const first = body.querySelector('#answer .purpose-summary');
      const title = body.querySelector('#title');
      const after = (/** @type {string} */ selector) => {
        const other = body.querySelector(selector);
        return !first || !other || other.getClientRects().length === 0 || first.getBoundingClientRect().bottom <= other.getBoundingClientRect().top;
      };
      return {
        top: first?.getBoundingClientRect().top ?? NaN,
        under: title ? title.getBoundingClientRect().bottom : NaN,
        beforeRest: after('#enforce') && after('#purposes-heading') && after('table.crawlers'),
      };
    });
    const problems = [];
    if (!(seen.top - seen.under < 40)) problems.push(`the first answer sentence is at y ${seen.top}, the title ends at y ${seen.under}`);
    if (!seen.beforeRest) problems.push('the answer does not come before the offer to enforce and the tables');
    return problems;
  }

  /** The matrix on the file's own 43 paths, as it opens, not the ones earlier scenarios added. */
  async function ownPaths() {
    const reset = ui.webview().locator('#reset-paths');
    if (await reset.isEnabled()) await reset.click();
    await ui.webview().locator('#reset-paths[disabled]').waitFor();
    await ui.webview().locator('table.matrix:not(.transposed)').waitFor();
  }

  /**
   * The matrix shows many paths beside its crawler column, which stays put: a dozen at 600 px,
   * all at 1400 px. A path column counts when it is wholly in sight right of the sticky columns.
   * @param {number} width
   */
  async function matrixPaths(width) {
    const seen = await ui.webview().locator('#matrix').evaluate((box) => {
      box.scrollLeft = 0;
      const edge = box.querySelector('thead th.count')?.getBoundingClientRect().right ?? NaN;
      const right = box.getBoundingClientRect().left + box.clientWidth;
      const heads = [...box.querySelectorAll('thead th.path')].map((th) => th.getBoundingClientRect());
      const sticky = globalThis.getComputedStyle(/** @type {Element} */ (box.querySelector('tbody th.crawler'))).position;
      return { total: heads.length, shown: heads.filter((r) => r.left >= edge - 1 && r.right <= right + 1).length, sticky };
    });
    const problems = [];
    if (seen.sticky !== 'sticky') problems.push(`the crawler column is ${seen.sticky}, not sticky`);
    const wanted = width >= 1400 ? seen.total : Math.min(10, seen.total);
    if (seen.shown < wanted) problems.push(`${seen.shown} of ${seen.total} path columns in sight beside the crawlers, expected at least ${wanted}`);
    return problems;
  }

  /**
   * The replay's table needs no sideways scroll; its columns start with the answer (the crawler,
   * its verdict, the deciding line, the path; the time before them when there is room); at
   * 1400 px every column is drawn.
   * @param {number} width
   */
  async function replayColumns(width) {
    const seen = await ui.webview().locator('#viewport').evaluate((box) => ({
      scroll: box.scrollWidth,
      client: box.clientWidth,
      heads: [...box.querySelectorAll('#table-head .cell')].filter((cell) => cell.getClientRects().length > 0).map((cell) => ({ text: cell.textContent?.replace(/ [▲▼]$/, '') ?? '', right: cell.getBoundingClientRect().right })),
      right: box.getBoundingClientRect().left + box.clientWidth,
    }));
    const problems = [];
    if (seen.scroll > seen.client + 1) problems.push(`the table scrolls sideways (${seen.scroll} px in ${seen.client})`);
    const labels = seen.heads.map((head) => head.text);
    const answer = labels.slice(labels.indexOf('Crawler'), labels.indexOf('Crawler') + 4).join();
    if (answer !== 'Crawler,Verdict,Line,Path' || labels.indexOf('Crawler') > 1) problems.push(`the columns are ${labels.join(', ')}`);
    const cut = seen.heads.filter((head) => head.right > seen.right + 1).map((head) => head.text);
    if (cut.length > 0) problems.push(`columns cut off at the right: ${cut.join(', ')}`);
    if (width >= 1400 && labels.length !== 10) problems.push(`${labels.length} of 10 columns drawn in a wide panel: ${labels.join(', ')}`);
    return problems;
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
          await panel.prepare?.();
          const width = await widen(target);
          if (Math.abs(width - target) > 40) problems.push(`${panel.tab}: the panel is ${width} px wide, not ${target}`);
          const tables = await ui.webview().locator(panel.tables).evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => ({
            id: el.id || el.className,
            width: Math.ceil(el.getBoundingClientRect().width),
            scroll: el.scrollWidth,
            right: Math.ceil(el.getBoundingClientRect().right),
          })));
          for (const table of tables) {
            if (table.right > width + 1 || (!panel.inside && table.scroll > width + 1)) problems.push(`${panel.tab}: ${table.id} is ${table.width} px wide (scrolls ${table.scroll}, ends at x ${table.right}) in a panel of ${width} px`);
          }
          // The matrix and the replay always have their table; Check Sitemaps has none when nothing was read.
          if (tables.length === 0 && (panel.inside || panel.show)) problems.push(`${panel.tab}: no ${panel.tables} on screen`);
          const pageWidth = await ui.webview().locator('body').evaluate(() => globalThis.document.documentElement.scrollWidth);
          if (pageWidth > width + 1) problems.push(`${panel.tab}: the page scrolls sideways (${pageWidth} px in a panel of ${width} px)`);
          if (panel.check) problems.push(...(await panel.check(width)).map((problem) => `${panel.tab}: ${problem}`));
          if (panel.show) await ui.webview().locator(panel.show).scrollIntoViewIfNeeded();
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
