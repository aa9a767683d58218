// @ts-check
// What every panel page shares, written once: loaded before the page's own script through the
// page's library slot (`libraries` in client/src/webview-page.ts), under the same nonce. A
// classic script's top-level declarations are globals of the page, so the page scripts call
// these by name. Everything from a document, a log or a sitemap goes in as text
// (textContent, createElement), never as markup.
/* exported byId, el, plural, formatCount, setStatus, pathText, tableHead, onMessage */

/**
 * The page's element with the id, of the kind asked for. Pages are static shells
 * (client/src/panels/<feature>/page.ts): a missing element is a bug of the shell, said at once.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T }} [kind]
 * @returns {T}
 */
function byId(id, kind) {
  const node = document.getElementById(id);
  if (!(node instanceof (kind ?? HTMLElement))) throw new Error('The page has no #' + id + ' of the kind its script needs.');
  return /** @type {T} */ (node);
}

/**
 * A new element with a class and text content; null or undefined leave them out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [className]
 * @param {string | number | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/**
 * "1,240" (as the CLI and the core's words write counts); '' for what is not a number.
 * @param {unknown} n
 */
function formatCount(n) {
  return typeof n === 'number' ? n.toLocaleString('en-US') : '';
}

/**
 * "1 crawler", "1,240 requests".
 * @param {number} n
 * @param {string} word
 */
function plural(n, word) {
  return formatCount(n) + ' ' + word + (n === 1 ? '' : 's');
}

/**
 * The page's `#status` line (a live region): its text, and its kind as a class the page's
 * stylesheet colours (busy, error, notice, warning; '' for none).
 * @param {string} text
 * @param {string} [kind]
 */
function setStatus(text, kind) {
  const status = byId('status');
  status.textContent = text || '';
  status.className = kind || '';
}

/**
 * Appends a path or URL to `node` so that it wraps after its slashes and query separators,
 * never inside a word ("page.htm" / "l"). Returns `node`.
 * @template {HTMLElement} T
 * @param {T} node
 * @param {string} path
 * @returns {T}
 */
function pathText(node, path) {
  String(path).split(/(?<=[/?&=])/).forEach((piece, i) => {
    if (i > 0) node.append(document.createElement('wbr'));
    node.append(document.createTextNode(piece));
  });
  return node;
}

/**
 * A table head of column headers.
 * @param {readonly string[]} labels
 */
function tableHead(labels) {
  const row = el('tr');
  for (const label of labels) {
    const th = el('th', null, label);
    th.scope = 'col';
    row.append(th);
  }
  const head = el('thead');
  head.append(row);
  return head;
}

/**
 * Calls `handle` with each message the extension posts. Only objects with a string `type` are
 * messages: the panel's typed messages (its `messages.ts`), which the page trusts as the
 * extension's own.
 * @template {{ readonly type: string }} Out
 * @param {(message: Out) => void} handle
 */
function onMessage(handle) {
  window.addEventListener('message', (event) => {
    const message = event.data;
    if (typeof message === 'object' && message !== null && typeof message.type === 'string') handle(message);
  });
}
