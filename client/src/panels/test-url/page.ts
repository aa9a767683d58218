/** Test URL's page: a static shell; `media/test-url.js` fills it with text. */

import type { WebviewPage } from '../../webview-page';

export const testUrlPage: WebviewPage = {
  title: 'Test URL',
  script: 'test-url.js',
  libraries: ['common.js'],
  style: 'test-url.css',
  header: true,
  body: `  <p id="summary" role="status" aria-live="polite"></p>
  <p id="fetch-state" class="notice" hidden></p>
  <div class="scroll"><table id="results" class="results"></table></div>
  <p class="muted legend">Click a winning line (or a group, when no rule decided) to reveal it in the editor. <button type="button" id="show-log" class="link">Show the log of every test</button></p>`,
};
