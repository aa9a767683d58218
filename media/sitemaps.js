// @ts-check
// Check Sitemaps' results webview: counts per crawler and one row per blocked URL. Values come
// from sitemaps and the robots.txt and are inserted only as text (textContent, createElement).
// Plain browser JavaScript under a nonce-based CSP; common.js (loaded first) has the helpers.
/** @typedef {import('../client/src/panels/sitemaps/messages').SitemapsIn} SitemapsIn */
/** @typedef {import('../client/src/panels/sitemaps/messages').SitemapsOut} SitemapsOut */
/** @typedef {import('../client/src/panels/sitemaps/view').SitemapsView} SitemapsView */
(function () {
  'use strict';

  /** @type {VsCodeApi<SitemapsIn, never>} */
  const vscode = acquireVsCodeApi();
  // Three columns fit a side column of 600 px; where the URL is listed goes under its deciding line.
  const COLUMNS = ['URL', 'Crawler', 'Deciding line'];

  /**
   * @param {string} id
   * @param {readonly string[]} items
   * @param {string} className
   */
  function list(id, items, className) {
    byId(id).replaceChildren(...items.map((item) => el('li', className, item)));
  }

  /** @param {SitemapsView} view */
  function render(view) {
    byId('subtitle').textContent = 'Against ' + view.documentName + ' (' + view.saved + '), as the crawlers would read it.';
    const answer = byId('answer');
    answer.textContent = view.answer.text;
    answer.className = 'answer ' + view.answer.tone;
    byId('summary').textContent = view.summary;
    list('crawlers', view.crawlers, 'crawler-count');
    byId('notices').replaceChildren(...view.notices.map((n) => el('p', 'notice', n)));

    const body = el('tbody');
    view.rows.forEach((row, index) => {
      const tr = el('tr', 'result disallowed');
      tr.append(el('td', 'url', row.url), el('td', 'agent', row.agent));
      const winning = el('td', 'winning');
      const button = el('button', 'link', 'line ' + row.line + ': ' + row.rule);
      button.type = 'button';
      button.title = 'Reveal line ' + row.line + ' in the editor';
      button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row: index }));
      winning.append(button, el('div', 'muted small listed-in', 'listed in ' + row.sitemap + ', line ' + row.sitemapLine));
      tr.append(winning);
      body.append(tr);
    });
    const blocked = byId('blocked');
    blocked.hidden = view.rows.length === 0;
    blocked.replaceChildren(tableHead(COLUMNS), body);
    const omitted = byId('omitted');
    omitted.hidden = !view.omitted;
    omitted.textContent = view.omitted || '';

    byId('sitemaps').replaceChildren(
      ...view.sitemaps.map((s) => {
        const item = el('li', s.failed ? 'notice' : null, s.location + ' — ' + s.what);
        for (const note of s.notes) item.append(el('div', 'muted small', note));
        return item;
      }),
    );
    byId('aside-block').hidden = view.aside.length === 0;
    list('aside', view.aside, 'muted');
  }

  onMessage((/** @type {SitemapsOut} */ message) => {
    if (message.type === 'results' && message.view) render(message.view);
  });
  vscode.postMessage({ type: 'ready' });
})();
