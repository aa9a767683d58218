// A real HTTP site on 127.0.0.1 for the UI test: the packaged extension's language server runs on
// this machine, in code-server's extension host, so it fetches from here as from any site.
import http from 'node:http';

/**
 * Serves `robotsTxt` (a string: 200 text/plain) or answers every request with `status` (a number),
 * on a free port. Resolves to its origin and a close function.
 * @param {string | number} answer
 * @returns {Promise<{ origin: string, requests: string[], close: () => Promise<void> }>}
 */
export async function startLocalSite(answer) {
  /** @type {string[]} what was asked, so a test can tell the site was really fetched */
  const requests = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (typeof answer === 'string' && request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(answer);
    } else {
      response.writeHead(typeof answer === 'number' ? answer : 404, { 'content-type': 'text/plain' });
      response.end(typeof answer === 'number' ? 'Service temporarily unavailable' : 'not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the local site has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      // A kept-alive connection of the fetch would hold the close open.
      server.closeAllConnections();
    }),
  };
}
