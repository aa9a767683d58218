// The access-log replay webview. Every value from a log (user agents, paths, IPs) is
// untrusted: it is inserted only as text (textContent, createElement, createElementNS,
// setAttribute of numbers). Plain browser JavaScript with no dependencies, loaded under a
// nonce-based CSP. The table is virtualised: only the visible rows exist in the DOM.
/* global acquireVsCodeApi, document, window, requestAnimationFrame */
(function () {
  'use strict';

  const vscode = acquireVsCodeApi();
  const ROW_HEIGHT = 24;
  const OVERSCAN = 8;

  const $ = (id) => document.getElementById(id);
  const title = $('title');
  const subtitle = $('subtitle');
  const status = $('status');
  const progressArea = $('progress-area');
  const progressBar = $('progress');
  const progressText = $('progress-text');
  const cards = $('cards');
  const chart = $('chart');
  const count = $('count');
  const head = $('table-head');
  const viewport = $('viewport');
  const spacer = $('spacer');
  const rowsBox = $('rows');
  const filterEls = {
    crawler: $('f-crawler'),
    purpose: $('f-purpose'),
    verification: $('f-verification'),
    verdict: $('f-verdict'),
    status: $('f-status'),
    path: $('f-path'),
  };

  const COLUMNS = [
    { key: 't', label: 'Time', cls: 'c-time' },
    { key: 'c', label: 'Crawler', cls: 'c-crawler' },
    { key: 'p', label: 'Purpose', cls: 'c-purpose' },
    { key: 'v', label: 'Verification', cls: 'c-verification' },
    { key: 'a', label: 'Verdict', cls: 'c-verdict' },
    { key: 's', label: 'Status', cls: 'c-status' },
    { key: 'u', label: 'Path', cls: 'c-path' },
    { key: 'l', label: 'Line', cls: 'c-line' },
    { key: 'ip', label: 'IP', cls: 'c-ip' },
    { key: 'ua', label: 'User agent', cls: 'c-ua' },
  ];

  const saved = vscode.getState() || {};
  /** Filters and sorting survive re-runs (and reloads of the webview). */
  const state = {
    filters: Object.assign({ crawler: '', purpose: '', verification: '', verdict: '', status: '', path: '' }, saved.filters || {}),
    sort: saved.sort || { key: null, dir: 1 },
    chartExpanded: saved.chartExpanded === true,
  };
  let rows = [];
  /** The purposes the Purpose filter offers, in the catalogue's order. */
  let purposes = [];
  /** Indices into `rows` matching the filters, in display order. */
  let view = [];
  let focusedIndex = -1;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function fmt(n) {
    return typeof n === 'number' ? n.toLocaleString('en-US') : '';
  }

  function setStatus(text, kind) {
    status.textContent = text || '';
    status.className = kind || '';
  }

  function save() {
    vscode.setState({ filters: state.filters, sort: state.sort, chartExpanded: state.chartExpanded });
  }

  function verdictOf(row) {
    if (row.a === null) return 'n/a';
    return row.a ? 'allowed' : 'disallowed';
  }

  function verdictText(row) {
    if (row.a === null) return 'Not applicable';
    return (row.a ? 'Allowed' : 'Disallowed') + (row.x ? ' (violation)' : '');
  }

  function statusClass(s) {
    return s === null ? 'none' : Math.floor(s / 100) + 'xx';
  }

  // ── summary cards ──────────────────────────────────────────────────────────────

  function renderCards(list) {
    cards.replaceChildren(
      ...list.map((c) => {
        const box = el('div', 'card' + (c.kind ? ' ' + c.kind : ''));
        box.dataset.label = c.label;
        box.append(el('div', 'card-value', c.value), el('div', 'card-label', c.label));
        if (c.detail) box.append(el('div', 'card-detail muted', c.detail));
        if (c.action === 'refresh-ranges') {
          const button = el('button', 'secondary card-action', 'Refresh IP lists');
          button.type = 'button';
          button.id = 'refresh-ranges';
          button.title = 'Download the crawler IP lists from their official URLs (as robots-lens ranges --refresh does) and replay again';
          button.addEventListener('click', () => {
            button.disabled = true;
            vscode.postMessage({ type: 'refreshRanges' });
          });
          box.append(button);
        }
        return box;
      }),
    );
  }

  // ── chart: drawn by replay-chart.js across the panel's width ───────────────────

  let chartModel = null;
  function renderChart() {
    window.robotsLensReplayChart(chart, chartModel, state.chartExpanded, () => {
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

  function fillSelect(select, allLabel, values, current) {
    const options = [el('option', null, allLabel)];
    options[0].value = '';
    const list = values.slice();
    if (current && !list.includes(current)) list.push(current);
    for (const value of list) {
      const option = el('option', null, value.label || value);
      option.value = value.value || value;
      options.push(option);
    }
    select.replaceChildren(...options);
    select.value = current || '';
  }

  function renderFilters() {
    const crawlers = [...new Set(rows.map((r) => r.c))].sort((a, b) => a.localeCompare(b));
    const verifications = [...new Set(rows.map((r) => r.v))].sort();
    const statuses = [...new Set(rows.map((r) => statusClass(r.s)))].sort();
    fillSelect(filterEls.crawler, 'All clients', crawlers, state.filters.crawler);
    fillSelect(filterEls.purpose, 'Any', purposes, state.filters.purpose);
    fillSelect(filterEls.verification, 'Any', verifications, state.filters.verification);
    fillSelect(filterEls.verdict, 'Any', ['allowed', 'disallowed', 'violation', 'n/a'], state.filters.verdict);
    fillSelect(filterEls.status, 'Any', statuses, state.filters.status);
    filterEls.path.value = state.filters.path;
  }

  function matches(row) {
    const f = state.filters;
    if (f.crawler && row.c !== f.crawler) return false;
    // A crawler of several purposes matches each of them, as the summary counts it under each.
    if (f.purpose && !(row.p ? row.p.split(', ') : []).includes(f.purpose)) return false;
    if (f.verification && row.v !== f.verification) return false;
    if (f.verdict) {
      if (f.verdict === 'violation') {
        if (!row.x) return false;
      } else if (verdictOf(row) !== f.verdict) return false;
    }
    if (f.status && statusClass(row.s) !== f.status) return false;
    if (f.path && !row.u.toLowerCase().includes(f.path.toLowerCase())) return false;
    return true;
  }

  function compare(key) {
    return (i, j) => {
      const a = rows[i][key];
      const b = rows[j][key];
      if (a === b) return i - j;
      if (a === null || a === undefined) return 1;
      if (b === null || b === undefined) return -1;
      if (typeof a === 'string') return a < b ? -1 : 1;
      return Number(a) - Number(b);
    };
  }

  function applyView() {
    view = [];
    for (let i = 0; i < rows.length; i++) if (matches(rows[i])) view.push(i);
    if (state.sort.key) {
      const cmp = compare(state.sort.key);
      const dir = state.sort.dir;
      view.sort((i, j) => dir * cmp(i, j));
    }
    count.textContent = fmt(view.length) + ' of ' + fmt(rows.length) + ' requests shown';
    spacer.style.height = view.length * ROW_HEIGHT + 'px';
    renderHead();
    renderRows(true);
  }

  // ── table ──────────────────────────────────────────────────────────────────────

  function renderHead() {
    head.replaceChildren(
      ...COLUMNS.map((column) => {
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

  function rowElement(position) {
    const index = view[position];
    const row = rows[index];
    const node = el('div', 'row ' + verdictOf(row).replace('/', '') + (row.x ? ' violation' : ''));
    node.setAttribute('role', 'row');
    node.tabIndex = 0;
    node.style.top = position * ROW_HEIGHT + 'px';
    node.dataset.position = String(position);
    node.title = row.l === null ? 'No rule decided (' + verdictText(row).toLowerCase() + ')' : 'Line ' + row.l + ': ' + (row.r || '') + ' — click or Enter to reveal';
    const values = [
      row.t.replace('T', ' ').replace('Z', ''),
      row.c,
      row.p || '–',
      row.v,
      verdictText(row),
      row.s === null ? '–' : row.s,
      row.m + ' ' + row.u,
      row.l === null ? '–' : row.l,
      row.ip,
      row.ua,
    ];
    COLUMNS.forEach((column, i) => {
      const cell = el('div', 'cell ' + column.cls, values[i]);
      cell.setAttribute('role', 'cell');
      node.append(cell);
    });
    return node;
  }

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
    for (let p = from; p < to; p++) nodes.push(rowElement(p));
    rowsBox.replaceChildren(...nodes);
    if (focusedIndex >= 0) {
      const target = rowsBox.querySelector('[data-position="' + focusedIndex + '"]');
      if (target && document.activeElement !== target && viewport.contains(document.activeElement)) target.focus({ preventScroll: true });
    }
    vscode.postMessage({ type: 'rendered', matching: view.length, inDom: nodes.length });
  }

  function focusPosition(position) {
    if (position < 0 || position >= view.length) return;
    focusedIndex = position;
    const top = head.offsetHeight + position * ROW_HEIGHT;
    if (top - head.offsetHeight < viewport.scrollTop) viewport.scrollTop = top - head.offsetHeight;
    else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
    renderRows(false);
    const target = rowsBox.querySelector('[data-position="' + position + '"]');
    if (target) target.focus({ preventScroll: true });
  }

  function reveal(position) {
    const index = view[position];
    if (index === undefined) return;
    if (rows[index].l === null) {
      setStatus('No rule decided this request (' + verdictText(rows[index]).toLowerCase() + '): nothing to reveal.');
      return;
    }
    vscode.postMessage({ type: 'reveal', index });
  }

  function positionOf(target) {
    const row = target && target.closest ? target.closest('.row[data-position]') : null;
    return row ? Number(row.dataset.position) : -1;
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
    const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal(position);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      focusPosition(Math.min(view.length - 1, Math.max(0, position + moves[event.key])));
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

  for (const name of ['crawler', 'purpose', 'verification', 'verdict', 'status']) {
    filterEls[name].addEventListener('change', () => {
      state.filters[name] = filterEls[name].value;
      save();
      viewport.scrollTop = 0;
      applyView();
    });
  }
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
  $('filters').addEventListener('submit', (event) => event.preventDefault());

  function exportAs(format) {
    const all = view.length === rows.length;
    vscode.postMessage(all ? { type: 'export', format } : { type: 'export', format, indices: view.slice() });
  }
  $('export-csv').addEventListener('click', () => exportAs('csv'));
  $('export-jsonl').addEventListener('click', () => exportAs('jsonl'));
  $('cancel').addEventListener('click', () => vscode.postMessage({ type: 'cancel' }));

  // ── messages from the extension ────────────────────────────────────────────────

  function showProgress(text, fraction) {
    progressArea.hidden = false;
    if (fraction === null) progressBar.removeAttribute('value');
    else progressBar.value = fraction;
    progressText.textContent = text;
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    switch (message.type) {
      case 'running':
        title.textContent = 'Access-log replay — ' + message.title;
        subtitle.textContent = 'Replaying ' + message.logFiles.join(', ') + '…';
        showProgress('Starting…', null);
        setStatus('');
        break;
      case 'progress': {
        const fraction = message.bytesTotal ? Math.min(1, message.bytesRead / message.bytesTotal) : null;
        showProgress(fmt(message.lines) + ' lines, ' + fmt(message.requests) + ' requests' + (fraction === null ? '' : ' (' + Math.round(fraction * 100) + '%)'), fraction);
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
        if (message.truncated) notes.push('Only the first ' + fmt(message.rows.length) + ' requests are listed; the summary and chart cover ' + fmt(s.totals.requests) + '.');
        for (const w of message.warnings) notes.push(w);
        setStatus(notes.join(' '), notes.length > 0 ? 'warning' : '');
        rows = message.rows;
        purposes = Array.isArray(message.purposes) ? message.purposes : [];
        renderCards(message.cards);
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
        const button = $('refresh-ranges');
        if (button) button.disabled = message.busy === true;
        break;
      }
    }
  });

  // ── dropping a log onto the panel ──────────────────────────────────────────────
  // VS Code hands a drag from its Explorer (hold Shift in an editor area) to the webview as a
  // URI list; the extension checks each URI before replaying it. A file dragged in from the
  // operating system carries no path a webview may see, so it gets an explanation instead.

  function droppedUris(data) {
    const uris = [];
    for (const type of ['application/vnd.code.uri-list', 'text/uri-list']) {
      const text = data.getData(type);
      if (!text) continue;
      for (const line of text.split(/\r?\n/)) {
        const uri = line.trim();
        if (uri !== '' && !uri.startsWith('#') && !uris.includes(uri)) uris.push(uri);
      }
    }
    return uris;
  }

  document.addEventListener('dragover', (event) => {
    event.preventDefault();
    document.body.classList.add('dropping');
  });
  document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    document.body.classList.remove('dropping');
    const data = event.dataTransfer;
    if (!data) return;
    const uris = droppedUris(data);
    const names = Array.from(data.files || []).map((file) => file.name);
    vscode.postMessage({ type: 'drop', uris, files: names });
  });

  vscode.postMessage({ type: 'ready' });
})();
