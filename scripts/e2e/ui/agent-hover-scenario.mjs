// UI scenario of the hovers on a User-agent line whose group lacks many rules of the * group
// (Googlebot's lacks 19): on the token, first one line that answers (who the crawler is, what its
// group does) in sight in the hover's box, the facts below a rule, with no finding above them; on
// the key, the finding, its related lines cut to a few and a count of the rest.

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   screenshotPath: (name: string) => string,
 * }} AgentHoverContext
 */

/** examples/robots.txt: `User-agent: Googlebot`, whose group lacks 19 rules of the * group. */
const GOOGLEBOT_LINE = 39;

/** @param {AgentHoverContext} t */
export async function agentHoverScenario(t) {
  const { page, ui, scenario } = t;

  /** Hovers the rendered token `token` of the Googlebot line; resolves to the visible hover. @param {string} token @param {string} text */
  const hoverOn = async (token, text) => {
    await page.keyboard.press('Escape');
    await ui.parkMouse();
    await page.locator('.monaco-hover:not(.hidden)').waitFor({ state: 'detached' }).catch(() => {});
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: text });
    // A hover the editor did not open (it can miss a move while it re-renders) is asked for
    // again, with the token found afresh; the last try waits as long as any other wait.
    for (let attempt = 1; ; attempt++) {
      const box = await ui.tokenBox(GOOGLEBOT_LINE, token);
      // Two moves: the first one only wakes the hover controller.
      await page.mouse.move(box.x + box.width / 2 - 3, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      if (attempt === 3) break;
      if (await hover.waitFor({ timeout: 5000 }).then(() => true, () => false)) return hover;
      await ui.parkMouse();
    }
    await hover.waitFor();
    return hover;
  };

  await scenario('hover-user-agent', async () => {
    await page.keyboard.press('Control+1');
    await ui.goToLine(GOOGLEBOT_LINE);

    // On the token: first the answer, whole and in sight in the hover's box, then the facts
    // below a rule, and not the finding about the * rules.
    const facts = await hoverOn('Googlebot', 'Google, search indexing');
    const factsText = ui.squash(await facts.textContent());
    if (factsText.includes('star-rules-not-inherited')) throw new Error(`the token's hover shows the * rules finding above the facts: ${factsText.slice(0, 300)}`);
    const layout = await facts.evaluate((hover) => {
      const markdown = hover.querySelector('.rendered-markdown');
      const first = markdown?.firstElementChild;
      const box = hover.getBoundingClientRect();
      const rect = first?.getBoundingClientRect();
      return {
        first: first?.tagName.toLowerCase() ?? '', text: first?.textContent ?? '', next: first?.nextElementSibling?.tagName.toLowerCase() ?? '',
        top: rect?.top ?? NaN, bottom: rect?.bottom ?? NaN, boxTop: box.top, boxBottom: box.bottom,
      };
    });
    const headline = ui.squash(layout.text);
    if (layout.first !== 'p' || !headline.startsWith('Googlebot — Google, search indexing. This group (pooled with the group at line ') || !/ disallows .+; a URL no Disallow matches is allowed\.$/.test(headline)) {
      throw new Error(`the hover opens with <${layout.first}> "${headline}", not who Googlebot is and what its group does`);
    }
    if (layout.next !== 'hr') throw new Error(`after the first line comes <${layout.next}>, not the rule above the facts`);
    if (!(layout.top >= layout.boxTop - 1 && layout.bottom <= layout.boxBottom + 1)) {
      throw new Error(`the first line (y ${layout.top}–${layout.bottom}) is not in sight in the hover's box (y ${layout.boxTop}–${layout.boxBottom})`);
    }
    // What the line answers fits in a third of the box a hover gets (250 px high at least).
    if (layout.bottom - layout.top > 90) throw new Error(`the first line is ${Math.round(layout.bottom - layout.top)} px high`);
    await page.screenshot({ path: t.screenshotPath('hover-user-agent-token'), animations: 'disabled' });

    // On the key: the finding, three of its related lines and a count of the others.
    const finding = await hoverOn('User-agent', 'star-rules-not-inherited');
    const text = ui.squash(await finding.textContent());
    const listed = text.split('Does not apply to Googlebot.').length - 1;
    // The fourth entry counts the rest; it repeats their message only when all of them share it.
    if (listed !== 3 || !/\d+ more lines/.test(text)) throw new Error(`the hover lists ${listed} related entries, expected 3 and a count: ${text.slice(0, 600)}`);
    // 19 * rules and the other named group that ignores them (CCBot and ClaudeBot, folded into this finding): 17 counted.
    if (!/17 more lines: \d+(, \d+){16}\./.test(text)) throw new Error(`the hover does not count the other lines: ${text.slice(0, 600)}`);
  });
}
