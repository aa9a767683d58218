/**
 * The AI access panel's page: a static shell; the data arrives by postMessage and
 * `media/ai-access.js` inserts it as text.
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
    <section aria-labelledby="purposes-heading">
      <h2 id="purposes-heading">Crawlers by purpose</h2>
      <p id="enforce" hidden><button type="button" id="enforce-button"></button> <span class="muted">Server rules (nginx, Apache, HAProxy, Caddy, Cloudflare) that refuse these crawlers what robots.txt disallows them.</span></p>
      <p class="muted legend">What each crawler of the catalogue may fetch under this robots.txt. "Nothing" and "everything" hold for every URL; the rest may fetch some paths. A crawler with several purposes is listed under each. Rules are what a compliant crawler enforces: a fetcher marked "user-initiated: may ignore robots.txt" acts for a person, and its operator does not say it follows them.</p>
      <div id="purposes"></div>
    </section>
    <section aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">AI-use preferences per path</h2>
      <p id="preferences-caption" class="muted"></p>
      <div id="preferences" class="table-scroll"></div>
    </section>
  </div>`,
};
