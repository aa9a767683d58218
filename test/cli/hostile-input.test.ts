import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli';

/**
 * Untrusted text — rule text, fetched files, pages, log paths, IP list fields — reaches a
 * terminal only with its control characters escaped; unusable input is an error (exit 2)
 * and never a report of nothing.
 */

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-hostile-'));
// ESC (a screen clear and a title), BEL, DEL and the C1 CSI, as a hostile file would carry them.
const HOSTILE = '\x1b[2J\x1b]0;owned\x07\x7f\u009b31m';
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex

const robots = join(dir, 'robots.txt');
writeFileSync(robots, `User-agent: *\nDisallow: /p${HOSTILE}\nDisallow: /p${HOSTILE}\nCrawl-delay: ${HOSTILE}\n`);
const plain = join(dir, 'plain.txt');
writeFileSync(plain, 'User-agent: *\nDisallow: /private/\n');

function assertNoRawControls(text: string): void {
  assert.doesNotMatch(text, RAW_CONTROL, JSON.stringify(text));
}

let server: http.Server;
let origin = '';
before(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`User-agent: evil${HOSTILE}\nDisallow: /x${HOSTILE}\nSitemap: https://example.test/s${HOSTILE}.xml\n`);
      return;
    }
    // HTTP headers cannot carry C0 controls; the page itself can.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex' });
    res.end(`<html><head><meta name="robots" content="noindex, ${HOSTILE}nofollow"></head><body>hi</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('control characters from untrusted text are escaped in every text output', () => {
  test('lint: rule text in messages', async () => {
    const { stdout } = await runCli(['lint', robots]);
    assert.match(stdout, /\\x1b\[2J\\x1b\]0;owned\\x07\\x7f\\x9b31m/);
    assertNoRawControls(stdout);
  });

  test('test: the winning rule', async () => {
    const { code, stdout } = await runCli(['test', robots, '--agent', 'x', `/p${HOSTILE}`]);
    assert.equal(code, 0);
    const shown = String.raw`\x1b[2J\x1b]0;owned\x07\x7f\x9b31m`;
    assert.equal(stdout, `disallowed  /p${shown}  [x]  line 2: Disallow: /p${shown}  group User-agent: * (line 1)\n`);
    assertNoRawControls(stdout);
  });

  test('test --json and --batch stay valid JSON with no raw control character', async () => {
    const json = await runCli(['test', robots, '--json', '--agent', 'x', `/p${HOSTILE}`]);
    assertNoRawControls(json.stdout);
    assert.equal((JSON.parse(json.stdout) as { rule: string }).rule, `Disallow: /p${HOSTILE}`);
    const batch = await runCli(['test', robots, '--batch'], { stdin: `${JSON.stringify({ agent: `x${HOSTILE}`, url: `/p${HOSTILE}` })}\n` });
    assertNoRawControls(batch.stdout);
    assert.equal((JSON.parse(batch.stdout) as { agent: string }).agent, `x${HOSTILE}`);
  });

  test('diff --log: the log path', async () => {
    const logDir = join(dir, `logs${HOSTILE}`);
    mkdirSync(logDir, { recursive: true });
    const log = join(logDir, 'access.log');
    writeFileSync(log, '66.249.66.1 - - [23/Nov/2026:00:00:01 +0000] "GET /private/a HTTP/1.1" 200 5 "-" "Googlebot/2.1"\n');
    const { code, stdout, stderr } = await runCli(['diff', plain, robots, '--log', log]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /logs\\x1b\[2J\\x1b\]0;owned\\x07\\x7f\\x9b31m\/access\.log/);
    assertNoRawControls(stdout);
  });

  test("ranges: a list's creationTime", async () => {
    const ranges = join(dir, 'ranges');
    mkdirSync(ranges, { recursive: true });
    writeFileSync(join(ranges, 'googlebot.json'), JSON.stringify({ creationTime: `2026${HOSTILE}`, prefixes: [{ ipv4Prefix: '66.249.64.0/19' }] }));
    const text = await runCli(['ranges', '--dir', ranges]);
    assert.match(text.stdout, /2026\\x1b\[2J/);
    assertNoRawControls(text.stdout);
    const json = await runCli(['ranges', '--dir', ranges, '--json']);
    assertNoRawControls(json.stdout);
    assert.equal((JSON.parse(json.stdout) as { lists: { creationTime: string }[] }).lists[0]!.creationTime, `2026${HOSTILE}`);
  });

  test('fetch: remote User-agent and Sitemap lines, text and JSON', async () => {
    const text = await runCli(['fetch', origin]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /\\x1b\[2J/);
    assertNoRawControls(text.stdout);
    const json = await runCli(['fetch', origin, '--json']);
    assertNoRawControls(json.stdout);
    assert.doesNotThrow(() => JSON.parse(json.stdout));
  });

  test("check: a page's meta robots and X-Robots-Tag", async () => {
    const text = await runCli(['check', `${origin}/page`, '--agent', 'Googlebot']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /<meta name="robots"> #1: noindex, \\x1b\[2J\\x1b\]0;owned\\x07\\x7f\\x9b31mnofollow/);
    assertNoRawControls(text.stdout);
    const json = await runCli(['check', `${origin}/page`, '--agent', 'Googlebot', '--json']);
    assertNoRawControls(json.stdout);
    assert.doesNotThrow(() => JSON.parse(json.stdout));
  });
});

describe('unusable input is an error, exit 2', () => {
  test('a binary file given as robots.txt to diff is refused', async () => {
    const png = join(dir, 'robots.png');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
    const noise = join(dir, 'noise.bin');
    writeFileSync(noise, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)));
    for (const [file, why] of [[png, /it holds a PNG image/], [noise, /binary data/]] as const) {
      const { code, stdout, stderr } = await runCli(['diff', plain, file]);
      assert.equal(code, 2, stdout);
      assert.match(stderr, /^robots-lens diff: .* is not a robots\.txt file: /);
      assert.match(stderr, why);
      assert.equal(stdout, '');
    }
  });

  test('lint /dev/zero ends with a finding instead of reading forever', { timeout: 60_000 }, async () => {
    const { code, stdout } = await runCli(['lint', '/dev/zero']);
    assert.equal(code, 1);
    assert.match(stdout, /^\/dev\/zero:1:1 error binary-file The file is binary data, not text \(it holds NUL bytes, so it is binary data\)/);
  });

  test('a file over the limit is read up to it, with its size said', async () => {
    const big = join(dir, 'big.txt');
    const rule = 'Disallow: /a-fairly-long-path-to-fill-the-file-with/\n';
    writeFileSync(big, 'User-agent: *\n' + rule.repeat(Math.ceil((2 * 1024 * 1024) / rule.length)));
    const size = (14 + rule.length * Math.ceil((2 * 1024 * 1024) / rule.length)).toLocaleString('en-US');
    const { stdout, stderr } = await runCli(['lint', '--format', 'json', big]);
    assert.match(stderr, new RegExp(`big\\.txt is ${size} bytes; only the first 577,536 bytes were read \\(crawlers read at most 500 KiB\\)`));
    const records = JSON.parse(stdout) as { code: string; line: number }[];
    assert.ok(records.some((r) => r.code === 'size-limit-file'), 'content past 500 KiB is still reported');
    const lastLine = Math.max(...records.map((r) => r.line));
    assert.ok(lastLine < 577_536 / rule.length + 2, `nothing past the bound is read (last line ${lastLine})`);
  });

  test('replay and replay-scan read a robots.txt, a snapshot and a --version file up to the bound too', async () => {
    const big = join(dir, 'replay-big.txt');
    const rule = 'Disallow: /a-fairly-long-path-to-fill-the-file-with/\n';
    writeFileSync(big, 'User-agent: *\n' + rule.repeat(Math.ceil((2 * 1024 * 1024) / rule.length)));
    const snapshots = join(dir, 'snapshots');
    mkdirSync(snapshots, { recursive: true });
    writeFileSync(join(snapshots, '2026-11-22T00-00-00Z.txt'), 'User-agent: *\n' + rule.repeat(Math.ceil((2 * 1024 * 1024) / rule.length)));
    const log = join(dir, 'replay-big.log');
    writeFileSync(log, '66.249.66.1 - - [23/Nov/2026:00:00:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "Googlebot/2.1"\n');
    const bounded = /is [\d,]+ bytes; only the first 577,536 bytes were read \(crawlers read at most 500 KiB\)/;
    for (const args of [
      ['replay', big, log],
      ['replay', snapshots, log],
      ['replay', plain, log, '--version', `${big}@2026-11-22T12:00:00Z`],
      ['replay-scan', big, log, '--out', '-'],
    ]) {
      const { code, stderr } = await runCli(args);
      assert.equal(code, 0, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, new RegExp(`^robots-lens ${args[0]}: .*${bounded.source}`, 'm'), args.join(' '));
    }
    const png = join(dir, 'replay-robots.png');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const { code, stderr } = await runCli(['replay', png, log]);
    assert.equal(code, 2);
    assert.match(stderr, /^robots-lens replay: .*replay-robots\.png is not a robots\.txt file: it holds a PNG image\.$/m);
  });

  test("an empty --agent ''", async () => {
    for (const args of [['test', plain, '--agent', '', '/x'], ['test', plain, '--agent', '  ', '/x'], ['check', 'https://example.test/', '--agent', '']]) {
      const { code, stdout, stderr } = await runCli(args);
      assert.equal(code, 2, stdout);
      assert.match(stderr, /--agent/);
      assert.equal(stdout, '');
    }
    const batch = await runCli(['test', plain, '--batch'], { stdin: '{"agent":"","url":"/x"}\n' });
    assert.deepEqual(JSON.parse(batch.stdout), { line: 1, error: '"agent" is empty: give a token like Googlebot, or a full User-Agent header' });
  });

  test('a log of which no line could be read: the formats tried and the first unreadable line', async () => {
    const log = join(dir, 'notes.txt');
    writeFileSync(log, `shopping list\x1b[31m\neggs\nmilk\n`);
    const auto = await runCli(['replay', plain, log]);
    assert.equal(auto.code, 2);
    assert.equal(auto.stdout, '');
    assert.match(auto.stderr, /notes\.txt: no line could be read as an access log \(formats tried: combined, common, json, w3c, alb, cloudfront, cloudflare\); first unreadable line 1: "shopping list\\x1b\[31m"/);
    const given = await runCli(['replay', plain, log, '--log-format', 'w3c']);
    assert.equal(given.code, 2);
    assert.match(given.stderr, /no line could be read as an access log \(read as w3c, as --log-format says\); first unreadable line 1/);
  });

  test('fetch whose host does not answer exits 1', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { code, stdout } = await runCli(['fetch', `http://127.0.0.1:${port}`]);
    assert.equal(code, 1);
    assert.match(stdout, /connection-refused/);
  });

  test('--timeout over the maximum is a usage error naming it', async () => {
    for (const command of [['fetch', 'example.test'], ['check', 'https://example.test/', '--agent', 'x']]) {
      const { code, stderr } = await runCli([...command, '--timeout', '2147483648']);
      assert.equal(code, 2);
      assert.match(stderr, /--timeout takes at most 600000 ms \(10 minutes\), not "2147483648"\./);
    }
    const ranges = await runCli(['ranges', '--refresh', '--dir', join(dir, 'none'), '--timeout', '99999m']);
    assert.equal(ranges.code, 2);
    assert.match(ranges.stderr, /--timeout takes at most 10m/);
  });
});

describe('test --batch: a line over the bound is answered, not read', () => {
  test('an error object for that line, and the next line is answered', async () => {
    const huge = JSON.stringify({ agent: 'x', url: '/' + 'a'.repeat(200 * 1024) });
    const stdin = `${huge}\n{"agent":"x","url":"/private/a"}\n`;
    const { code, stdout } = await runCli(['test', plain, '--batch'], { stdin });
    assert.equal(code, 0);
    const [first, second] = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(first, { line: 1, error: 'line longer than 65536 characters (the most a query may have); not read' });
    assert.equal(second!['allowed'], false);
  });
});
