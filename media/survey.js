// @ts-check
// Survey Sites…' results webview: the totals first, then the sites × crawlers matrix. A cell
// is a button: its category in words, its tested paths and deciding lines shown on focus and
// hover (below the table, as text), and a click that reveals the deciding line in the fetched
// file. Sites and rule text come from fetched files: inserted only as text.
/** @typedef {import('../client/src/panels/survey/messages').SurveyIn} SurveyIn */
/** @typedef {import('../client/src/panels/survey/messages').SurveyOut} SurveyOut */
/** @typedef {import('../client/src/panels/survey/view').SurveyView} SurveyView */
(function () {
  'use strict';

  /** @type {VsCodeApi<SurveyIn, never>} */
  const vscode = acquireVsCodeApi();

  /** @param {SurveyView} view */
  function render(view) {
    byId('subtitle').textContent =
      plural(view.rows.length, 'site') + ' from ' + view.documentName + '; tested paths: ' + view.paths.join(' ');
    byId('summary').replaceChildren(...view.summary.map((line) => el('li', null, line)));
    const detail = byId('detail');
    detail.textContent = '';

    const body = el('tbody');
    view.rows.forEach((row, r) => {
      const tr = el('tr');
      const site = el('th', 'site');
      site.scope = 'row';
      site.append(el('div', null, row.site), el('div', row.failed ? 'notice small' : 'muted small', row.failed ? 'failed: ' + row.status : row.status));
      site.title = row.explanation;
      tr.append(site);
      row.cells.forEach((cell, c) => {
        const td = el('td', 'cell ' + cell.category);
        const button = el('button', 'cell-button', cell.label);
        button.type = 'button';
        button.title = cell.detail;
        button.setAttribute('aria-label', view.agents[c] + ' on ' + row.site + ': ' + cell.detail);
        const show = () => (detail.textContent = view.agents[c] + ' on ' + row.site + ': ' + cell.detail);
        button.addEventListener('focus', show);
        button.addEventListener('mouseenter', show);
        button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row: r, cell: c }));
        td.append(button);
        tr.append(td);
      });
      body.append(tr);
    });
    byId('matrix').replaceChildren(tableHead(['Site', ...view.agents]), body);
  }

  onMessage((/** @type {SurveyOut} */ message) => {
    if (message.type === 'results' && message.view) render(message.view);
  });
  vscode.postMessage({ type: 'ready' });
})();
