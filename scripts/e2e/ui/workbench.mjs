// Workbench gestures and lookups for the UI test, as a user would do them in VS Code 1.100
// (code-server 4.100.3): quick open, the command palette, Go to Line, saving, notifications and
// the webviews. Each waits for the workbench to show the result, never for a fixed time.
import path from 'node:path';
import { log } from '../repo.mjs';

/** The text box of the workbench's quick input (command palette, quick open, Go to Line, pickers). */
const QUICK_INPUT = '.quick-input-widget .quick-input-box input';
/** How long a try at opening a quick input may take before it is made again, and how many tries. */
const TRY_MS = 15_000;
const TRIES = 3;

/** The robots.txt editor of the workbench. */
const EDITOR = '.part.editor .monaco-editor[data-uri$="/robots.txt"]';

/**
 * Runs in the page, on every try of a wait: finds the rendered `.view-line` of a 1-based line of
 * robots.txt afresh, as the one level with the gutter's line number — the DOM order of view lines
 * is not the line order, and the editor re-renders them while it settles, so a line found once can
 * be another line a moment later. Then answers, or returns false to be tried again: with `inner`,
 * whether the line holds such an element; with `token`, the box of the token reading exactly that;
 * otherwise `{ text }`, the line's text.
 * @param {{ editor: string, line: number, inner?: string, token?: string }} query
 */
function probeLine({ editor, line, inner, token }) {
  const root = globalThis.document.querySelector(editor);
  const number = [...(root?.querySelectorAll('.line-numbers') ?? [])].find((el) => el.textContent?.trim() === String(line));
  if (!root || !number) return false;
  const top = number.getBoundingClientRect().top;
  const level = [...root.querySelectorAll('.view-lines .view-line')].find((el) => Math.abs(el.getBoundingClientRect().top - top) < 1);
  if (!level) return false;
  if (inner) return level.querySelector(inner) !== null;
  if (token) {
    const found = [...level.querySelectorAll('span > span')].find((el) => el.textContent === token);
    if (!found) return false;
    const { x, y, width, height } = found.getBoundingClientRect();
    return { x, y, width, height };
  }
  return { text: level.textContent ?? '' }; // an object: an empty line's '' would read as "not yet"
}

/**
 * Workbench gestures and lookups, as a user would do them.
 * @param {import('playwright-core').Page} page
 */
