// @ts-check
// Test URL's results webview: one row per crawler. Values come from the robots.txt and the
// user (URL, agents) and are inserted only as text (textContent, createElement). Plain
// browser JavaScript under a nonce-based CSP; common.js (loaded first) has the helpers.
/** @typedef {import('../client/src/panels/test-url/messages').TestUrlIn} TestUrlIn */
/** @typedef {import('../client/src/panels/test-url/messages').TestUrlOut} TestUrlOut */
/** @typedef {import('../client/src/panels/test-url/view').TestUrlView} TestUrlView */
(function () {
  'use strict';

  /** @type {VsCodeApi<TestUrlIn, never>} */
  const vscode = acquireVsCodeApi();
  const SYMBOL = { allowed: '✓', disallowed: '✗', 'not-applicable': '–' };
  // Three columns fit a side column of 600 px; the group, the chain and the why are folded under each row.
  const COLUMNS = ['Crawler', 'Verdict', 'Deciding line'];

  /**
   * @param {string} text
   * @param {string} title
   * @param {number} row
   */
  function link(text, title, row) {
    const button = el('button', 'link', text);
    button.type = 'button';
    button.title = title;
    button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row }));
    return button;
  }

  /** The URL on screen: the same test sent again (saved, or edited since) keeps its open explanations. */
  let shownUrl = '';

  /** @param {TestUrlView} view */
  function render(view) {
    const open = new Set();
    if (view.url === shownUrl) byId('results').querySelectorAll('details.more').forEach((fold, i) => fold.hasAttribute('open') && open.add(i));
    shownUrl = view.url;
    byId('title').textContent = 'Test URL — ' + view.url;
    byId('subtitle').textContent = 'Against ' + view.documentName + ' (' + view.saved + '); every test is also kept in the Output log.';
    byId('summary').textContent = view.summary;
    const fetchState = byId('fetch-state');
    fetchState.hidden = !view.fetchState;
    fetchState.textContent = view.fetchState || '';

    const body = el('tbody');
    view.rows.forEach((row, index) => {
      const tr = el('tr', 'result ' + row.state);
      const crawler = el('th', 'crawler');
      crawler.scope = 'row';
      crawler.append(el('div', 'agent', row.agent), el('div', 'muted small', row.about));
      const verdict = el('td', 'verdict ' + row.state);
      verdict.append(el('span', 'symbol', SYMBOL[row.state] || ''), el('span', null, ' ' + row.verdict));
      const winning = el('td', 'winning');
      if (row.winning) {
        winning.append(link('line ' + row.winning.line + ': ' + row.winning.text, 'Reveal line ' + row.winning.line + ' in the editor', index));
      } else {
        winning.append(el('span', 'muted', row.noRule));
      }
      tr.append(crawler, verdict, winning);
      // The group, the chain, the explanation and Google's note: folded, open on click.
      const details = el('tr', 'details');
      const why = el('td', 'why');
      why.colSpan = COLUMNS.length;
      const fold = el('details', 'more');
      if (open.has(index)) fold.setAttribute('open', '');
      fold.append(el('summary', 'muted small', 'Group and why'));
      const group = el('div', 'group');
      group.append(el('span', 'muted', 'Group: '));
      if (!row.winning && row.groupLine !== null) group.append(link(row.group, 'Reveal the group in the editor', index));
      else group.append(el('span', null, row.group));
      const chain = el('div', 'chain');
      chain.append(el('span', 'muted', 'Chain: '), el('span', null, row.chain));
      const because = el('div');
      because.append(el('span', 'muted', 'Why: '), el('span', null, row.why));
      fold.append(group, chain, because);
      if (row.winning) fold.append(el('div', 'muted small', row.winning.note));
      why.append(fold);
      if (row.google) why.append(el('div', 'google', "Google's literal parser: " + row.google));
      details.append(why);
      body.append(tr, details);
    });
    byId('results').replaceChildren(tableHead(COLUMNS), body);
  }

  onMessage((/** @type {TestUrlOut} */ message) => {
    if (message.type === 'results' && message.view) render(message.view);
  });
  byId('show-log').addEventListener('click', () => vscode.postMessage({ type: 'showLog' }));
  vscode.postMessage({ type: 'ready' });
})();
