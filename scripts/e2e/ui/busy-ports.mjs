// Listening sockets opened while the workbench runs, as other programs open them on a busy machine:
// code-server watches every process's ports and, left to itself, forwards each new one (with an
// "Over 20 ports have been automatically forwarded" toast past twenty). The profile turns that off.
import net from 'node:net';

/**
 * Opens `count` listening sockets on 127.0.0.1 and keeps them open until close().
 * @param {number} count
 */
export async function openBusyPorts(count) {
  /** @type {net.Server[]} */
  const servers = [];
  for (let i = 0; i < count; i += 1) {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(undefined));
    });
    servers.push(server);
  }
  return {
    count,
    close: () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined))))),
  };
}
