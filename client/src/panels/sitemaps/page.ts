/** The Sitemaps panel's page: a static shell; `media/sitemaps.js` fills it with text. */

import type { WebviewPage } from '../../webview-page';

export const sitemapsPage: WebviewPage = {
  title: 'Sitemaps',
  script: 'sitemaps.js',
  libraries: ['common.js'],
  style: 'test-url.css',
  body: `  <header>
    <h1>Sitemaps checked against robots.txt</h1>
    <p id="subtitle" class="muted">Loading…</p>
  </header>
  <p id="answer" role="status" aria-live="polite"></p>
  <p id="summary" class="muted"></p>
  <ul id="crawlers"></ul>
  <div id="notices"></div>
  <div class="scroll"><table id="blocked" class="results"></table></div>
  <p id="omitted" class="muted" hidden></p>
  <h2 class="small">Sitemaps read</h2>
  <ul id="sitemaps"></ul>
  <div id="aside-block" hidden><h2 class="small">Not decided by this robots.txt</h2><ul id="aside"></ul></div>
  <p class="muted legend">Click a deciding line to reveal it in the editor.</p>`,
};
