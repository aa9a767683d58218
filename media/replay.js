// @ts-check
// The access-log replay webview. Every value from a log (user agents, paths, IPs) is
// untrusted: it is inserted only as text (textContent, createElement, createElementNS,
// setAttribute of numbers). Plain browser JavaScript under a nonce-based CSP; the helpers come
// from common.js, the chart from replay-chart.js, the cards from replay-cards.js, what a row
// means from replay-rows.js and the dropping of logs from replay-drop.js, all loaded first. The
// table is virtualised: only the visible rows exist in the DOM.
/** @typedef {import('../client/src/panels/replay/messages').ReplayIn} ReplayIn */
/** @typedef {import('../client/src/panels/replay/messages').ReplayOut} ReplayOut */
/** @typedef {{ key: ReplayColumnKey | null, dir: number }} ReplaySort */
/** @typedef {{ filters: ReplayFilters, sort: ReplaySort, chartExpanded: boolean }} ReplayState */
(function () {
  'use strict';

  /** @type {VsCodeApi<ReplayIn, Partial<ReplayState>>} */
  const vscode = acquireVsCodeApi();
  const ROW_HEIGHT = 24;
  const OVERSCAN = 8;

  const title = byId('title');
  const subtitle = byId('subtitle');
  const progressArea = byId('progress-area');
  const progressBar = byId('progress', HTMLProgressElement);
  const progressText = byId('progress-text');
  const cards = byId('cards');
  const enforce = byId('enforce');
  const enforceButton = byId('enforce-button');
  const enforceNames = byId('enforce-names');
  enforceButton.addEventListener('click', () => vscode.postMessage({ type: 'enforce' }));
  const chart = byId('chart');
  const count = byId('count');
  const head = byId('table-head');
  const viewport = byId('viewport');
  const spacer = byId('spacer');
  const rowsBox = byId('rows');
  const filterEls = {
    crawler: byId('f-crawler', HTMLSelectElement),
    purpose: byId('f-purpose', HTMLSelectElement),
    verification: byId('f-verification', HTMLSelectElement),
    verdict: byId('f-verdict', HTMLSelectElement),
    status: byId('f-status', HTMLSelectElement),
    path: byId('f-path', HTMLInputElement),
  };

  const saved = vscode.getState() || {};
  /**
   * Filters and sorting survive re-runs (and reloads of the webview).
   * @type {ReplayState}
   */
  const state = {
    filters: Object.assign({ crawler: '', purpose: '', verification: '', verdict: '', status: '', path: '' }, saved.filters || {}),
    sort: saved.sort || { key: null, dir: 1 },
    chartExpanded: saved.chartExpanded === true,
  };
  /** @type {readonly ReplayRow[]} */
  let rows = [];
  /**
   * The purposes the Purpose filter offers, in the catalogue's order.
   * @type {readonly string[]}
   */
  let purposes = [];
  /**
   * Indices into `rows` matching the filters, in display order.
   * @type {number[]}
   */
  let view = [];
  let focusedIndex = -1;

  function save() {
    vscode.setState({ filters: state.filters, sort: state.sort, chartExpanded: state.chartExpanded });
  }

  // ── chart: drawn by replay-chart.js across the panel's width ───────────────────

  /** @type {ReplayChart | null} */
  let chartModel = null;
  function renderChart() {
    renderReplayChart(chart, chartModel, state.chartExpanded, () => {
      state.chartExpanded = !state.chartExpanded;
      save();
      renderChart();
    });
  }
  let chartWidth = 0;
  new window.ResizeObserver(() => {
    if (chart.clientWidth === chartWidth) return;
    chartWidth = chart.clientWidth;
    renderChart();
  }).observe(chart);

  // ── filters ────────────────────────────────────────────────────────────────────

  /**
   * @param {HTMLSelectElement} select
   * @param {string} allLabel
   * @param {readonly string[]} values
   * @param {string} current
   */
  function fillSelect(select, allLabel, values, current) {
    const all = el('option', null, allLabel);
    all.value = '';
    const options = [all];
    const list = values.slice();
    if (current && !list.includes(current)) list.push(current);
    for (const value of list) {
      const option = el('option', null, value);
      option.value = value;
      options.push(option);
    }
    select.replaceChildren(...options);
    select.value = current || '';
  }

  function renderFilters() {
    const crawlers = [...new Set(rows.map((r) => r.c))].sort((a, b) => a.localeCompare(b));
    const verifications = [...new Set(rows.map((r) => r.v))].sort();
    const statuses = [...new Set(rows.map((r) => replayStatusClass(r.s)))].sort();
    fillSelect(filterEls.crawler, 'All clients', crawlers, state.filters.crawler);
    fillSelect(filterEls.purpose, 'Any', purposes, state.filters.purpose);
    fillSelect(filterEls.verification, 'Any', verifications, state.filters.verification);
    fillSelect(filterEls.verdict, 'Any', ['allowed', 'disallowed', 'violation', 'n/a'], state.filters.verdict);
    fillSelect(filterEls.status, 'Any', statuses, state.filters.status);
    filterEls.path.value = state.filters.path;
  }

  function applyView() {
    view = [];
    rows.forEach((row, i) => {
      if (replayRowMatches(row, state.filters)) view.push(i);
    });
    if (state.sort.key) {
      const cmp = replaySortOrder(rows, state.sort.key);
      const dir = state.sort.dir;
      view.sort((i, j) => dir * cmp(i, j));
    }
    count.textContent = formatCount(view.length) + ' of ' + formatCount(rows.length) + ' requests shown';
    spacer.style.height = view.length * ROW_HEIGHT + 'px';
    renderHead();
    renderRows(true);
  }

  // ── table ──────────────────────────────────────────────────────────────────────

  function renderHead() {
    head.replaceChildren(
      ...REPLAY_COLUMNS.map((column) => {
        const sorted = state.sort.key === column.key;
        const cell = el('div', 'cell ' + column.cls);
        cell.setAttribute('role', 'columnheader');
        cell.setAttribute('aria-sort', sorted ? (state.sort.dir === 1 ? 'ascending' : 'descending') : 'none');
        const button = el('button', 'sort', column.label + (sorted ? (state.sort.dir === 1 ? ' ▲' : ' ▼') : ''));
        button.type = 'button';
        button.title = 'Sort by ' + column.label.toLowerCase();
        button.addEventListener('click', () => {
          if (state.sort.key === column.key) {
            if (state.sort.dir === 1) state.sort.dir = -1;
            else state.sort = { key: null, dir: 1 };
          } else state.sort = { key: column.key, dir: 1 };
          save();
          applyView();
        });
        cell.append(button);
        return cell;
      }),
    );
  }

  /**
   * @param {number} position
   * @param {ReplayRow} row
   */
  function rowElement(position, row) {
    const node = el('div', 'row ' + replayVerdictOf(row).replace('/', '') + (row.x ? ' violation' : ''));
    node.setAttribute('role', 'row');
    node.tabIndex = 0;
    node.style.top = position * ROW_HEIGHT + 'px';
    node.dataset.position = String(position);
    node.title = row.l === null ? 'No rule decided (' + replayVerdictText(row).toLowerCase() + ')' : 'Line ' + row.l + ': ' + (row.r || '') + ' — click or Enter to reveal';
    node.title += '\n' + replayRowDetails(row);
    const values = replayCellValues(row);
    REPLAY_COLUMNS.forEach((column, i) => {
      const cell = el('div', 'cell ' + column.cls, values[i]);
      cell.setAttribute('role', 'cell');
      node.append(cell);
    });
    return node;
  }

  /** @param {boolean} force */
  function renderRows(force) {
    // The header sits in the scroller above the rows: only the space below it shows rows.
    const top = Math.max(0, viewport.scrollTop - head.offsetHeight);
    const height = viewport.clientHeight || 400;
    const from = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
    const to = Math.min(view.length, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
    if (!force && rowsBox.dataset.from === String(from) && rowsBox.dataset.to === String(to)) return;
    rowsBox.dataset.from = String(from);
    rowsBox.dataset.to = String(to);
    const nodes = [];
    for (let p = from; p < to; p++) {
      const row = rows[view[p] ?? -1];
      if (row) nodes.push(rowElement(p, row));
    }
    rowsBox.replaceChildren(...nodes);
    if (focusedIndex >= 0) {
      const target = rowsBox.querySelector('[data-position="' + focusedIndex + '"]');
      if (target instanceof HTMLElement && document.activeElement !== target && viewport.contains(document.activeElement)) target.focus({ preventScroll: true });
    }
    vscode.postMessage({ type: 'rendered', matching: view.length, inDom: nodes.length });
  }

  /** @param {number} position */
  function focusPosition(position) {
    if (position < 0 || position >= view.length) return;
    focusedIndex = position;
    const top = head.offsetHeight + position * ROW_HEIGHT;
    if (top - head.offsetHeight < viewport.scrollTop) viewport.scrollTop = top - head.offsetHeight;
    else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
    renderRows(false);
    const target = rowsBox.querySelector('[data-position="' + position + '"]');
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }

  /** @param {number} position */
  function reveal(position) {
    const index = view[position];
    const row = index === undefined ? undefined : rows[index];
    if (index === undefined || !row) return;
    if (row.l === null) {
      setStatus('No rule decided this request (' + replayVerdictText(row).toLowerCase() + '): nothing to reveal.');
      return;
    }
    vscode.postMessage({ type: 'reveal', index });
  }

  /** @param {EventTarget | null} target */
  function positionOf(target) {
    const row = target instanceof Element ? target.closest('.row[data-position]') : null;
    return row instanceof HTMLElement ? Number(row.dataset.position) : -1;
  }

  rowsBox.addEventListener('click', (event) => {
    const position = positionOf(event.target);
    if (position < 0) return;
    focusedIndex = position;
    reveal(position);
  });

  rowsBox.addEventListener('keydown', (event) => {
    const position = positionOf(event.target);
    if (position < 0) return;
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_HEIGHT) - 1);
    /** @type {Record<string, number>} */
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    const move = moves[event.key];
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(position);
    } else if (move !== undefined) {
      event.preventDefault();
      focusPosition(Math.min(view.length - 1, Math.max(0, position + move)));
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusPosition(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusPosition(view.length - 1);
    }
  });

  let scheduled = false;
  viewport.addEventListener('scroll', () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      renderRows(false);
    });
  });
  window.addEventListener('resize', () => renderRows(false));

  for (const name of /** @type {const} */ (['crawler', 'purpose', 'verification', 'verdict', 'status'])) {
    filterEls[name].addEventListener('change', () => {
      state.filters[name] = filterEls[name].value;
      save();
      viewport.scrollTop = 0;
      applyView();
    });
  }
  /** @type {number | undefined} */
  let pathTimer;
  filterEls.path.addEventListener('input', () => {
    window.clearTimeout(pathTimer);
    pathTimer = window.setTimeout(() => {
      state.filters.path = filterEls.path.value;
      save();
      viewport.scrollTop = 0;
      applyView();
    }, 150);
  });
  byId('filters').addEventListener('submit', (event) => event.preventDefault());

  /** @param {'csv' | 'jsonl'} format */
  function exportAs(format) {
    const all = view.length === rows.length;
    vscode.postMessage(all ? { type: 'export', format } : { type: 'export', format, indices: view.slice() });
  }
  byId('export-csv').addEventListener('click', () => exportAs('csv'));
  byId('export-jsonl').addEventListener('click', () => exportAs('jsonl'));
  byId('cancel').addEventListener('click', () => vscode.postMessage({ type: 'cancel' }));

  // ── messages from the extension ────────────────────────────────────────────────

  /**
   * @param {string} text
   * @param {number | null} fraction
   */
  function showProgress(text, fraction) {
    progressArea.hidden = false;
    if (fraction === null) progressBar.removeAttribute('value');
    else progressBar.value = fraction;
    progressText.textContent = text;
  }

  onMessage((/** @type {ReplayOut} */ message) => {
    switch (message.type) {
      case 'running':
        title.textContent = 'Access-log replay — ' + message.title;
        subtitle.textContent = 'Replaying ' + message.logFiles.join(', ') + '…';
        showProgress('Starting…', null);
        setStatus('');
        break;
      case 'progress': {
        const fraction = message.bytesTotal ? Math.min(1, (message.bytesRead ?? 0) / message.bytesTotal) : null;
        showProgress(formatCount(message.lines) + ' lines, ' + formatCount(message.requests) + ' requests' + (fraction === null ? '' : ' (' + Math.round(fraction * 100) + '%)'), fraction);
        break;
      }
      case 'result': {
        progressArea.hidden = true;
        title.textContent = 'Access-log replay — ' + message.title;
        const s = message.summary;
        subtitle.textContent =
          message.logFiles.join(', ') + ' · ' + (s.period.first ? s.period.first + ' … ' + s.period.last : 'no dated requests') + (message.hasIpLists ? ' · IP lists: ' + message.ranges : '');
        const notes = [];
        if (s.cancelled) notes.push('The replay was cancelled: the figures cover only what was read.');
        if (message.truncated) notes.push('Only the first ' + formatCount(message.rows.length) + ' requests are listed; the summary and chart cover ' + formatCount(s.totals.requests) + '.');
        for (const w of message.warnings) notes.push(w);
        setStatus(notes.join(' '), notes.length > 0 ? 'warning' : '');
        rows = message.rows;
        purposes = Array.isArray(message.purposes) ? message.purposes : [];
        renderReplayCards(cards, message.cards, () => vscode.postMessage({ type: 'refreshRanges' }));
        // The crawlers that fetched what robots.txt disallows them: rules at the server can refuse them that.
        enforce.hidden = message.enforceable.length === 0;
        // Short, so the cards and the chart stay in sight: the names are in its tooltip and the fold under it.
        enforceButton.textContent = 'Enforce for ' + plural(message.enforceable.length, 'crawler') + ' with violations…';
        enforceButton.title = 'Server rules that refuse ' + message.enforceable.join(', ') + ' what robots.txt disallows them';
        enforceNames.textContent = message.enforceable.join(', ') + '.';
        chartModel = message.chart;
        renderChart();
        renderFilters();
        applyView();
        break;
      }
      case 'error':
        progressArea.hidden = true;
        rows = [];
        cards.replaceChildren();
        enforce.hidden = true;
        chartModel = null;
        chart.replaceChildren();
        applyView();
        setStatus(message.message, 'error');
        break;
      case 'notice':
        setStatus(message.message, 'notice');
        break;
      case 'ranges': {
        // The IP list download: its progress, then what came of it (a failure stays on screen).
        setStatus(message.message, message.failed ? 'error' : 'notice');
        const button = document.getElementById('refresh-ranges');
        if (button instanceof HTMLButtonElement) button.disabled = message.busy === true;
        break;
      }
    }
  });

  // ── dropping a log onto the panel (the extension checks what it names) ──────────

  acceptDroppedLogs((uris, files) => vscode.postMessage({ type: 'drop', uris, files }));

  vscode.postMessage({ type: 'ready' });
})();
