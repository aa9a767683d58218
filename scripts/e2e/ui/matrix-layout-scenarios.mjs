// UI scenarios of the crawler matrix's layout (issue #13): scrolled sideways, the crawler column
// and the counts stay together at the left, aligned with their headers, neither covering the
// other nor the first path header; paths as rows on demand, a long path wrapping after a slash and
// never inside a word; a URL of another origin is named.

/**
 * @param {{
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 * }} t
 */
export async function matrixLayoutScenarios({ ui, scenario }) {
  const frame = () => ui.matrixFrame();

  await scenario('matrix-sticky-columns', async () => {
    const scroller = frame().locator('#matrix');
    await frame().locator('table.matrix:not(.transposed)').waitFor();
    // From the top: the first crawler's row is the one measured, not hidden under the path headers.
    await scroller.evaluate((box) => { box.scrollLeft = 0; box.scrollTop = 0; });
    /** Boxes of the sticky cells, and what is drawn on top at their centres and just right of the counts. */
    const layout = () => scroller.evaluate((box) => {
      const rect = (/** @type {Element | null} */ el) => {
        const r = el?.getBoundingClientRect();
        return r ? { left: r.left, right: r.right } : { left: NaN, right: NaN };
      };
      const corner = box.querySelector('thead th.corner');
      const countHead = box.querySelector('thead th.count');
      const crawler = box.querySelector('tbody tr th.crawler');
      const count = box.querySelector('tbody tr td.count');
      const on = (/** @type {Element | null} */ el, dx = 0) => {
        const r = /** @type {Element} */ (el).getBoundingClientRect();
        const x = dx === 0 ? r.left + r.width / 2 : r.right + dx;
        const top = globalThis.document.elementFromPoint(x, r.top + r.height / 2);
        return top?.closest('th, td')?.className ?? '';
      };
      return {
        scrollLeft: box.scrollLeft,
        corner: rect(corner), countHead: rect(countHead), crawler: rect(crawler), count: rect(count),
        onCountHead: on(countHead), onCount: on(count), rightOfCountHead: on(countHead, 6), rightOfCount: on(count, 6),
      };
    });
    const before = await layout();
    const firstPath = await frame().locator('thead th.path').first().boundingBox();
    if (!firstPath || before.corner.right > before.countHead.left + 1 || before.countHead.right > firstPath.x + 1) {
      throw new Error(`unscrolled, the crawler header ends at ${before.corner.right}, the counts span ${before.countHead.left}–${before.countHead.right}, the first path starts at ${firstPath?.x}`);
    }
    await scroller.evaluate((box) => { box.scrollLeft = 600; });
    const after = await layout();
    if (after.scrollLeft < 100) throw new Error(`the matrix did not scroll sideways (scrollLeft ${after.scrollLeft})`);
    const problems = [];
    for (const key of /** @type {const} */ (['corner', 'countHead', 'crawler', 'count'])) {
      if (Math.abs(after[key].left - before[key].left) > 1) problems.push(`${key} moved from x ${before[key].left} to ${after[key].left}`);
    }
    if (Math.abs(after.crawler.left - after.corner.left) > 1 || Math.abs(after.count.left - after.countHead.left) > 1) problems.push('the sticky cells are not under their headers');
    if (after.crawler.right > after.count.left + 1) problems.push(`the crawler column (to ${after.crawler.right}) covers the counts (from ${after.count.left})`);
    if (!after.onCountHead.includes('count') || !after.onCount.includes('count')) problems.push(`on top of the counts: "${after.onCountHead}" / "${after.onCount}"`);
    if (!after.rightOfCountHead.includes('path') || after.rightOfCount.includes('count') || after.rightOfCount.includes('crawler')) problems.push(`just right of the counts: "${after.rightOfCountHead}" / "${after.rightOfCount}"`);
    if (problems.length > 0) throw new Error(`scrolled ${after.scrollLeft} px sideways: ${problems.join('; ')}`);
  });

  await scenario('matrix-paths-as-rows', async () => {
    const paths = await frame().locator('thead th.path .path-text').allTextContents();
    const crawlers = await frame().locator('tbody th.crawler .agent').allTextContents();
    await frame().locator('#transpose').click();
    await frame().locator('table.matrix.transposed').waitFor();
    const rows = await frame().locator('tbody th.path-row .path-text').allTextContents();
    const columns = await frame().locator('thead th.crawler-col .agent').allTextContents();
    if (rows.join('\n') !== paths.join('\n') || columns.join('\n') !== crawlers.join('\n')) throw new Error(`paths as rows: ${rows.length} rows for ${paths.length} paths, ${columns.length} columns for ${crawlers.length} crawlers`);
    // The same verdict at the swapped place: GPTBot on / is disallowed by line 74.
    const row = frame().locator('tbody tr').filter({ has: frame().locator('th.path-row .path-text', { hasText: /^\/$/ }) });
    const cell = row.locator(`.cell[data-row="${crawlers.indexOf('GPTBot')}"]`);
    const [className, label] = [await cell.getAttribute('class'), await cell.getAttribute('aria-label')];
    if (!className?.includes('disallowed') || !label?.includes('line 74')) throw new Error(`GPTBot × / with paths as rows: class "${className}", label "${label}"`);
    const count = await frame().locator('thead th.crawler-col').nth(crawlers.indexOf('GPTBot')).locator('.count-line').textContent();
    if (!count?.endsWith(' disallowed')) throw new Error(`GPTBot's column head says "${count}"`);
    // A path too long for its column wraps after a slash, never inside a word ("page.htm" / "l"):
    // each run of text between two break marks stays on one line.
    const wrapping = await frame().locator('tbody th.path-row .path-text').evaluateAll((els) => {
      const lines = (/** @type {Node} */ node) => {
        const range = globalThis.document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
      };
      return {
        wrapped: els.filter((el) => lines(el) > 1).length,
        cut: els.flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3 && lines(n) > 1).map((n) => `${el.textContent} at "${n.textContent}"`)),
      };
    });
    if (wrapping.wrapped === 0) throw new Error('no path wraps in its column, so where it would break is not seen');
    if (wrapping.cut.length > 0) throw new Error(`paths broken inside a word: ${wrapping.cut.join('; ')}`);
    await frame().locator('#matrix').evaluate((box) => { box.scrollTop = 0; box.scrollLeft = 0; });
  });

  await scenario('matrix-other-origin', async () => {
    await frame().locator('#transpose').click();
    await frame().locator('table.matrix:not(.transposed)').waitFor();
    await frame().locator('#path-input').fill('https://shop.example/a https://elsewhere.example/b');
    await frame().locator('#add-paths button[type="submit"]').click();
    await frame().locator('#status', { hasText: 'https://elsewhere.example/b is on another origin than https://shop.example, the origin of the first URL in the matrix.' }).waitFor();
    await frame().locator('thead th.path .path-text', { hasText: 'https://elsewhere.example/b' }).waitFor();
  });
}
