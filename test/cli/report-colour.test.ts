import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { before, describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { GOOGLEBOT_LOG_LINE, scratchDir } from '../support/scratch';

/**
 * The reports the core formats (replay, fetch, check, diff) have their headings in bold and
 * check's verdict in the colour `test` gives it, on a terminal or with FORCE_COLOR; piped or
 * with NO_COLOR they carry no escape at all, and untrusted text in a coloured line is still
 * escaped.
 */

/* eslint-disable no-control-regex -- the colour codes are what is asserted */
const ESC = '\x1b';
const scratch = scratchDir('robots-lens-report-colour-');
const robots = scratch.file('robots.txt', 'User-agent: *\nDisallow: /private/\n');
// A file name with a screen-clearing escape in it: it reaches the diff's coloured title.
const hostile = scratch.file('new\x1b[2J.txt', 'User-agent: *\nDisallow: /\n');
const log = scratch.file('access.log', GOOGLEBOT_LOG_LINE);
const ranges = scratch.folder('ranges');
const COLOUR = { FORCE_COLOR: '1' };

let closed = '';
before(async () => {
  // A port nothing listens on any more: fetch and check get a refused connection at once.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('colour in the reports', () => {
  test('replay: the title, the sections and the tables\' header rows in bold', async () => {
    const { code, stdout } = await runCli(['replay', robots, log, '--ranges', ranges], { env: COLOUR });
    assert.equal(code, 0);
    assert.ok(stdout.startsWith('\x1b[1mrobots.txt replay\x1b[22m\n'), stdout.slice(0, 80));
    assert.match(stdout, /^\x1b\[1mcrawler {2,}verification {2,}requests .*\x1b\[22m$/m);
    assert.match(stdout, /^\x1b\[1mDisallowed URLs fetched anyway \(by claimed crawlers, spoofed included\):\x1b\[22m$/m);
  });

  test('check: the sections in bold and the verdict in its colour', async () => {
    const { stdout } = await runCli(['check', `${closed}/page`, '--agent', 'Googlebot', '--timeout', '5000'], { env: COLOUR });
    assert.match(stdout, /^\x1b\[1mCrawling \(robots\.txt .*\)\x1b\[22m$/m);
    assert.match(stdout, /^ {2}\x1b\[31mdisallowed\x1b\[39m {2}robots\.txt unreachable/m);
  });

  test('fetch and diff: the title in bold', async () => {
    const fetch = await runCli(['fetch', closed, '--timeout', '5000'], { env: COLOUR });
    assert.ok(fetch.stdout.startsWith(`\x1b[1mrobots.txt for ${closed}\x1b[22m\n`), fetch.stdout.slice(0, 80));
    assert.match(fetch.stdout, /^\x1b\[1mwhat crawlers do\x1b\[22m$/m);
    const diff = await runCli(['diff', robots, hostile], { env: COLOUR });
    assert.equal(diff.code, 0);
    assert.match(diff.stdout, /^\x1b\[1mrobots-lens diff .*robots\.txt → .*new\\x1b\[2J\.txt\x1b\[22m$/m, 'the file name is escaped inside the coloured title');
    assert.doesNotMatch(diff.stdout, /\x1b\[2J/);
  });

  test('piped or with NO_COLOR: no escape at all', async () => {
    for (const env of [{}, { FORCE_COLOR: '1', NO_COLOR: '1' }]) {
      const outputs = [
        await runCli(['replay', robots, log, '--ranges', ranges], { env }),
        await runCli(['check', `${closed}/page`, '--agent', 'Googlebot', '--timeout', '5000'], { env }),
        await runCli(['fetch', closed, '--timeout', '5000'], { env }),
        await runCli(['diff', robots, hostile], { env }),
      ];
      for (const { stdout } of outputs) assert.equal(stdout.includes(ESC), false, stdout.slice(0, 200));
    }
  });
});
