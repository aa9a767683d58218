/**
 * Node entry point of the language server: creates the connection for the transport the
 * client asked for on the command line (`--stdio`, `--node-ipc`, `--socket=…`) and starts
 * the server on it with the Node features. Nothing else belongs here.
 */

import { createConnection } from 'vscode-languageserver/node';
import { nodePlatform } from './node-platform';
import { startServer } from './start-server';

startServer(createConnection(), nodePlatform);
