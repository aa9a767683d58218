// @ts-check
// The AI access webview. Data arrives by postMessage from the extension and is inserted only
// as text (textContent, createElement): crawler tokens, group lines and paths from the file
// are never parsed as markup. Plain browser JavaScript under a nonce-based CSP; common.js
// (loaded first) has the helpers.
/** @typedef {import('../client/src/panels/ai-access/messages').AiAccessIn} AiAccessIn */
/** @typedef {import('../client/src/panels/ai-access/messages').AiAccessOut} AiAccessOut */
/** @typedef {import('../client/src/panels/ai-access/view').AiAccessView} AiAccessView */
/** @typedef {import('../client/src/panels/ai-access/view').AiAccessViewRow} AiAccessViewRow */
/** @typedef {import('../client/src/panels/ai-access/view').AiAccessViewPurpose} AiAccessViewPurpose */
/** @typedef {{ folded?: Record<string, boolean> }} AiAccessState */
(function () {
  'use strict';

  /** @type {VsCodeApi<AiAccessIn, AiAccessState>} */
  const vscode = acquireVsCodeApi();
  const title = byId('title');
  const subtitle = byId('subtitle');
  const content = byId('content');
  const purposes = byId('purposes');
  const preferencesCaption = byId('preferences-caption');
  const preferences = byId('preferences');
  const answer = byId('answer');
  const decidedOn = byId('decided-on');
  const enforce = byId('enforce');
  const enforceButton = byId('enforce-button');
  const enforceNames = byId('enforce-names');
  enforceButton.addEventListener('click', () => vscode.postMessage({ type: 'enforce' }));

  /** Purposes the user folded or unfolded, kept across refreshes and reloads. */
  const saved = vscode.getState() || {};
  /** @type {Record<string, boolean>} */
  const folded = Object.assign({}, saved.folded || {});

  const SYMBOL = { nothing: '✗', everything: '✓', some: '◐' };

  /**
   * The text as a button revealing the 0-based line, or as plain text when there is none.
   * @param {string} text
   * @param {number | null} line
   * @param {string} note
   * @param {string | null} className
   */
  function revealButton(text, line, note, className) {
    if (line === null || line === undefined) return el('span', className, text);
    const button = el('button', 'link ' + (className || ''), text);
    button.type = 'button';
    button.title = 'Reveal line ' + (line + 1) + ' in the editor';
    button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', line, note }));
    return button;
  }

  /** @param {AiAccessViewRow} row */
  function crawlerRow(row) {
    const tr = el('tr', 'crawler-row ' + row.access + ' ' + row.statement + (row.mark ? ' may-ignore' : ''));
    tr.dataset.token = row.token;
    const who = el('th', 'crawler');
    who.scope = 'row';
    who.append(el('div', 'token', row.token), el('div', 'muted small', row.about));
    if (row.mark) who.append(el('div', 'mark', '⚠ ' + row.mark));
    const access = el('td', 'access ' + row.access);
    access.append(el('span', 'symbol', SYMBOL[row.access] || ''), el('span', 'access-text', row.accessText));
    // Two columns fit a side column of 600 px: the group it obeys and whether it honours
    // robots.txt are folded under its answer, open on click.
    const fold = el('details', 'more');
    fold.append(el('summary', 'muted small', 'Group and honouring'));
    const group = el('div', 'group');
    group.append(el('span', 'muted', 'Group it obeys: '), revealButton(row.group, row.groupLine, row.token + ' obeys this group', 'small'));
    const honours = el('div', 'honours ' + row.honours);
    honours.append(el('span', 'muted', 'Honours robots.txt: '), el('span', null, row.honours));
    honours.title = row.honoursTooltip;
    fold.append(group, honours);
    access.append(fold);
    tr.append(who, access);
    return tr;
  }

  /** @param {AiAccessViewPurpose} purpose */
  function purposeSection(purpose) {
    const details = el('details', 'purpose');
    details.dataset.purpose = purpose.purpose;
    details.open = folded[purpose.purpose] === undefined ? purpose.open : !folded[purpose.purpose];
    details.addEventListener('toggle', () => {
      folded[purpose.purpose] = !details.open;
      vscode.setState({ folded });
    });
    const summary = el('summary');
    summary.append(el('span', 'purpose-title', purpose.title), el('span', 'muted small', ' · ' + plural(purpose.rows.length, 'crawler')));
    details.append(summary);
    const table = el('table', 'crawlers');
    table.append(el('caption', 'visually-hidden', purpose.title + ': what each crawler may fetch'));
    const thead = tableHead(['Crawler', 'Under this robots.txt']);
    const tbody = el('tbody');
    for (const row of purpose.rows) tbody.append(crawlerRow(row));
    table.append(thead, tbody);
    details.append(table);
    return details;
  }

  /** @param {AiAccessView} view */
  function preferencesTable(view) {
    const p = view.preferences;
    preferencesCaption.textContent = p.caption;
    if (p.columns.length === 0) return null;
    const table = el('table', 'preferences');
    table.append(el('caption', 'visually-hidden', 'AI-use preferences in effect per path and group'));
    const head = el('tr');
    const corner = el('th', 'corner', 'Path');
    corner.scope = 'col';
    head.append(corner);
    for (const column of p.columns) {
      const th = el('th', 'group-col');
      th.scope = 'col';
      th.append(el('div', null, column.label), el('div', 'muted small', column.crawlers));
      head.append(th);
    }
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    for (const row of p.rows) {
      const tr = el('tr');
      const th = el('th', 'path', row.path);
      th.scope = 'row';
      tr.append(th);
      row.cells.forEach((cell, c) => {
        const td = el('td', 'pref ' + (cell.allowed ? 'applies' : 'not-applicable'));
        td.append(revealButton(cell.text, cell.line, row.path + ': ' + cell.text, null));
        td.title = row.path + ' — ' + (p.columns[c] ? p.columns[c].label : '') + ': ' + cell.text;
        tr.append(td);
      });
      tbody.append(tr);
    }
    table.append(thead, tbody);
    return table;
  }

  /** @param {AiAccessView} view */
  function render(view) {
    title.textContent = 'AI access — ' + view.documentName;
    // The answer first, one sentence per purpose; where it was decided after it.
    subtitle.textContent = '';
    subtitle.hidden = true;
    answer.replaceChildren(...view.purposes.map((purpose) => {
      const item = el('li', 'purpose-summary', purpose.summary);
      item.dataset.purpose = purpose.purpose;
      return item;
    }));
    decidedOn.textContent = 'The catalogue\'s crawlers, decided on the current buffer (' + view.saved + ').';
    setStatus(view.fetchState || '', view.fetchState ? 'notice' : '');
    content.classList.remove('stale');
    content.removeAttribute('aria-busy');
    content.hidden = false;
    purposes.replaceChildren(...view.purposes.map(purposeSection));
    enforce.hidden = view.enforceable.length === 0;
    // Short: the names are behind its tooltip and the fold beside it, not in front of the answer.
    enforceButton.textContent = 'Enforce for ' + plural(view.enforceable.length, 'crawler') + ' that may ignore robots.txt…';
    enforceButton.title = 'Server rules that refuse ' + view.enforceable.join(', ') + ' what robots.txt disallows them';
    enforceNames.textContent = view.enforceable.join(', ') + '.';
    const table = preferencesTable(view);
    preferences.replaceChildren(...(table ? [table] : []));
  }

  /** @param {string} message */
  function showBusy(message) {
    content.classList.add('stale');
    content.setAttribute('aria-busy', 'true');
    setStatus(message, 'busy');
  }

  /** @param {string} message */
  function showError(message) {
    enforce.hidden = true;
    // Never leave answers on screen that the current buffer did not produce.
    answer.replaceChildren();
    decidedOn.textContent = '';
    purposes.replaceChildren();
    preferences.replaceChildren();
    preferencesCaption.textContent = '';
    subtitle.textContent = '';
    content.removeAttribute('aria-busy');
    content.hidden = true;
    setStatus(message, 'error');
  }

  onMessage((/** @type {AiAccessOut} */ message) => {
    if (message.type === 'view' && message.view) render(message.view);
    else if (message.type === 'busy') showBusy(String(message.message));
    else if (message.type === 'error') showError(String(message.message));
  });

  vscode.postMessage({ type: 'ready' });
})();
