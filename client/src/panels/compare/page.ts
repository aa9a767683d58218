/**
 * The comparison panel's page: a static shell; the data arrives by postMessage and
 * `media/compare.js` inserts it as text.
 */

import type { WebviewPage } from '../../webview-page';

export const comparePage: WebviewPage = {
  title: 'Compare robots.txt',
  script: 'compare.js',
  libraries: ['common.js'],
  style: 'compare.css',
  body: `  <header>
    <h1 id="title">Compare robots.txt</h1>
    <p id="summary" class="summary">Loading…</p>
  </header>
  <p id="status" role="status" aria-live="polite"></p>
  <!-- What the edit does to real traffic comes first; then the preference lines, then the paths per crawler. -->
  <section id="requests" hidden>
    <h2 id="requests-title"></h2>
    <div id="request-crawlers"></div>
    <p id="requests-note" class="muted"></p>
    <ul id="requests-warnings" class="warnings" hidden></ul>
  </section>
  <section id="preference-lines" hidden>
    <h2>Content-Signal and Content-Usage lines</h2>
    <ul id="preference-list" class="changes"></ul>
  </section>
  <div id="groups"></div>
  <section id="sitemaps">
    <h2>URLs listed in your sitemaps</h2>
    <p id="sitemaps-offer" class="muted"></p>
    <p class="sitemap-buttons"><button type="button" id="count-sitemaps" hidden></button> <button type="button" id="pick-sitemaps"></button></p>
    <div id="sitemaps-result" hidden>
      <p id="sitemaps-headline" class="summary"></p>
      <p id="sitemaps-read" class="muted"></p>
      <p id="sitemaps-allowed"></p>
      <ul id="sitemaps-errors" class="sitemap-errors"></ul>
      <div id="sitemap-crawlers"></div>
      <ul id="sitemaps-notices" class="muted"></ul>
    </div>
  </section>
  <p class="muted legend">Lines of the current version are links: click or press Enter to reveal them in the editor. Lines of the other version are named only.</p>`,
};
