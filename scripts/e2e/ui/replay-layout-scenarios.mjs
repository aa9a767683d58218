// UI scenarios of the replay panel's layout on the example log (issues #13, #36): in a side
// column the table needs no sideways scroll, its columns start with the answer (the deciding
// line right after the verdict), the header stays on top, the Verdict column holds
// "Disallowed (violation)" uncut, the chart spans the panel and follows its width, has a time
// axis with ticks that label every date change and every crawler (the ones beyond ten behind "+4 more"), and the cards say
// why nothing is verified, with a "Refresh IP lists" button that reports what came of it.

/**
 * @param {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 * }} t
 */
export async function replayLayoutScenarios({ page, ui, scenario }) {
  const frame = () => ui.webview();
  /** @param {import('playwright-core').Locator} locator */
  const box = async (locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('an element of the replay panel has no box');
    return found;
  };

  await scenario('replay-table-answer-first', async () => {
    const viewport = frame().locator('#viewport');
    await frame().locator('#f-verdict').selectOption('violation');
    const firstRow = frame().locator('#rows .row').first();
    await firstRow.waitFor();
    // In this side column the table needs no sideways scroll: the answer's columns come first,
    // the deciding line right after the verdict, and the columns not drawn are in the row's tooltip.
    const fits = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    if (fits.scroll > fits.client + 1) throw new Error(`the table scrolls sideways: ${fits.scroll} px in ${fits.client}`);
    const drawn = await frame().locator('#table-head .cell').evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => el.className.replace('cell ', '')));
    if (drawn.join() !== 'c-crawler,c-verdict,c-line,c-path') throw new Error(`the columns drawn: ${drawn.join(', ')}`);
    for (const column of drawn) {
      const [head, cell] = [await box(frame().locator(`#table-head .cell.${column}`)), await box(firstRow.locator(`.cell.${column}`))];
      if (Math.abs(head.x - cell.x) > 1 || Math.abs(head.width - cell.width) > 1) {
        throw new Error(`the ${column} header is at x ${head.x} (${head.width} wide), its cells at x ${cell.x} (${cell.width} wide)`);
      }
    }
    const tooltip = (await firstRow.getAttribute('title')) ?? '';
    const [time, ua] = [(await firstRow.locator('.cell.c-time').textContent()) ?? '', (await firstRow.locator('.cell.c-ua').textContent()) ?? ''];
    if (!/^Line \d+: /.test(tooltip) || !tooltip.includes(`Time: ${time} · `) || !tooltip.includes(`User agent: ${ua}`)) throw new Error(`the row's tooltip says "${tooltip}"`);
    // Scrolled down, the header stays at the top of the scroller.
    await viewport.evaluate((el) => { el.scrollTop = 300; });
    await frame().locator('#rows .row[data-position="20"]').waitFor();
    const [head, scroller] = [await box(frame().locator('#table-head')), await box(viewport)];
    if (Math.abs(head.y - scroller.y) > 2) throw new Error(`scrolled down, the header is at y ${head.y}, the scroller's top at y ${scroller.y}`);
    // "Disallowed (violation)" fits its column.
    const verdict = frame().locator('#rows .row .cell.c-verdict', { hasText: 'Disallowed (violation)' }).first();
    const fit = await verdict.evaluate((el) => ({ text: el.textContent, needed: el.scrollWidth, shown: el.clientWidth }));
    if (fit.needed > fit.shown) throw new Error(`the Verdict cell "${fit.text}" needs ${fit.needed} px and shows ${fit.shown}`);
    await viewport.evaluate((el) => { el.scrollTop = 0; });
    await frame().locator('#f-verdict').selectOption('');
  });

  await scenario('replay-chart-full-width', async () => {
    const chart = frame().locator('#chart');
    const svg = chart.locator('svg');
    /** The chart's drawing is as wide as its section, which is as wide as the page's content. */
    const widths = () => frame().locator('body').evaluate((body) => {
      const section = /** @type {HTMLElement} */ (body.querySelector('#chart'));
      const drawn = section.querySelector('svg');
      const style = globalThis.getComputedStyle(body);
      return { section: section.clientWidth, svg: drawn ? Number(drawn.getAttribute('width')) : 0, content: body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    await svg.waitFor();
    const before = await widths();
    if (Math.abs(before.svg - before.section) > 1 || Math.abs(before.section - before.content) > 1) throw new Error(`chart ${before.svg} px wide in a section of ${before.section} px, page content ${before.content} px`);
    // A wider window gives the panel more room: the chart follows.
    const size = page.viewportSize() ?? { width: 1500, height: 950 };
    await page.setViewportSize({ width: size.width + 300, height: size.height });
    try {
      await frame().locator('#chart svg').and(frame().locator(`svg[width="${before.svg}"]`)).waitFor({ state: 'detached' });
      const after = await widths();
      if (after.svg <= before.svg || Math.abs(after.svg - after.section) > 1) throw new Error(`after widening the window by 300 px the chart is ${after.svg} px wide (was ${before.svg}), its section ${after.section} px`);
    } finally {
      await page.setViewportSize(size);
    }
    // A time axis with labelled ticks.
    const ticks = (await chart.locator('.tick-label').allTextContents()).filter((text) => text.trim() !== '');
    if (ticks.length < 3) throw new Error(`the time axis has ${ticks.length} labelled ticks: ${ticks.join(', ')}`);
    // Every date change of the three-day log is labelled, short: the full date first, then
    // month-day; with the time (00:00) when there is room, else without.
    const dated = await chart.locator('.tick-label.dated').allTextContents();
    const days = ['2026-11-23', '11-24', '11-25', '11-26'];
    const withTime = days.map((day) => `${day} 00:00`);
    const as = [days, withTime].find((form) => dated.join(' · ') === form.join(' · '));
    if (!as || ticks[0] !== as[0]) throw new Error(`the time axis reads ${ticks.join(' · ')}; its dates ${dated.join(' · ')}`);
    if (ticks.some((text) => !as.includes(text) && !/^\d\d:\d\d$/.test(text))) throw new Error(`a tick label is neither a date change nor a time: ${ticks.join(' · ')}`);
    // No tick label runs into the next one.
    const spans = await chart.locator('.tick-label').evaluateAll((els) => els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent, left: r.left, right: r.right };
    }));
    const overlapping = spans.filter((span, i) => i > 0 && span.left < (spans[i - 1]?.right ?? 0));
    if (overlapping.length > 0) throw new Error(`tick labels overlap: ${spans.map((s) => `${s.text} ${Math.round(s.left)}–${Math.round(s.right)}`).join(', ')}`);
    // Ten busiest crawlers, then an explicit "+4 more" that brings the other four, Baiduspider with its 24 violations among them.
    const lanes = () => chart.locator('.lane-label').allTextContents();
    const shown = await lanes();
    if (shown.length !== 10 || shown.includes('Baiduspider')) throw new Error(`lanes before expanding: ${shown.join(', ')}`);
    const more = chart.locator('#chart-more');
    const label = await more.textContent();
    if (label !== '+4 more') throw new Error(`the button under the chart says "${label}"`);
    await more.click();
    await chart.locator('.lane-label', { hasText: 'Baiduspider' }).waitFor();
    const all = await lanes();
    if (all.length !== 14) throw new Error(`lanes after "+4 more": ${all.join(', ')}`);
    const note = await chart.locator('.lane').filter({ has: frame().locator('.lane-label', { hasText: 'Baiduspider' }) }).locator('.lane-note').textContent();
    if (note !== '27 requests · 24 violations') throw new Error(`Baiduspider's lane says "${note}"`);
    if ((await chart.locator('.mark-violation').count()) === 0) throw new Error('no violation is marked on the chart');
    await chart.scrollIntoViewIfNeeded();
  });

  await scenario('replay-cards-ip-lists', async () => {
    /** @param {string} label */
    const card = (label) => frame().locator(`#cards .card[data-label="${label}"]`);
    const [value, detail] = [await card('Verified / spoofed').locator('.card-value').textContent(), await card('Verified / spoofed').locator('.card-detail').textContent()];
    if (value !== 'not checked' || !detail?.startsWith('No crawler IP lists are downloaded, so no request can be verified or shown spoofed')) throw new Error(`the verification card: "${value}" / "${detail}"`);
    const subtitle = (await frame().locator('#subtitle').textContent()) ?? '';
    if (subtitle.includes('robots-lens')) throw new Error(`the subtitle gives a CLI instruction: ${subtitle}`);
    const violations = await card('Violations').locator('.card-detail').textContent();
    if (violations !== 'the same as Disallowed: without IP lists no request is known to be spoofed, so every claim counts') throw new Error(`the Violations card: "${violations}"`);
    // The download runs from the panel and says what came of it: lists stored, or why none could be.
    await card('Verified / spoofed').locator('#refresh-ranges').click();
    await frame().locator('#status', { hasText: /^(Downloaded \d+|No crawler IP list could be downloaded \(.+\)\. Is this machine offline\?)/ }).waitFor();
    await frame().locator('#refresh-ranges:not([disabled])').waitFor();
    await frame().locator('#cards').scrollIntoViewIfNeeded();
  });
}
