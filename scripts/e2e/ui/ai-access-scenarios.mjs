// UI scenarios of what robots.txt says to AI crawlers (issue #16), on the workspace's robots.txt
// as the earlier scenarios saved it (the example file with a few rules removed):
// Show AI Access opens its panel with the crawlers by purpose, the AI-training summary computed
// for the file, and user-initiated fetchers that may ignore robots.txt marked; Block AI Training,
// Keep Search from the palette adds its group (the panel follows the buffer), a second run adds
// nothing, and an undo leaves the file as saved; the replay panel filters requests by purpose,
// keeping the requests and violations `robots-lens replay` counts for that purpose.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../repo.mjs';

/**
 * @typedef {{
 *   page: import('playwright-core').Page,
 *   ui: ReturnType<typeof import('./workbench.mjs').workbench>,
 *   scenario: (name: string, body: () => Promise<void>) => Promise<void>,
 *   workspace: string,
 *   screenshotPath: (name: string) => string,
 * }} AiAccessContext
 */

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
/** The palette label of a contributed command, as package.json says. @param {string} id */
function commandLabel(id) {
  const command = manifest.contributes.commands.find((/** @type {{ command: string }} */ c) => c.command === id);
  if (!command) throw new Error(`ui: package.json contributes no command ${id}`);
  return command.category ? `${command.category}: ${command.title}` : command.title;
}

