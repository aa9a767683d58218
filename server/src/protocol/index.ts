/**
 * The custom requests and notifications between the robots.txt Lens client and server,
 * declared once and imported by both sides (as rust-analyzer's `lsp_ext.ts`), one file per
 * family. Every param and result is a plain, JSON-serialisable shape declared in this folder:
 * nothing here imports the core, not even a type, so a change inside the core cannot change
 * the client's contract unnoticed. The server converts core values to these shapes
 * (`server/src/features/wire/`). Only `vscode-languageserver-protocol` is imported, so the
 * client bundle stays small.
 *
 * Lines are 0-based physical line numbers, as in LSP positions, unless a shape says 1-based.
 */

/** The settings section of the extension: the client reads `robotsLens.*`, the server `robotsLens.lint.<id>`. */
export const SETTINGS_SECTION = 'robotsLens';

export * from './common';
export * from './crawler';
export * from './fetched';
export * from './verdicts';
export * from './ai-access';
export * from './file-summary';
export * from './fetch';
export * from './check-url';
export * from './replay-summary';
export * from './replay';
export * from './diff';
export * from './sitemaps';
export * from './compare';
export * from './ip-lists';
export * from './block-ai';
export * from './survey';
