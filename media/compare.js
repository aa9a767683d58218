// The robots.txt comparison webview. Data arrives by postMessage from the extension and is
// inserted only as text (textContent, createElement): descriptions, paths and user agents are
// never parsed as markup. Plain browser JavaScript with no dependencies, under a nonce-based CSP.
/* global acquireVsCodeApi, document, window */
(function () {
  'use strict';

  const vscode = acquireVsCodeApi();
  const title = document.getElementById('title');
  const summary = document.getElementById('summary');
  const status = document.getElementById('status');
  const container = document.getElementById('groups');
  const requests = document.getElementById('requests');
  const requestsTitle = document.getElementById('requests-title');
  const requestCrawlers = document.getElementById('request-crawlers');
  const requestsNote = document.getElementById('requests-note');

  const KIND = { 'newly-disallowed': 'Newly disallowed', 'newly-allowed': 'Newly allowed' };

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  // Descriptions mark paths and rules as code with backticks (`/blog/`, `Disallow: /`), as the
  // command line prints them: here they become code elements, still made only of text nodes.
  function withCode(node, text) {
    const parts = String(text).split('`');
    // An odd count of backticks would leave a span open: such text is shown as it is.
    if (parts.length % 2 === 0) {
      node.append(document.createTextNode(String(text)));
      return node;
    }
    parts.forEach((part, i) => {
      if (part !== '') node.append(i % 2 === 1 ? el('code', undefined, part) : document.createTextNode(part));
    });
    return node;
  }

  // A request target wraps after its slashes and hyphens, never inside a word.
  function pathText(node, path) {
    String(path).split(/(?<=[/?&=])/).forEach((piece, i) => {
      if (i > 0) node.append(document.createElement('wbr'));
      node.append(document.createTextNode(piece));
    });
    return node;
  }

  function lineLink(line) {
    const link = el('button', 'line-link', 'line ' + line);
    link.type = 'button';
    link.title = 'Reveal line ' + line + ' in the editor';
    link.addEventListener('click', () => vscode.postMessage({ type: 'reveal', line }));
    return link;
  }

  function lines(change) {
    const p = el('p', 'lines');
    p.append(el('span', 'muted', 'Decided by: '));
    if (change.newLines.length === 0) p.append(el('span', 'muted', 'no rule now (allowed)'));
    change.newLines.forEach((line, i) => {
      if (i > 0) p.append(document.createTextNode(', '));
      p.append(lineLink(line));
    });
    p.append(el('span', 'muted', ' — before: '));
    const old = change.oldLines.length === 0 ? 'no rule (allowed)' : change.oldLines.map((line) => 'old line ' + line).join(', ');
    p.append(el('span', 'old-lines', old));
    return p;
  }

  function changeItem(change) {
    const li = el('li', 'change ' + change.kind);
    const head = el('p', 'description');
    head.append(el('span', 'kind', KIND[change.kind] || change.kind), document.createTextNode(': '));
    withCode(head, change.description);
    if (change.undecided) head.append(el('span', 'muted', ' (may change: not proved within the analysis budget)'));
    li.append(head);
    if (change.examples.length > 0) li.append(el('p', 'examples muted', 'e.g. ' + change.examples.join(', ')));
    li.append(lines(change));
    return li;
  }

  // The logged requests decided differently: everything in them (paths, crawler names) comes
  // from the log, so it only ever becomes text content.
  function renderRequests(view) {
    requestCrawlers.replaceChildren();
    requests.hidden = !view;
    if (!view) return;
    requestsTitle.textContent = view.title;
    for (const crawler of view.crawlers) {
      const section = el('section', 'crawler-flips');
      section.append(el('h3', 'crawler', crawler.crawler), el('p', 'flip-counts', crawler.counts));
      if (crawler.examples.length > 0) section.append(examplesTable(crawler.examples));
      requestCrawlers.append(section);
    }
    requestsNote.textContent = view.note;
  }

  function examplesTable(examples) {
    const table = el('table', 'flip-examples');
    const headRow = el('tr');
    for (const heading of ['Time (UTC)', 'Request', 'Before', 'Now']) headRow.append(el('th', undefined, heading));
    table.append(el('thead'));
    table.tHead.append(headRow);
    const body = el('tbody');
    for (const example of examples) {
      const now = el('td', 'now', example.now);
      if (example.newLine === null) now.append(document.createTextNode(' (no rule)'));
      else now.append(document.createTextNode(' by '), lineLink(example.newLine));
      const row = el('tr', 'flip-example');
      row.append(el('td', 'time', example.time), pathText(el('td', 'url'), example.url), el('td', 'before', example.before), now);
      body.append(row);
    }
    table.append(body);
    return table;
  }

  function render(view) {
    title.textContent = 'Compare ' + view.title;
    summary.textContent = view.summary;
    setStatus(view.logLeftOut || '');
    container.replaceChildren();
    if (view.groups.length === 0) container.append(el('p', 'muted', "No crawler's verdicts change."));
    for (const group of view.groups) {
      const section = el('section', 'group');
      section.append(el('h2', undefined, group.heading));
      if (group.groupChange) section.append(withCode(el('p', 'group-change', 'Group: '), group.groupChange));
      const list = el('ul', 'changes');
      for (const change of group.changes) list.append(changeItem(change));
      if (group.changes.length > 0) section.append(list);
      container.append(section);
    }
    if (view.shadowing.length > 0) {
      const section = el('section', 'group shadowing');
      section.append(el('h2', undefined, 'Rules that can no longer decide anything'));
      const list = el('ul', 'changes');
      for (const s of view.shadowing) {
        const li = el('li', 'change');
        li.append(withCode(el('p', 'description'), s.description), el('p', 'lines'));
        li.lastChild.append(lineLink(s.line));
        list.append(li);
      }
      section.append(list);
      container.append(section);
    }
    renderRequests(view.requests);
  }

  function setStatus(text) {
    status.textContent = text || '';
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'compare' && message.view) render(message.view);
    else if (message.type === 'notice') setStatus(String(message.message || ''));
  });

  vscode.postMessage({ type: 'ready' });
})();