export function workbench(page) {
  const quickInput = page.locator(QUICK_INPUT);

  /**
   * Presses `key` (a keybinding that opens a quick input), types `text` and waits for `ready`. The
   * keys go to the workbench's window: a webview holding the focus forwards keys to the workbench
   * only once its frame is ready, and on a loaded machine a key pressed just after a panel closed
   * was lost that way. A try that shows nothing within TRY_MS is closed with Escape and made again
   * (three tries in all, the last with the page's own timeout), each retry logged.
   * @param {string} key @param {string} text @param {import('playwright-core').Locator} ready
   * @param {{ typeInQuickInput(text: string, timeout?: number): Promise<void> }} gestures
   */
  async function openAndType(key, text, ready, gestures) {
    for (let attempt = 1; ; attempt++) {
      const timeout = attempt < TRIES ? TRY_MS : undefined;
      try {
        await page.evaluate(() => {
          const active = globalThis.document.activeElement;
          if (active?.tagName === 'IFRAME') /** @type {HTMLElement} */ (active).blur();
        });
        if (attempt === 1) await page.keyboard.press(key);
        // A webview inside a webview can keep the keys from the workbench (a CI run lost three
        // Ctrl+P in a row): later tries open the picker with the mouse, from the command center
        // (the text sets its mode: a leading ">" makes it the command palette).
        else await page.locator('.command-center .command-center-quick-pick').first().click();
        await gestures.typeInQuickInput(text, timeout);
        await ready.waitFor({ timeout });
        return;
      } catch (error) {
        if (attempt >= TRIES) throw error;
        const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
        log(`${key} then "${text}" did not show its result (${reason}); Escape, try ${attempt + 1} of ${TRIES}`);
        await page.keyboard.press('Escape');
        await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: TRY_MS }).catch(() => {});
      }
    }
  }

  const editor = page.locator(EDITOR);
  return {
    quickInput,
    editor,
    /**
     * Puts `text` into the open quick input and waits until the input holds it and has the focus.
     * The text is set on the input element itself, with the input event the workbench listens to,
     * never sent as keys: on a loaded machine the focus can leave a quick input that has just
     * opened (a webview taking it back), and keys sent then would type into the editor.
     * Playwright's fill() is not used either: on a loaded CI machine it once hung a whole minute on
     * the command palette's input before it typed anything.
     * @param {string} text @param {number} [timeout]
     */
    async typeInQuickInput(text, timeout) {
      await quickInput.waitFor({ timeout });
      await quickInput.evaluate((input, value) => {
        const box = /** @type {HTMLInputElement} */ (input);
        box.focus();
        box.value = value;
        box.dispatchEvent(new globalThis.Event('input', { bubbles: true }));
      }, text, { timeout });
      await page.waitForFunction(([selector, wanted]) => {
        const input = /** @type {HTMLInputElement | null} */ (globalThis.document.querySelector(selector));
        return input !== null && input.value === wanted && globalThis.document.activeElement === input;
      }, [QUICK_INPUT, text], { timeout });
    },
    /**
     * Presses `key` (a keybinding that opens a quick input), puts `text` in it and waits for
     * `ready`, tried again as `openAndType` says.
     * @param {string} key @param {string} text @param {import('playwright-core').Locator} ready
     */
    async openQuickInput(key, text, ready) {
      await openAndType(key, text, ready, this);
    },
    /** Enter in the open quick input: the key goes to the input itself, wherever the focus went. */
    async acceptQuickInput() {
      await quickInput.press('Enter');
    },
    /** Collapses the whitespace (and the editor's no-break spaces) of rendered text. @param {string | null} text */
    squash(text) {
      return (text ?? '').replace(/\s+/g, ' ').trim();
    },
    /** A regular expression for `text` that takes any run of whitespace (no-break spaces too) for a space. @param {string} text */
    loose(text) {
      return new RegExp(text.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s+'));
    },
    /** Moves the mouse where it shows no tooltip or hover (the empty middle of the title bar). */
    async parkMouse() {
      const viewport = page.viewportSize();
      await page.mouse.move(Math.round((viewport?.width ?? 1500) * 0.78), 14);
    },
    /** Ctrl+P, the file name, Enter. @param {string} name */
    async quickOpen(name) {
      await openAndType('Control+P', name, page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name }), this);
      await this.acceptQuickInput();
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
      // The file's editor takes the focus a moment after the picker closes: keys pressed before
      // then (Ctrl+End, Enter) were lost on a loaded machine while typed text still arrived.
      const focused = page.locator(`.part.editor .editor-group-container.active .monaco-editor.focused[data-uri$="/${name}"]`).first();
      try {
        await focused.waitFor({ timeout: 15_000 });
      } catch {
        // Once in a full run, a panel's webview in the same group kept the focus: the editor the
        // picker opened was active and shown but never focused. Give it the focus, as a user would.
        await page.locator(`.part.editor .editor-group-container.active .monaco-editor[data-uri$="/${name}"]`).first().waitFor();
        await this.runCommand('View: Focus Active Editor Group');
        await focused.waitFor();
      }
    },
    /**
     * Ctrl+Shift+P, ">label", Enter on the exact command; then waits for `after` (default: the
     * palette closed — a command that opens its own quick input keeps the widget on screen).
     * @param {string} label @param {import('playwright-core').Locator} [after]
     */
    async runCommand(label, after) {
      const row = page.locator(`.quick-input-list .monaco-list-row.focused[aria-label="${label}"], .quick-input-list .monaco-list-row.focused[aria-label^="${label},"]`);
      await openAndType('Control+Shift+P', `>${label.replace(/…$/, '')}`, row, this);
      await this.acceptQuickInput();
      if (after) await after.waitFor();
      else await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    },
    /** Ctrl+G to a 1-based line: it is then on screen. @param {number} line */
    async goToLine(line) {
      const target = page.locator('.quick-input-list .monaco-list-row.focused, .quick-input-widget .quick-input-message', { hasText: String(line) }).first();
      await openAndType('Control+G', `:${line}`, target, this);
      await this.acceptQuickInput();
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
      await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${line},` }).waitFor();
    },
    /**
     * Waits until the cursor of the robots.txt editor is on a 1-based line. The gutter marks that
     * line whether or not the editor has focus; the status bar's "Ln, Col" does not show while a
     * webview that was just clicked still holds the focus.
     * @param {number} line
     */
    async cursorOnLine(line) {
      await editor.locator('.line-numbers.active-line-number').filter({ hasText: new RegExp(`^${line}$`) }).waitFor();
    },
    /** The text of the rendered 1-based line `line` of robots.txt. @param {number} line @returns {Promise<string>} */
    async lineText(line) {
      const { text } = await (await page.waitForFunction(`(${probeLine})(${JSON.stringify({ editor: EDITOR, line })})`)).jsonValue();
      return text;
    },
    /** Waits until the rendered line `line` holds an element matching `selector`. @param {number} line @param {string} selector */
    async waitForInLine(line, selector) {
      await page.waitForFunction(`(${probeLine})(${JSON.stringify({ editor: EDITOR, line, inner: selector })})`);
    },
    /**
     * Where the token reading exactly `token` is on screen in the rendered line `line`.
     * @param {number} line @param {string} token @returns {Promise<{ x: number, y: number, width: number, height: number }>}
     */
    async tokenBox(line, token) {
      return (await page.waitForFunction(`(${probeLine})(${JSON.stringify({ editor: EDITOR, line, token })})`)).jsonValue();
    },
    /**
     * The content of the webview on screen. The workbench keeps hidden webviews in the DOM (the
     * replay panel retains its context), so only the visible one is meant; two side by side would
     * make every lookup fail as ambiguous rather than pick one silently.
     */
    webview() {
      return page.frameLocator('iframe.webview.ready:visible').frameLocator('#active-frame');
    },
    matrixFrame() {
      return this.webview();
    },
    /** Ctrl+S in the focused robots.txt editor, then waits until the tab is no longer dirty. */
    async save() {
      await page.locator('.tabs-container .tab.dirty[data-resource-name="robots.txt"]').waitFor();
      await page.keyboard.press('Control+S');
      await page.locator('.tabs-container .tab[data-resource-name="robots.txt"]:not(.dirty)').waitFor();
    },
    /**
     * Answers VS Code for the web's own open dialog (a quick input holding a path, with an OK
     * button named `okLabel`) with an absolute file path.
     * @param {string} file @param {string} okLabel
     */
    async openDialogFile(file, okLabel) {
      await page.locator('.quick-input-widget .monaco-button', { hasText: okLabel }).waitFor();
      // The dialog fills in its start folder once it has listed it; a path typed before that is
      // overwritten. Its entries on screen (the file among them) mean it has settled.
      await page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(file) }).first().waitFor();
      await this.typeInQuickInput(file);
      const typed = await quickInput.inputValue();
      if (typed !== file) throw new Error(`the open dialog holds "${typed}" instead of ${file}`);
      await this.acceptQuickInput();
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    },
    /** The notification center, opened: it lists the messages whose toasts have already gone. */
    async showNotifications() {
      await this.runCommand('Notifications: Show Notifications');
      return page.locator('.notifications-center');
    },
  };
}
