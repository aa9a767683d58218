// @ts-check
// The robots.txt comparison webview. Data arrives by postMessage from the extension and is
// inserted only as text (textContent, createElement): descriptions, paths and user agents are
// never parsed as markup. Plain browser JavaScript under a nonce-based CSP; common.js (loaded
// first) has the helpers.
/** @typedef {import('../client/src/panels/compare/messages').CompareIn} CompareIn */
/** @typedef {import('../client/src/panels/compare/messages').CompareOut} CompareOut */
/** @typedef {import('../client/src/panels/compare/view').CompareView} CompareView */
/** @typedef {import('../client/src/panels/compare/view').CompareChangeView} CompareChangeView */
/** @typedef {import('../client/src/panels/compare/requests-view').CompareRequestsView} CompareRequestsView */
/** @typedef {import('../client/src/panels/compare/requests-view').FlipExampleView} FlipExampleView */
/** @typedef {import('../client/src/panels/compare/sitemaps-view').CompareSitemapsView} CompareSitemapsView */
/** @typedef {import('../client/src/panels/compare/sitemaps-view').SitemapOfferView} SitemapOfferView */
(function () {
  'use strict';

  /** @type {VsCodeApi<CompareIn, never>} */
  const vscode = acquireVsCodeApi();
  const title = byId('title');
  const summary = byId('summary');
  const container = byId('groups');
  const requests = byId('requests');
  const requestsTitle = byId('requests-title');
  const requestCrawlers = byId('request-crawlers');
  const requestsNote = byId('requests-note');
  const requestsWarnings = byId('requests-warnings');
  const sitemapsOffer = byId('sitemaps-offer');
  const countSitemaps = byId('count-sitemaps', HTMLButtonElement);
  const pickSitemaps = byId('pick-sitemaps', HTMLButtonElement);
  const sitemapsResult = byId('sitemaps-result');
  const sitemapsHeadline = byId('sitemaps-headline');
  const sitemapsRead = byId('sitemaps-read');
  const sitemapsAllowed = byId('sitemaps-allowed');
  const sitemapsErrors = byId('sitemaps-errors');
  const sitemapCrawlers = byId('sitemap-crawlers');
  const sitemapsNotices = byId('sitemaps-notices');
  const preferenceLines = byId('preference-lines');
  const preferenceList = byId('preference-list');

  // Nothing is read until one of these is clicked: the extension then sends the comparison again.
  countSitemaps.addEventListener('click', () => vscode.postMessage({ type: 'countSitemaps' }));
  pickSitemaps.addEventListener('click', () => vscode.postMessage({ type: 'pickSitemaps' }));

  const KIND = { 'newly-disallowed': 'Newly disallowed', 'newly-allowed': 'Newly allowed' };

  /**
   * Descriptions mark paths and rules as code with backticks (`/blog/`, `Disallow: /`), as the
   * command line prints them: here they become code elements, still made only of text nodes.
   * @template {HTMLElement} T
   * @param {T} node
   * @param {string} text
   * @returns {T}
   */
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

  /** @param {number} line */
  function lineLink(line) {
    const link = el('button', 'line-link', 'line ' + line);
    link.type = 'button';
    link.title = 'Reveal line ' + line + ' in the editor';
    link.addEventListener('click', () => vscode.postMessage({ type: 'reveal', line }));
    return link;
  }

  /** @param {CompareChangeView} change */
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

  /** @param {CompareChangeView} change */
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

  /**
   * The logged requests decided differently: everything in them (paths, crawler names) comes
   * from the log, so it only ever becomes text content.
   * @param {CompareRequestsView | undefined} view
   */
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
    requestsWarnings.replaceChildren(...view.warnings.map((warning) => el('li', undefined, warning)));
    requestsWarnings.hidden = view.warnings.length === 0;
  }

  /** @param {readonly FlipExampleView[]} examples */
  function examplesTable(examples) {
    const table = el('table', 'flip-examples');
    table.append(tableHead(['Time (UTC)', 'Request', 'Before', 'Now']));
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

  /**
   * The URLs your sitemaps list that the edit flips: URLs, rules and errors come from fetched
   * files and the buffer, so they only ever become text content.
   * @param {SitemapOfferView} offer
   * @param {CompareSitemapsView | undefined} view
   */
  function renderSitemaps(offer, view) {
    countSitemaps.hidden = !offer.count;
    countSitemaps.textContent = offer.count ? offer.count.label : '';
    sitemapsOffer.textContent = offer.count ? offer.count.detail : 'This file has no Sitemap: line with an http(s) URL: pick sitemap files to count the URLs they list.';
    pickSitemaps.textContent = offer.pick;
    sitemapsResult.hidden = !view;
    for (const node of [sitemapsErrors, sitemapCrawlers, sitemapsNotices]) node.replaceChildren();
    if (!view) return;
    sitemapsHeadline.textContent = view.headline;
    sitemapsRead.textContent = view.read;
    sitemapsAllowed.textContent = view.allowed;
    for (const e of view.errors) {
      const li = el('li', 'sitemap-error');
      li.append(pathText(el('span', 'url'), e.location), document.createTextNode(': not read in full: ' + e.error));
      sitemapsErrors.append(li);
    }
    for (const crawler of view.crawlers) {
      const section = el('section', 'crawler-flips');
      section.append(el('h3', 'crawler', crawler.heading), el('p', 'flip-counts', crawler.counts));
      const list = el('ul', 'listed-examples');
      for (const example of crawler.examples) {
        const li = el('li', 'listed-example');
        li.append(pathText(el('span', 'url'), example.url), document.createTextNode(' — ' + example.kind + ' '));
        if (example.line === null) li.append(el('span', 'muted', '(no rule)'));
        else li.append(document.createTextNode('by '), lineLink(example.line), document.createTextNode(': '), el('code', undefined, example.rule));
        list.append(li);
      }
      if (crawler.examples.length > 0) section.append(list);
      sitemapCrawlers.append(section);
    }
    for (const notice of view.notices) sitemapsNotices.append(el('li', undefined, notice));
  }

  /**
   * Content-Signal and Content-Usage lines added or removed: a line of the buffer is a link, a
   * line of the other version is only named.
   * @param {CompareView['preferenceLines']} changes
   */
  function renderPreferenceLines(changes) {
    preferenceLines.hidden = changes.length === 0;
    preferenceList.replaceChildren(
      ...changes.map((change) => {
        const li = el('li', 'change preference-line ' + change.kind);
        const head = el('p', 'description');
        head.append(el('span', 'kind', change.kind === 'added' ? 'Added' : 'Removed'), document.createTextNode(': '), el('code', undefined, change.text), document.createTextNode(' ' + change.where + ' ('));
        head.append(change.kind === 'added' ? lineLink(change.line) : el('span', 'old-lines', 'old line ' + change.line), document.createTextNode(')'));
        li.append(head);
        return li;
      }),
    );
  }

  /** @param {CompareView} view */
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
        const where = el('p', 'lines');
        where.append(lineLink(s.line));
        li.append(withCode(el('p', 'description'), s.description), where);
        list.append(li);
      }
      section.append(list);
      container.append(section);
    }
    renderRequests(view.requests);
    renderPreferenceLines(view.preferenceLines);
    renderSitemaps(view.sitemapOffer, view.sitemaps);
  }

  onMessage((/** @type {CompareOut} */ message) => {
    if (message.type === 'compare' && message.view) render(message.view);
    else if (message.type === 'notice') setStatus(String(message.message || ''));
    else if (message.type === 'sitemaps-busy') countSitemaps.disabled = pickSitemaps.disabled = message.busy === true;
  });

  vscode.postMessage({ type: 'ready' });
})();
