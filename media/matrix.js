// @ts-check
// The crawler matrix webview. Data arrives by postMessage from the extension and is inserted
// only as text (textContent, createElement): user agents and paths are never parsed as markup.
// Plain browser JavaScript under a nonce-based CSP; common.js (loaded first) has the helpers.
/** @typedef {import('../client/src/panels/matrix/messages').MatrixIn} MatrixIn */
/** @typedef {import('../client/src/panels/matrix/messages').MatrixOut} MatrixOut */
/** @typedef {import('../client/src/panels/matrix/view').MatrixView} MatrixView */
/** @typedef {import('../client/src/panels/matrix/view').MatrixViewRow} MatrixViewRow */
/** @typedef {import('../client/src/panels/matrix/view').MatrixViewCell} MatrixViewCell */
/** @typedef {{ transposed?: boolean }} MatrixState */
(function () {
  'use strict';

  /** @type {VsCodeApi<MatrixIn, MatrixState>} */
  const vscode = acquireVsCodeApi();
  const title = byId('title');
  const subtitle = byId('subtitle');
  const status = byId('status');
  const container = byId('matrix');
  const summary = byId('summary');
  const form = byId('add-paths');
  const input = byId('path-input', HTMLInputElement);
  const reset = byId('reset-paths', HTMLButtonElement);
  const transpose = byId('transpose');

  /** Paths as rows (crawlers as columns) instead of crawlers as rows; kept across reloads. */
  let transposed = (vscode.getState() || {}).transposed === true;

  /**
   * The view on screen, for keyboard navigation and refocusing after a refresh.
   * @type {MatrixView | null}
   */
  let view = null;

  const SYMBOL = { allowed: '✓', disallowed: '✗', 'not-applicable': '–' };

  /** The cell (or group button, column -1) that has the focus, as its row and column. */
  function focusedCell() {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active.dataset.row === undefined) return null;
    return { row: Number(active.dataset.row), column: Number(active.dataset.column) };
  }

  /**
   * @param {number} row
   * @param {number} column
   */
  function focusCell(row, column) {
    const target = container.querySelector('[data-row="' + row + '"][data-column="' + column + '"]');
    if (target instanceof HTMLElement) target.focus();
    return Boolean(target);
  }

  /**
   * @param {MatrixViewCell} cell
   * @param {number} row
   * @param {number} column
   */
  function cellControl(cell, row, column) {
    // A cell with a line to reveal is a button (Enter and Space work natively); one without
    // is still focusable so its tooltip and text are reachable from the keyboard.
    /** @type {HTMLElement} */
    let control;
    if (cell.line === null) {
      control = el('span', 'cell ' + cell.state);
      control.tabIndex = 0;
    } else {
      const button = el('button', 'cell ' + cell.state);
      button.type = 'button';
      control = button;
    }
    control.dataset.row = String(row);
    control.dataset.column = String(column);
    control.title = cell.tooltip;
    control.setAttribute('aria-label', cell.tooltip);
    control.append(el('span', 'symbol', SYMBOL[cell.state] || ''), el('span', 'verdict visually-hidden', cell.text));
    return control;
  }

  /**
   * @param {string} path
   * @param {boolean} removable
   */
  function headerCell(path, removable) {
    const th = el('th', 'path');
    th.scope = 'col';
    // The path reads upwards in a column as narrow as a cell: many paths fit side by side.
    th.append(removablePath(path, removable, el('div', 'turned')));
    return th;
  }

  /**
   * @param {MatrixViewRow} row
   * @param {number} index
   */
  function rowHeader(row, index) {
    const th = el('th', 'crawler');
    th.scope = 'row';
    const agent = el('div', 'agent', row.agent);
    agent.title = row.agent;
    th.append(agent);
    if (row.token && row.token.toLowerCase() !== row.agent.toLowerCase()) th.append(el('div', 'muted small', 'read as ' + row.token));
    if (row.groupLine === null) {
      const group = el('div', 'group small', row.group);
      group.title = row.groupTooltip;
      th.append(group);
    } else {
      const group = el('button', 'group link small', row.group);
      group.type = 'button';
      group.dataset.row = String(index);
      group.dataset.column = '-1';
      group.title = row.groupTooltip + ' — reveal it in the editor';
      group.setAttribute('aria-label', row.groupTooltip + ', reveal in the editor');
      group.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row: index, column: -1 }));
      th.append(group);
    }
    const about = el('div', 'muted small about', row.about);
    about.title = row.about;
    th.append(about);
    return th;
  }

  /**
   * @param {string} path
   * @param {boolean} removable
   * @template {HTMLElement} T
   * @param {T} th
   * @returns {T}
   */
  function removablePath(path, removable, th) {
    th.append(pathText(el('span', 'path-text'), path));
    if (removable) {
      const remove = el('button', 'remove', '×');
      remove.type = 'button';
      remove.title = 'Remove ' + path + ' from the matrix';
      remove.setAttribute('aria-label', 'Remove path ' + path);
      remove.addEventListener('click', () => vscode.postMessage({ type: 'removePath', path }));
      th.append(remove);
    }
    return th;
  }

  /**
   * @param {MatrixViewCell} cell
   * @param {number} r
   * @param {number} c
   */
  function cellTd(cell, r, c) {
    const td = el('td');
    const control = cellControl(cell, r, c);
    if (cell.line !== null) control.addEventListener('click', () => vscode.postMessage({ type: 'reveal', row: r, column: c }));
    td.append(control);
    return td;
  }

  /** @param {MatrixView} next */
  function crawlerRowsTable(next) {
    const table = el('table', 'matrix');
    const caption = el('caption', 'visually-hidden', 'Verdict of each crawler for each tested path');
    const head = el('thead');
    const headRow = el('tr');
    const corner = el('th', 'corner', 'Crawler');
    corner.scope = 'col';
    const countHead = el('th', 'count', 'Disallowed');
    countHead.title = 'How many of the tested paths are disallowed (/robots.txt, always allowed, is not counted)';
    countHead.scope = 'col';
    headRow.append(corner, countHead);
    for (const path of next.paths) headRow.append(headerCell(path, next.paths.length > 1));
    head.append(headRow);

    const body = el('tbody');
    next.rows.forEach((row, r) => {
      const tr = el('tr');
      const count = el('td', 'count ' + row.category, row.countShort);
      count.title = row.countText;
      count.setAttribute('aria-label', row.countText);
      tr.append(rowHeader(row, r), count);
      row.cells.forEach((cell, c) => tr.append(cellTd(cell, r, c)));
      body.append(tr);
    });
    table.append(caption, head, body);
    return table;
  }

  /**
   * The same cells with paths as rows: many paths read down the page, the crawlers head the columns.
   * @param {MatrixView} next
   */
  function pathRowsTable(next) {
    const table = el('table', 'matrix transposed');
    const caption = el('caption', 'visually-hidden', 'Verdict for each tested path of each crawler');
    const head = el('thead');
    const headRow = el('tr');
    const corner = el('th', 'corner', 'Path');
    corner.scope = 'col';
    headRow.append(corner);
    next.rows.forEach((row) => {
      const th = el('th', 'crawler-col');
      th.scope = 'col';
      th.title = row.agent + ': ' + row.countText + ' — ' + row.about + ' — ' + row.groupTooltip;
      // The name and its count read upwards on one line, so a column is as narrow as a cell.
      const turned = el('div', 'turned');
      turned.append(el('span', 'agent', row.agent), el('span', 'count-line small ' + row.category, row.countShort + ' disallowed'));
      th.append(turned);
      headRow.append(th);
    });
    head.append(headRow);
    const body = el('tbody');
    next.paths.forEach((path, c) => {
      const tr = el('tr');
      const th = removablePath(path, next.paths.length > 1, el('th', 'path-row'));
      th.scope = 'row';
      tr.append(th);
      next.rows.forEach((row, r) => {
        const cell = row.cells[c];
        if (cell) tr.append(cellTd(cell, r, c));
      });
      body.append(tr);
    });
    table.append(caption, head, body);
    return table;
  }

  /**
   * @param {MatrixView} next
   * @param {string} notice
   */
  function render(next, notice) {
    const refocus = focusedCell();
    view = next;
    title.textContent = 'Crawler matrix — ' + next.documentName;
    subtitle.textContent =
      plural(next.rows.length, 'crawler') + ' × ' + plural(next.paths.length, 'path') +
      (next.customPaths ? ' (paths you chose)' : " (paths from the file's own rules)") +
      ', decided on the current buffer (' + next.saved + ').';
    setStatus(notice || '', notice ? 'notice' : '');
    container.classList.remove('stale');
    container.removeAttribute('aria-busy');
    reset.disabled = !next.customPaths;

    transpose.textContent = transposed ? 'Crawlers as rows' : 'Paths as rows';
    transpose.setAttribute('aria-pressed', String(transposed));
    container.replaceChildren(transposed ? pathRowsTable(next) : crawlerRowsTable(next));

    const s = next.summary;
    summary.textContent =
      'Over these ' + plural(next.paths.length, 'path') + ': ' +
      plural(s.all, 'crawler') + ' with every tested path disallowed, ' +
      s.some + ' with some, ' + s.none + ' with none' +
      (s.undecided > 0 ? ', ' + s.undecided + ' with no path decided by the file' : '') +
      '. These are the tested paths only, not the whole site; /robots.txt is always allowed and not counted.';

    if (refocus) focusCell(refocus.row, refocus.column);
  }

  /** @param {string} message */
  function showBusy(message) {
    container.classList.add('stale');
    container.setAttribute('aria-busy', 'true');
    setStatus(message, 'busy');
  }

  /** @param {string} message */
  function showError(message) {
    // Never leave verdicts on screen that the current buffer did not produce.
    view = null;
    container.replaceChildren();
    container.removeAttribute('aria-busy');
    summary.textContent = '';
    subtitle.textContent = '';
    setStatus(message, 'error');
  }

  onMessage((/** @type {MatrixOut} */ message) => {
    if (message.type === 'matrix' && message.view) render(message.view, message.notice ? String(message.notice) : '');
    else if (message.type === 'busy') showBusy(String(message.message));
    else if (message.type === 'error') showError(String(message.message));
    else if (message.type === 'notice') setStatus(String(message.message), 'notice');
  });

  // Arrow keys move between cells (and the group buttons in column -1) like a grid.
  container.addEventListener('keydown', (event) => {
    const at = focusedCell();
    if (!at || !view) return;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -Infinity], End: [0, Infinity] };
    let move = moves[event.key];
    if (!move) return;
    // Paths as rows: the screen's rows are the data's columns, so a move on screen swaps its axes.
    if (transposed) move = [move[1], move[0]];
    const lastColumn = view.paths.length - 1;
    const row = Math.min(Math.max(at.row + move[0], 0), view.rows.length - 1);
    let column = at.column + move[1];
    column = Math.min(Math.max(column, transposed ? 0 : -1), lastColumn);
    // Column -1 (the group) has no button when the crawler uses no group: skip to the first cell.
    if (focusCell(row, column) || (column === -1 && focusCell(row, 0))) event.preventDefault();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const paths = input.value.split(/\s+/).filter((path) => path !== '');
    if (paths.length === 0) return;
    vscode.postMessage({ type: 'addPaths', paths });
    input.value = '';
  });
  reset.addEventListener('click', () => vscode.postMessage({ type: 'resetPaths' }));
  transpose.addEventListener('click', () => {
    transposed = !transposed;
    vscode.setState({ transposed });
    if (view) render(view, status.textContent || '');
  });

  vscode.postMessage({ type: 'ready' });
})();
