/** The Survey panel's page: a static shell; `media/survey.js` fills it with text. */

import type { WebviewPage } from '../../webview-page';

export const surveyPage: WebviewPage = {
  title: 'Survey',
  script: 'survey.js',
  libraries: ['common.js'],
  style: 'survey.css',
  body: `  <header>
    <h1>Sites surveyed</h1>
    <p id="subtitle" class="muted">Loading…</p>
  </header>
  <ul id="summary" role="status" aria-live="polite"></ul>
  <div class="scroll"><table id="matrix" class="survey"></table></div>
  <p id="detail" class="detail" aria-live="polite"></p>
  <p class="muted legend">"Whole site": every URL disallowed, proved from the rules or because robots.txt was unreachable. Focus a cell for its tested paths; click it to reveal the deciding line in the fetched file.</p>`,
};
