/**
 * The AI access panel's page: a static shell; the data arrives by postMessage and
 * `media/ai-access.js` inserts it as text. The answer comes first: one sentence per purpose,
 * then the offer to enforce, then the crawlers by purpose with the legend folded.
 */

import type { WebviewPage } from '../../webview-page';

export const aiAccessPage: WebviewPage = {
  title: 'AI access',
  script: 'ai-access.js',
  libraries: ['common.js'],
  style: 'ai-access.css',
  header: true,
  body: `  <p id="status" role="status" aria-live="polite"></p>
  <div id="content">
    <ul id="answer" class="answer" aria-label="What this robots.txt says, per purpose"></ul>
    <p id="decided-on" class="muted small"></p>
    <div id="enforce" hidden>
      <button type="button" id="enforce-button"></button>
      <details class="enforce-more muted small"><summary>Which crawlers, and what Enforce makes</summary><p id="enforce-names"></p><p>Server rules (nginx, Apache, HAProxy, Caddy, Cloudflare) that refuse these crawlers what robots.txt disallows them.</p></details>
    </div>
    <section aria-labelledby="purposes-heading">
      <h2 id="purposes-heading">Crawlers by purpose</h2>
      <details class="legend-fold"><summary class="muted small">What the words mean</summary>
      <p class="muted legend">What this robots.txt says to each crawler of the catalogue. "Kept out" and "may fetch everything" hold for every URL; "kept out of" names the paths. A crawler marked "may ignore robots.txt" is never counted as kept out: its operator (or the list it comes from) says it does not honour robots.txt, or it acts for a person and is not said to. Control tokens fetch nothing: a group naming one opts out, or the file does not state it.</p>
      </details>
      <div id="purposes"></div>
    </section>
    <section aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">AI-use preferences per path</h2>
      <p id="preferences-caption" class="muted"></p>
      <div id="preferences" class="table-scroll"></div>
    </section>
  </div>`,
};
