/**
 * The real web worker language server (`dist/web/server.js`) in real headless Chromium: a
 * page served from 127.0.0.1 starts the bundle as a `Worker`, and its messages are bridged
 * to a real LSP client connection here. What the worker posts reaches the connection's
 * reader; what the connection writes is posted to the worker, in order.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { AbstractMessageReader, AbstractMessageWriter, createProtocolConnection } from 'vscode-languageserver-protocol/node';
import type { DataCallback, Disposable, Message, MessageReader, MessageWriter, ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { launchChromium } from '../../scripts/e2e/chromium.mjs';
import { ROOT, requireBuilt } from './dist';

export const WEB_SERVER = join(ROOT, 'dist', 'web', 'server.js');

const PAGE = `<!DOCTYPE html><meta charset="utf-8"><title>robots.txt Lens worker</title>
<script>
  window.worker = new Worker('/server.js', { name: 'robots.txt Lens Language Server' });
  window.workerErrors = [];
  worker.onmessage = (event) => window.toClient(event.data);
  worker.onerror = (event) => window.workerErrors.push(String(event.message));
</script>`;

export interface WorkerServer {
  readonly connection: ProtocolConnection;
  readonly page: Page;
  /** Errors the worker raised (uncaught), for failure messages. */
  workerErrors(): Promise<string[]>;
  stop(): Promise<void>;
}

class PageReader extends AbstractMessageReader implements MessageReader {
  private callback: DataCallback | undefined;
  private readonly early: Message[] = [];
  deliver(message: Message): void {
    if (this.callback) this.callback(message);
    else this.early.push(message);
  }
  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    for (const message of this.early.splice(0)) callback(message);
    return { dispose: () => (this.callback = undefined) };
  }
}

class PageWriter extends AbstractMessageWriter implements MessageWriter {
  private last: Promise<void> = Promise.resolve();
  constructor(private readonly page: Page) {
    super();
  }
  write(message: Message): Promise<void> {
    // One post after the other: the LSP needs the order kept.
    this.last = this.last.then(() => this.page.evaluate((m) => (window as unknown as { worker: Worker }).worker.postMessage(m), message as unknown as object));
    return this.last;
  }
  end(): void {}
}

/** Serves the page and the worker bundle on 127.0.0.1, opens it in Chromium and connects. */
export async function startWorkerServer(): Promise<WorkerServer> {
  const script = readFileSync(requireBuilt(WEB_SERVER));
  const server = http.createServer((request, response) => {
    if (request.url === '/server.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const reader = new PageReader();
    await page.exposeFunction('toClient', (message: Message) => reader.deliver(message));
    await page.goto(`http://127.0.0.1:${port}/`);
    const connection = createProtocolConnection(reader, new PageWriter(page));
    const opened = browser;
    return {
      connection,
      page,
      workerErrors: () => page.evaluate(() => (window as unknown as { workerErrors: string[] }).workerErrors),
      async stop() {
        connection.dispose();
        await opened.close();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
