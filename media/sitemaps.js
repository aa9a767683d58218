// Check Sitemaps' results webview: counts per crawler and one row per blocked URL. Values come
// from sitemaps and the robots.txt and are inserted only as text (textContent, createElement).
// Plain browser JavaScript with no dependencies, loaded under a nonce-based CSP.
/* global acquireVsCodeApi, document, window */
(function () {
  'use strict';

  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  const COLUMNS = ['URL', 'Crawler', 'Deciding line', 'Listed in'];

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function list(id, items, className) {
    $(id).replaceChildren(...items.map((item) => el('li', className, item)));
  }

  function render(view) {
    $('subtitle').textContent = 'Against ' + view.documentName + ' (version ' + view.version + '), as the crawlers would read it.';
    $('summary').textContent = view.summary;
    list('crawlers', view.crawlers, 'crawler-count');
    $('notices').replaceChildren(...view.notices.map((n) => el('p', 'notice', n)));

    const head = el('thead');
    const headRow = el('tr');
    for (const label of COLUMNS) {
      const th = el('th', null, label);
      th.scope = 'col';
      headRow.append(th);
    }
    head.append(headRow);
    const body = el('tbody');
    view.rows.forEach((row, index) => {
      const tr = el('tr', 'result disallowed');
      tr.append(el('td', 'url', row.url), el('td', 'agent', row.agent));
      const winning = el('td', 'winning');
      const button = el('button', 'link', 'line ' + row.line + ': ' + row.rule);
      button.type = 'button';
      button.title = 'Reveal line ' + row.line + ' in the editor';
      button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row: index }));
      winning.append(button);
      tr.append(winning, el('td', 'muted small', row.sitemap + ', line ' + row.sitemapLine));
      body.append(tr);
    });
    $('blocked').hidden = view.rows.length === 0;
    $('blocked').replaceChildren(head, body);
    $('omitted').hidden = !view.omitted;
    $('omitted').textContent = view.omitted || '';

    $('sitemaps').replaceChildren(
      ...view.sitemaps.map((s) => {
        const item = el('li', s.failed ? 'notice' : null, s.location + ' — ' + s.what);
        for (const note of s.notes) item.append(el('div', 'muted small', note));
        return item;
      }),
    );
    $('aside-block').hidden = view.aside.length === 0;
    list('aside', view.aside, 'muted');
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (message && message.type === 'results' && message.view) render(message.view);
  });
  vscode.postMessage({ type: 'ready' });
})();
