/**
 * Web worker entry point of the language server (vscode.dev, github.dev): speaks LSP over
 * the worker's messages and starts the same server with the features a browser allows.
 * Bundled by `npm run build` into `dist/web/server.js`, with no Node built-ins.
 */

import { BrowserMessageReader, createConnection } from 'vscode-languageserver/browser';
import { ReadIpListsRequest, ReadLogRequest } from './protocol';
import { startServer } from './start-server';
import { JsonMessageWriter } from './web/json-message-writer';
import { webPlatform } from './web/platform';

// The worker's global scope; typed from the reader so the server needs no DOM library.
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const connection = createConnection(new BrowserMessageReader(self), new JsonMessageWriter(self));
startServer(
  connection,
  webPlatform(
    (params, token) => connection.sendRequest(ReadLogRequest, params, token),
    (token) => connection.sendRequest(ReadIpListsRequest, {}, token),
  ),
);
