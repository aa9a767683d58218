/**
 * The one page shell every webview of the extension uses: a strict Content-Security-Policy
 * with a fresh nonce, the stylesheet every panel shares (`media/base.css`), the panel's own
 * script and stylesheet from `media/`, and a static body. Data never goes into this HTML: it arrives by postMessage and the page script
 * inserts it as text, so nothing from a document or a log can become markup.
 */

import * as vscode from 'vscode';

export interface WebviewPage {
  readonly title: string;
  /** File names under `media/`. */
  readonly script: string;
  /** Scripts the panel's script uses, loaded before it (under the same nonce). */
  readonly libraries?: readonly string[];
  /** The panel's own rules, linked after `base.css`. */
  readonly style: string;
  /**
   * Opens the body with the usual header: the title as `h1#title`, and `p#subtitle`, which
   * the panel's script fills in ("Loading…" until then).
   */
  readonly header?: boolean;
  /** Static markup of the body, without the script tag (and the header, when `header` is set). */
  readonly body: string;
}

/** The stylesheet every panel links before its own: theme font and colours, margins, the title. */
const BASE_STYLE = 'base.css';

export function webviewPageHtml(webview: vscode.Webview, mediaRoot: vscode.Uri, page: WebviewPage): string {
  // Web Crypto: the same in Node and in a browser's extension host.
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const scripts = [...(page.libraries ?? []), page.script].map((name) => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, name)));
  const styles = [BASE_STYLE, page.style].map((name) => webview.asWebviewUri(vscode.Uri.joinPath(mediaRoot, name)));
  const csp = [`default-src 'none'`, `style-src ${webview.cspSource} 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles.map((style) => `  <link rel="stylesheet" nonce="${nonce}" href="${style.toString()}">`).join('\n')}
  <title>${page.title}</title>
</head>
<body>
${page.header ? `${pageHeader(page.title)}\n` : ''}${page.body}
${scripts.map((script) => `  <script nonce="${nonce}" src="${script.toString()}"></script>`).join('\n')}
</body>
</html>`;
}

function pageHeader(title: string): string {
  return `  <header>
    <h1 id="title">${title}</h1>
    <p id="subtitle" class="muted">Loading…</p>
  </header>`;
}