/** The real CLI, as a user runs it; its JSON on stdout. @param {string[]} args */
function cliJson(args) {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`robots-lens ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** @param {string} text */
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
const fmt = (/** @type {number} */ n) => n.toLocaleString('en-US');
const MARK = 'may ignore robots.txt';
/** The robots.txt editor, as `workbench.mjs` finds it. */
const EDITOR = '.part.editor .monaco-editor[data-uri$="/robots.txt"]';

/** @param {AiAccessContext} t */
export async function aiAccessScenarios(t) {
  const { page, ui, scenario } = t;
  const SHOW_AI_ACCESS = commandLabel('robotsLens.showAiAccess');
  const BLOCK_AI_TRAINING = commandLabel('robotsLens.blockAiTraining');
  const GENERATE_SERVER_RULES = commandLabel('robotsLens.generateServerRules');
  const REPLAY_LOG = commandLabel('robotsLens.replayLog');
  const COMPARE = commandLabel('robotsLens.compare');
  /** @type {{ token: string, purposes: string[], honoursRobotsTxt: string, userInitiated: boolean, retired: string | null }[]} */
  const catalogue = cliJson(['crawlers', '--json']);
  const live = (/** @type {string} */ purpose) => catalogue.filter((c) => c.retired === null && c.purposes.includes(purpose));
  const frame = () => ui.webview();
  const section = (/** @type {string} */ purpose) => frame().locator(`details.purpose[data-purpose="${purpose}"]`);
  /** A purpose's answer sentence, in the list that opens the panel. @param {string} purpose */
  const answer = (purpose) => frame().locator(`#answer .purpose-summary[data-purpose="${purpose}"]`);
  const row = (/** @type {string} */ purpose, /** @type {string} */ token) => section(purpose).locator(`tr.crawler-row[data-token="${token}"]`);

  /** The robots.txt editor, focused, its tab saved or not. */
  async function focusRobots() {
    await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]').first().click();
    await page.locator('.tabs-container .tab.active[data-resource-name="robots.txt"]').first().waitFor();
    await page.locator('.part.editor .editor-group-container.active .monaco-editor.focused').first().waitFor();
  }

  /**
   * Runs a palette command by its exact label: "Block AI Training, Keep Search" is listed after
   * "Block AI Training and AI Answers, Keep Search", which its words match too.
   * @param {string} label @param {import('playwright-core').Locator} after
   */
  async function runExactly(label, after) {
    // Once run, the row's label goes on with ", recently used".
    const row = page.locator(`.quick-input-list .monaco-list-row[aria-label="${label}"], .quick-input-list .monaco-list-row[aria-label^="${label},"]`);
    await ui.openQuickInput('Control+Shift+P', `>${label}`, row);
    await row.click();
    await after.waitFor();
  }

  /**
   * The training crawlers the saved file shuts out by name: named in a group whose only rule
   * is `Disallow: /`. Read here from the file's lines, apart from the extension's matcher.
   */
  function shutOutByName() {
    const text = readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
    /** @type {{ agents: string[], rules: string[] }[]} */
    const groups = [];
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/#.*/, '').trim();
      const agent = /^user-agent\s*:\s*(.+)$/i.exec(line);
      const rule = /^(allow|disallow)\s*:\s*(.*)$/i.exec(line);
      const last = groups[groups.length - 1];
      if (agent) {
        if (last && last.rules.length === 0) last.agents.push(agent[1]?.trim().toLowerCase() ?? '');
        else groups.push({ agents: [agent[1]?.trim().toLowerCase() ?? ''], rules: [] });
      } else if (rule && last) last.rules.push(`${rule[1]?.toLowerCase()}: ${rule[2]?.trim()}`);
    }
    const closed = new Set(groups.filter((g) => g.rules.length === 1 && g.rules[0] === 'disallow: /').flatMap((g) => g.agents));
    const lineOf = (/** @type {string} */ token) => text.split(/\r?\n/).findIndex((line) => line.trim() === `User-agent: ${token}`) + 1;
    return { tokens: live('ai-training').filter((c) => closed.has(c.token.toLowerCase())).map((c) => c.token), lineOf };
  }

  /**
   * The AI-training summary's count as the rows under it make it: of the crawlers the rules
   * decide for (neither control tokens nor crawlers that may ignore robots.txt), how many are
   * kept out. `nothing` counts every row that may fetch nothing, as the buffer grows.
   */
  async function trainingSentenceFromRows() {
    const rows = await section('ai-training').locator('tr.crawler-row').evaluateAll((els) => els.map((el) => ({
      token: /** @type {HTMLElement} */ (el).dataset.token ?? '',
      access: ['nothing', 'everything', 'some'].find((a) => el.classList.contains(a)) ?? '',
      statement: ['kept-out', 'partly-kept-out', 'not-kept-out', 'may-ignore', 'opted-out', 'not-opted-out', 'not-stated'].find((a) => el.classList.contains(a)) ?? '',
    })));
    const ruled = rows.filter((r) => ['kept-out', 'partly-kept-out', 'not-kept-out'].includes(r.statement));
    const keptOut = ruled.filter((r) => r.statement === 'kept-out').length;
    const nothing = rows.filter((r) => r.access === 'nothing').length;
    return { sentence: `AI training: ${keptOut} of ${ruled.length} crawler${ruled.length === 1 ? '' : 's'} kept out`, nothing, rows: rows.length };
  }

  await scenario('ai-access-view', async () => {
    await ui.runCommand('Notifications: Clear All Notifications');
    await focusRobots();
    await ui.runCommand(SHOW_AI_ACCESS);
    await frame().locator('#title', { hasText: exactly('AI access — robots.txt') }).waitFor();
    const training = live('ai-training');
    await answer('ai-training').waitFor();
    // The file's own facts: GPTBot and the control tokens beside it may fetch nothing (so may
    // ClaudeBot and CCBot, now that an earlier scenario saved their group without its Allow).
    const { tokens: shutOut, lineOf } = shutOutByName();
    if (!shutOut.includes('GPTBot')) throw new Error(`the saved robots.txt no longer shuts GPTBot out: ${shutOut.join(', ')}`);
    const gpt = row('ai-training', 'GPTBot');
    const [gptAccess, gptGroup] = [await gpt.locator('td.access .access-text').textContent(), ui.squash(await gpt.locator('.group button, .group span:not(.muted)').first().textContent())];
    if (gptAccess !== 'Kept out: may fetch nothing' || gptGroup !== `own group (line ${lineOf('GPTBot')})`) throw new Error(`GPTBot's row: "${gptAccess}" / "${gptGroup}", its User-agent line is ${lineOf('GPTBot')}`);
    const summary = ui.squash(await answer('ai-training').textContent());
    // The answer first (issue #36): after the title, the panel's first words are the purposes'
    // sentences, before the offer to enforce, the legend and the tables.
    const sentences = (await frame().locator('#answer .purpose-summary').allTextContents()).map(ui.squash);
    const opening = (await frame().locator('body').innerText()).split('\n').map(ui.squash).filter((line) => line !== '');
    if (opening[0] !== 'AI access — robots.txt' || opening.slice(1, 1 + sentences.length).join('\n') !== sentences.join('\n') || !sentences.includes(summary)) {
      throw new Error(`the panel opens with "${opening.slice(0, 4).join(' / ')}", not its ${sentences.length} answer sentences`);
    }
    // Kept out: the crawlers shut out by name that the rules decide for (not control tokens, not those that may ignore robots.txt).
    const ignoring = (/** @type {any} */ c) => c.honoursRobotsTxt === 'no' || (c.userInitiated && c.honoursRobotsTxt !== 'yes');
    const ruled = training.filter((c) => !c.purposes.includes('control-token') && !ignoring(c));
    const keptOut = ruled.filter((c) => shutOut.includes(c.token)).length;
    const expectedStart = `AI training: ${keptOut} of ${ruled.length} crawlers kept out`;
    const fromRows = await trainingSentenceFromRows();
    if (!summary.startsWith(expectedStart) || !summary.startsWith(fromRows.sentence) || fromRows.rows !== training.length) {
      throw new Error(`the AI-training summary reads "${summary}"; expected it to start "${expectedStart}" and with what its ${fromRows.rows} rows say: "${fromRows.sentence}"`);
    }
    // Control tokens are never said to fetch; the skipped user-initiated fetchers carry their mark.
    if (/Google-Extended[^;]* may fetch everything/.test(summary)) throw new Error(`a control token is said to fetch: "${summary}"`);
    // Every crawler the catalogue says may ignore robots.txt is marked so, and only those.
    const fetchers = live('user-fetch');
    const mayIgnore = fetchers.filter(ignoring).map((c) => c.token);
    if (mayIgnore.length === 0) throw new Error('the catalogue has no user-initiated fetcher that may ignore robots.txt');
    await row('user-fetch', mayIgnore[0] ?? '').locator('.mark', { hasText: exactly(`⚠ ${MARK}`) }).waitFor();
    const marked = await section('user-fetch').locator('tr.crawler-row.may-ignore').evaluateAll((els) => els.map((el) => /** @type {HTMLElement} */ (el).dataset.token ?? ''));
    if (marked.sort().join() !== [...mayIgnore].sort().join()) throw new Error(`marked: ${marked.join(', ')}; the catalogue says ${mayIgnore.join(', ')}`);
    // The example file states no AI-use preferences: the view says so instead of an empty table.
    await frame().locator('#preferences-caption', { hasText: exactly('This robots.txt states no AI-use preferences (Content-Usage or Content-Signal) in any group.') }).waitFor();
    await row('user-fetch', mayIgnore[0] ?? '').scrollIntoViewIfNeeded();
  });

  await scenario('block-ai-training-command', async () => {
    const before = readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
    const { nothing: nothingBefore } = await trainingSentenceFromRows();
    await focusRobots();
    await ui.runCommand('Notifications: Clear All Notifications');
    await runExactly(BLOCK_AI_TRAINING, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Block AI training, keep search' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Add the group only"]').click();
    // The message says what it added and, first among what it did not, the crawlers the file already names.
    const toast = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'Block AI training, keep search: added ' });
    await toast.waitFor();
    const said = ui.squash(await toast.textContent());
    if (!/: added \d+ crawlers\. Not named: Google-Extended \(the file already names it \(line \d+\), which opts it out\); .*GPTBot \(the file already names it \(line \d+\), which disallows \/\)/.test(said)) {
      throw new Error(`the block message does not say what it skipped and why: "${said}"`);
    }
    await page.locator('.tabs-container .tab.dirty[data-resource-name="robots.txt"]').waitFor();
    // The new group is in the buffer, at its end, with its dated comment.
    await focusRobots();
    const lastLine = await endOfBuffer((end) => end > before.split(/\r?\n/).length);
    // The buffer ends as the CLI's block-ai of the saved file ends: the last crawler it names, then Disallow: /.
    const cli = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'block-ai', path.join(t.workspace, 'robots.txt')], { encoding: 'utf8' });
    const named = cli.stdout.trimEnd().split('\n');
    if (cli.status !== 0 || named.at(-1) !== 'Disallow: /') throw new Error(`robots-lens block-ai exited ${cli.status}: ${cli.stderr}`);
    await ui.editor.locator('.view-line', { hasText: ui.loose(named.at(-2) ?? '') }).waitFor();
    if (!cli.stdout.includes('\n# Block AI training, keep search (added ')) throw new Error('the CLI edit has no dated comment');
    // The AI access panel follows the buffer: more training crawlers may now fetch nothing.
    const grown = await waitForTraining((now) => now.nothing > nothingBefore);
    if (!grown.summary.startsWith(grown.fromRows.sentence)) throw new Error(`after the block the summary reads "${grown.summary}", its rows say "${grown.fromRows.sentence}"`);

    // Again: nothing left to add, and the buffer keeps its length.
    await ui.runCommand('Notifications: Clear All Notifications');
    await focusRobots();
    await runExactly(BLOCK_AI_TRAINING, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Block AI training, keep search' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Add the group only"]').click();
    await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'Nothing to add: every crawler of that purpose in the catalogue is already governed by this file.' }).waitFor();
    await focusRobots();
    const lastAgain = await endOfBuffer(() => true);
    if (lastAgain !== lastLine) throw new Error(`the second run changed the buffer: its last line was ${lastLine}, now ${lastAgain}`);

    // One undo takes the whole group back: the tab is clean again and the file was never written.
    await page.keyboard.press('Control+Z');
    await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]:not(.dirty)').first().waitFor();
    await waitForTraining((now) => now.nothing === nothingBefore);
    if (readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8') !== before) throw new Error('robots.txt on disk changed');
  });

  await scenario('compare-after-block-edit', async () => {
    // Issue #36: the block edit compared with Git HEAD reads in under three screens, what it does
    // to the logged requests first. Crawlers that change alike share one section.
    const before = readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8');
    // The comparisons of earlier scenarios closed, so what is measured is this one.
    const compareTab = page.locator('.tabs-container .tab', { hasText: 'Compare — ' });
    const closeComparisons = async () => {
      for (let open = await compareTab.count(); open > 0; open = await compareTab.count()) {
        await compareTab.first().click();
        await compareTab.first().locator('.tab-actions .action-label[aria-label^="Close"]').click();
        await compareTab.nth(open - 1).waitFor({ state: 'detached' });
      }
    };
    await closeComparisons();
    await focusRobots();
    await ui.runCommand('Notifications: Clear All Notifications');
    await runExactly(BLOCK_AI_TRAINING, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Block AI training, keep search' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Add the group only"]').click();
    await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'Block AI training, keep search: added ' }).waitFor();
    await page.locator('.tabs-container .tab.dirty[data-resource-name="robots.txt"]').waitFor();
    await focusRobots();
    await ui.runCommand(COMPARE, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Compare the current robots.txt with…' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Git HEAD,"]').click();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await page.locator('.tabs-container .tab.active', { hasText: 'Compare — robots.txt' }).waitFor();
    await frame().locator('#summary', { hasText: /^Verdicts change for \d+ crawlers/ }).waitFor();
    await frame().locator('#requests:not([hidden]) .crawler-flips').first().waitFor();
    const seen = await frame().locator('body').evaluate((body) => {
      const doc = globalThis.document;
      const sections = [...body.querySelectorAll('header, #status, #requests, #preference-lines, #groups > *, #sitemaps')]
        .filter((el) => el.getClientRects().length > 0 && (el.textContent ?? '').trim() !== '')
        .map((el) => el.id || el.tagName.toLowerCase());
      return {
        height: doc.documentElement.scrollHeight,
        screen: globalThis.innerHeight,
        sections,
        requestsTop: /** @type {HTMLElement} */ (doc.querySelector('#requests')).getBoundingClientRect().top,
        groups: doc.querySelectorAll('#groups h2').length,
      };
    });
    const problems = [];
    if (seen.height >= 3 * seen.screen) problems.push(`the page is ${seen.height} px tall, ${(seen.height / seen.screen).toFixed(1)} screens of ${seen.screen} px`);
    if (seen.sections[0] !== 'header' || seen.sections[1] !== 'requests') problems.push(`its parts come in the order ${seen.sections.join(', ')}`);
    if (seen.requestsTop > seen.screen / 2) problems.push(`the requests decided differently start at y ${seen.requestsTop}, below half the first screen`);
    // The log impact names a crawler and a count of requests with its unit.
    const impact = ui.squash(await frame().locator('#request-crawlers .crawler-flips .flip-counts').first().textContent());
    if (!/^\d[\d,]* of [\d,]+ requests? newly (dis)?allowed/.test(impact)) problems.push(`the first log impact reads "${impact}"`);
    await page.screenshot({ path: t.screenshotPath('compare-after-block-edit-panel'), animations: 'disabled' });
    if (problems.length > 0) throw new Error(`${problems.join('; ')} (${seen.groups} crawler sections)`);
    console.log(`    the comparison after the block edit: ${seen.height} px in a panel ${seen.screen} px tall, ${seen.groups} crawler section(s)`);

    // Back as it was: the panel closed, the edit undone, the file on disk untouched.
    await closeComparisons();
    await focusRobots();
    await page.keyboard.press('Control+Z');
    await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]:not(.dirty)').first().waitFor();
    if (readFileSync(path.join(t.workspace, 'robots.txt'), 'utf8') !== before) throw new Error('robots.txt on disk changed');
  });

  /**
   * Ctrl+End in the robots.txt editor, then the last line's number once the cursor is on it:
   * the gutter's active line is the last one it renders (the status bar may still show the
   * line before). `accept` is asked too, so a cursor still on an earlier end is not taken.
   * @param {(end: number) => boolean} accept
   */
  async function endOfBuffer(accept) {
    await page.keyboard.press('Control+End');
    for (;;) {
      const handle = await page.waitForFunction((editor) => {
        const root = globalThis.document.querySelector(editor);
        const numbers = [...(root?.querySelectorAll('.line-numbers') ?? [])].map((el) => Number(el.textContent?.trim())).filter((n) => Number.isInteger(n));
        const active = Number(root?.querySelector('.line-numbers.active-line-number')?.textContent?.trim());
        return numbers.length > 0 && active === Math.max(...numbers) ? active : false;
      }, EDITOR);
      const end = /** @type {number} */ (await handle.jsonValue());
      if (accept(end)) return end;
      // The cursor is on the end of the buffer before the edit: wait for the gutter to move on.
      await ui.editor.locator('.line-numbers.active-line-number', { hasText: exactly(String(end)) }).waitFor({ state: 'detached' });
    }
  }

  /**
   * Waits until the AI-training section, re-rendered after an edit, satisfies `test`.
   * @param {(now: { nothing: number }) => boolean} test
   */
  async function waitForTraining(test) {
    for (;;) {
      await frame().locator('#content:not(.stale)').waitFor();
      const fromRows = await trainingSentenceFromRows();
      const summary = ui.squash(await answer('ai-training').textContent());
      if (test(fromRows)) return { fromRows, summary };
      // Not yet re-rendered: wait for the next render of the section, not for a time.
      await frame().locator('#answer .purpose-summary[data-purpose="ai-training"]', { hasNotText: exactly(summary) }).waitFor();
    }
  }

  /** The untitled editor with the generated rules, named by its first line. */
  const RULES_TAB = page.locator('.tabs-container .tab[aria-label^="# robots-lens enforce"]');

  await scenario('generate-server-rules-command', async () => {
    // Issue #37: the palette command asks for the server and the crawlers, then opens the
    // rules `robots-lens enforce` prints for the same file in a new untitled editor.
    const cli = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'enforce', path.join(t.workspace, 'robots.txt'), '--server', 'nginx', '--not-honouring'], { encoding: 'utf8' });
    if (cli.status !== 0) throw new Error(`robots-lens enforce exited ${cli.status}: ${cli.stderr}`);
    const answers = cli.stdout.split('\n').find((line) => line.startsWith('# Answers 403'));
    if (!answers) throw new Error('robots-lens enforce printed no header');
    await focusRobots();
    await runExactly(GENERATE_SERVER_RULES, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Generate Server Rules: for which server?' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="nginx (map blocks"]').click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Generate Server Rules: refuse which crawlers' }).waitFor();
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="Crawlers that do not honour robots.txt"]').click();
    await RULES_TAB.waitFor();
    const rules = page.locator('.part.editor .monaco-editor:not([data-uri$="/robots.txt"])');
    await rules.locator('.view-line', { hasText: ui.loose(answers.slice(0, 70)) }).waitFor();
    await rules.locator('.view-line', { hasText: ui.loose('map $http_user_agent $robots_lens_rules {') }).waitFor();
    await discardRules();

    // The AI access view offers the same for the AI crawlers that may ignore robots.txt.
    await focusRobots();
    await ui.runCommand(SHOW_AI_ACCESS);
    const offer = frame().locator('#enforce-button');
    await offer.waitFor();
    // Short, so it does not push the answer away; the names are in its tooltip and the fold beside it.
    const names = ui.squash(await frame().locator('#enforce-names').textContent());
    const count = names.replace(/\.$/, '').split(', ').length;
    if (ui.squash(await offer.textContent()) !== `Enforce for ${count} crawler${count === 1 ? '' : 's'} that may ignore robots.txt…` || !(await offer.getAttribute('title'))?.includes(names.replace(/\.$/, ''))) {
      throw new Error(`the offer reads "${await offer.textContent()}" (tooltip "${await offer.getAttribute('title')}"), the fold names ${names}`);
    }
    await offer.click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Generate Server Rules: for which server?' }).waitFor();
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="HAProxy"]').click();
    await RULES_TAB.waitFor();
    // The header is on screen (the rules below it are rendered only when scrolled to).
    await rules.locator('.view-line', { hasText: ui.loose('# HAProxy: paste these lines into the frontend') }).waitFor();
    await discardRules();
  });

  /**
   * Closes the untitled rules without saving. Its tab is named by its first line (the fetch
   * scenario leaves an untitled robots.txt of its own open); clicked first, so the command acts on it.
   */
  async function discardRules() {
    await RULES_TAB.click();
    await page.locator('.part.editor .editor-group-container.active .tabs-container .tab.active[aria-label^="# robots-lens enforce"]').waitFor();
    await ui.runCommand('View: Revert and Close Editor');
    await RULES_TAB.waitFor({ state: 'detached' });
  }

  await scenario('replay-purpose-filter', async () => {
    // What the CLI counts per purpose for the same robots.txt and log.
    const dir = mkdtempSync(path.join(tmpdir(), 'robots-lens-ui-purposes-'));
    /** @type {{ purpose: string, requests: number, violations: number }[]} */
    let byPurpose;
    try {
      const summaryFile = path.join(dir, 'summary.json');
      const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli.js'), 'replay', path.join(t.workspace, 'robots.txt'), path.join(t.workspace, 'access.log'), '--summary-json', summaryFile], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`robots-lens replay exited ${run.status}: ${run.stderr}`);
      byPurpose = JSON.parse(readFileSync(summaryFile, 'utf8')).byPurpose;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const training = byPurpose.find((p) => p.purpose === 'ai-training');
    if (!training || training.violations === 0) throw new Error(`the CLI counts no AI-training violations: ${JSON.stringify(byPurpose)}`);

    await focusRobots();
    await ui.runCommand(REPLAY_LOG, page.locator('.quick-input-widget .quick-input-title', { hasText: 'Replay access log' }));
    await page.locator('.quick-input-list .monaco-list-row[aria-label^="access.log"]').click();
    const count = frame().locator('#count');
    await count.filter({ hasText: exactly('4,004 of 4,004 requests shown') }).waitFor();
    const options = await frame().locator('#f-purpose option').evaluateAll((els) => els.map((el) => /** @type {HTMLOptionElement} */ (el).value));
    if (options.join() !== ['', ...byPurpose.map((p) => p.purpose)].join()) throw new Error(`the Purpose filter offers ${options.join(', ')}`);
    await frame().locator('#f-purpose').selectOption('ai-training');
    await count.filter({ hasText: exactly(`${fmt(training.requests)} of 4,004 requests shown`) }).waitFor();
    const purposes = await frame().locator('#rows .row .cell.c-purpose').allTextContents();
    if (purposes.length === 0 || purposes.some((text) => !text.split(', ').includes('ai-training'))) throw new Error(`Purpose cells after filtering: ${purposes.join(' | ')}`);
    await frame().locator('#f-verdict').selectOption('violation');
    await count.filter({ hasText: exactly(`${fmt(training.violations)} of 4,004 requests shown`) }).waitFor();
    await frame().locator('#rows .row').first().scrollIntoViewIfNeeded();
    // Leave the panel's filters as a user would find them.
    for (const id of ['#f-purpose', '#f-verdict']) await frame().locator(id).selectOption('');
    await count.filter({ hasText: exactly('4,004 of 4,004 requests shown') }).waitFor();
  });
}
