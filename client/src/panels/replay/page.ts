/**
 * The replay panel's page: a static shell; the data arrives by postMessage and
 * `media/replay.js` (with its libraries: the chart, the cards, the rows, dropped logs) inserts it
 * as text.
 */

import type { WebviewPage } from '../../webview-page';

export const replayPage: WebviewPage = {
  title: 'Access-log replay',
  script: 'replay.js',
  libraries: ['common.js', 'replay-chart.js', 'replay-cards.js', 'replay-rows.js', 'replay-drop.js'],
  style: 'replay.css',
  header: true,
  body: `  <div id="progress-area" hidden>
    <progress id="progress"></progress>
    <span id="progress-text" class="muted"></span>
    <button type="button" id="cancel" class="secondary">Cancel</button>
  </div>
  <p id="status" role="status" aria-live="polite"></p>
  <section id="cards" class="cards" aria-label="Summary"></section>
  <div id="enforce" hidden>
    <button type="button" id="enforce-button"></button>
    <details class="enforce-more muted"><summary>Which crawlers, and what Enforce makes</summary><p id="enforce-names"></p><p>Server rules (nginx, Apache, HAProxy, Caddy, Cloudflare) that refuse these crawlers what robots.txt disallows them.</p></details>
  </div>
  <section aria-label="Allowed and disallowed over time per crawler">
    <h2>Crawler requests over time</h2>
    <div id="chart" class="chart"></div>
  </section>
  <section aria-label="Requests">
    <h2>Requests</h2>
    <form id="filters" class="toolbar" autocomplete="off">
      <label>Crawler <select id="f-crawler"></select></label>
      <label>Purpose <select id="f-purpose"></select></label>
      <label>Verification <select id="f-verification"></select></label>
      <label>Verdict <select id="f-verdict"></select></label>
      <label>Status <select id="f-status"></select></label>
      <label class="grow">Path <input id="f-path" type="search" spellcheck="false" placeholder="contains…"></label>
      <button type="button" id="export-csv" class="secondary">Export CSV</button>
      <button type="button" id="export-jsonl" class="secondary">Export JSON lines</button>
    </form>
    <p id="count" class="muted"></p>
    <div id="table" class="table" role="table" aria-label="Replayed requests">
      <div id="viewport" class="viewport" tabindex="-1">
        <div id="table-head" class="row head" role="row"></div>
        <div id="spacer" class="spacer">
          <div id="rows" class="rows" role="rowgroup"></div>
        </div>
      </div>
    </div>
    <p class="muted legend">Click a row or press Enter on it to reveal the deciding rule in the editor. Arrow keys move between rows.</p>
  </section>`,
};
