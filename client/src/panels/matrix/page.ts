/**
 * The matrix webview's page: a static shell. It holds no data at all — the rows arrive by
 * postMessage and `media/matrix.js` inserts them as text — so nothing from the document or
 * a log can ever become markup here.
 */

import type { WebviewPage } from '../../webview-page';

export const matrixPage: WebviewPage = {
  title: 'Crawler matrix',
  script: 'matrix.js',
  libraries: ['common.js'],
  style: 'matrix.css',
  header: true,
  body: `  <form id="add-paths" class="toolbar" autocomplete="off">
    <label for="path-input">Add paths or URLs</label>
    <input id="path-input" type="text" spellcheck="false" placeholder="/checkout/ /blog/post?id=1">
    <button type="submit" class="primary">Add</button>
    <button type="button" id="reset-paths" class="secondary">Use the file's own paths</button>
    <button type="button" id="transpose" class="secondary" aria-pressed="false" title="Swap rows and columns: many paths read better down the page">Paths as rows</button>
  </form>
  <p id="status" role="status" aria-live="polite"></p>
  <div id="matrix" class="matrix-scroll"></div>
  <p id="summary" class="summary"></p>
  <p class="muted legend">✓ allowed, ✗ disallowed, – not applicable (in the cell's words when read aloud). Hover a cell for its verdict and the winning line; click it or press Enter to reveal that line in the editor. Arrow keys move between cells.</p>`,
};
