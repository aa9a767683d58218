/**
 * Posts LSP messages as the JSON they are on the Node wire. `postMessage` clones objects
 * structurally: it ignores `toJSON` and drops getters on prototypes (a verdict's explanation,
 * for one), so a message is turned into its JSON form first, and both sides of a web worker
 * see exactly what the stdio and IPC transports carry.
 */

import { BrowserMessageWriter } from 'vscode-languageserver-protocol/browser';
import type { Message } from 'vscode-languageserver-protocol/browser';

export class JsonMessageWriter extends BrowserMessageWriter {
  override write(message: Message): Promise<void> {
    return super.write(JSON.parse(JSON.stringify(message)) as Message);
  }
}
