import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const ROOT = join(__dirname, '..', '..');
const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const LOG = join(ROOT, 'examples', 'access.log');
/** What a snippet must never carry: C0 controls but the line feed, DEL and C1. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex -- the controls are what it looks for.

function scratch(name: string, text: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'robots-lens-enforce-')), name);
  writeFileSync(path, text);
  return path;
}

describe('robots-lens enforce', () => {
  const servers: [string, RegExp][] = [
    ['nginx', /^map "\$robots_lens_rules \$request_uri" \$robots_lens_block \{$/m],
    ['apache', /^RewriteCond %\{THE_REQUEST\} /m],
    ['haproxy', /^http-request deny deny_status 403 if \{ var\(txn\.robots_lens_verdict\) -m str block \}$/m],
    ['caddy', /^respond @robots_lens_block 403$/m],
    ['lighttpd', /^ {4}\$HTTP\["url"\] == "\/robots-lens-refused" \{ url\.access-deny = \( "" \) \}$/m],
    ['cloudflare', /^\(raw\.http\.request\.uri ne "\/robots\.txt" and /m],
  ];
  for (const [server, body] of servers) {
    test(`--server ${server}: a header saying what it refuses and how it plugs in, then the configuration`, async () => {
      const { code, stdout, stderr } = await runCli(['enforce', ROBOTS, '--server', server, '--crawlers', 'GPTBot,Bytespider']);
      assert.equal(code, 0, stderr);
      assert.match(stdout, /^# robots-lens enforce: server rules compiled from .*robots\.txt\.$/m);
      assert.match(stdout, /^# Answers 403 to a request whose User-Agent names GPTBot, Bytespider /m);
      assert.match(stdout, /^# GPTBot: the GPTBot group \(User-agent line 71\), 1 Disallow rule\.$/m);
      assert.match(stdout, body);
      assert.match(stderr, /^robots-lens enforce: cannot express exactly: /m, 'the limits are on stderr too');
      assert.doesNotMatch(stdout, CONTROL, 'no control bytes');
    });
  }

  test('--server lighttpd: the header and stderr say which targets lighttpd cannot read as sent, and the parse options it needs', async () => {
    const { code, stdout, stderr } = await runCli(['enforce', ROBOTS, '--server', 'lighttpd', '--crawlers', 'GPTBot']);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^# Keep %2F and dot segments as sent, .*server\.http-parseopts = \( "url-path-2f-decode" => "disable", "url-path-dotseg-remove" => "disable" \)$/m);
    for (const limit of [/A target with a raw " < > \[ \\ \] \^ ` \{ \| \} is read as lighttpd escapes it/, /A target that names \/robots\.txt with escapes of unreserved characters \(\/robots%2Etxt\) is never refused/, /A request of a crawler with rules to enforce whose path is \/robots-lens-refused .* is refused/]) {
      assert.match(stdout, new RegExp(`^# - ${limit.source}`, 'm'));
      assert.match(stderr, new RegExp(`^robots-lens enforce: cannot express exactly: ${limit.source}`, 'm'));
    }
    assert.match(stdout, /^\$HTTP\["useragent"\] =~ "\(\?i\)/m, 'the first recognition entry starts the chain');
    assert.match(stdout, /^else \$HTTP\["useragent"\] =~ "\(\?i\)/m, 'the others follow it with else');
  });

  test('--check on the example log: what the rules refuse per crawler, and 0 differences from robots.txt', async () => {
    const { code, stdout, stderr } = await runCli(['enforce', ROBOTS, '--server', 'nginx', '--crawlers', 'GPTBot,Bytespider', '--check', LOG]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /^4,004 requests in 1 log: the nginx rules would refuse 72 requests\.$/m);
    assert.match(stdout, /^ {2}GPTBot {6}85 requests, 72 refused$/m);
    assert.match(stdout, /^Every request is decided as robots\.txt decides it: 0 differences\.$/m);
  });

  test('--check --json: the same as JSON', async () => {
    const { code, stdout } = await runCli(['enforce', ROBOTS, '--server', 'caddy', '--crawlers', 'GPTBot', '--check', LOG, '--json']);
    assert.equal(code, 0);
    const result = JSON.parse(stdout) as { requests: number; blocked: number; differenceCount: number; crawlers: { token: string; requests: number; blocked: number }[] };
    assert.deepEqual([result.requests, result.blocked, result.differenceCount], [4004, 72, 0]);
    assert.deepEqual(result.crawlers, [{ token: 'GPTBot', requests: 85, blocked: 72 }]);
  });

  test('--check names a request the rules decide otherwise (a name a server cannot read as a whole product) and exits 1', async () => {
    const log = scratch('access.log', [
      '203.0.113.9 - - [23/Nov/2026:00:00:03 +0000] "GET /a HTTP/1.1" 200 1 "-" "GPTBot/1.2"',
      '203.0.113.9 - - [23/Nov/2026:00:00:04 +0000] "GET /a HTTP/1.1" 200 1 "-" "GPTBot.1"',
      '',
    ].join('\n'));
    const robots = scratch('robots.txt', 'User-agent: GPTBot\nDisallow: /\n');
    const { code, stdout } = await runCli(['enforce', robots, '--server', 'haproxy', '--crawlers', 'GPTBot', '--check', log]);
    assert.equal(code, 1);
    assert.match(stdout, /^1 request decided otherwise than robots\.txt:$/m);
    assert.match(stdout, /^ {2}\/a as "GPTBot\.1": the rules let it through, robots\.txt disallows it$/m);
  });

  test('rule text is printed as text: control bytes in a pattern never reach the output', async () => {
    const robots = scratch('robots.txt', Buffer.from('User-agent: GPTBot\nDisallow: /a\x1b[31mred\rX\x85\n', 'latin1'));
    const { code, stdout } = await runCli(['enforce', robots, '--server', 'nginx', '--crawlers', 'GPTBot']);
    assert.equal(code, 0);
    assert.doesNotMatch(stdout, CONTROL);
    assert.match(stdout, /# line 2: Disallow: \/a\\x1B\[31mred/);
  });

  test('--verified-only --ranges: a claim from outside the published ranges refused by the server\'s own address matching, the list dated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-ranges-'));
    writeFileSync(join(dir, 'gptbot.json'), JSON.stringify({ creationTime: '2026-12-01T00:00:00.000000', prefixes: [{ ipv4Prefix: '192.0.2.0/24' }, { ipv6Prefix: '2001:db8::/32' }] }));
    const expected: [string, RegExp][] = [
      ['nginx', /^geo \$robots_lens_from_1 \{\n {4}default 0;\n {4}192\.0\.2\.0\/24 1;\n {4}2001:db8::\/32 1;\n\}$/m],
      ['apache', /^RewriteCond expr "! -R '192\.0\.2\.0\/24' && ! -R '2001:db8::\/32'"$/m],
      ['haproxy', /^http-request deny deny_status 403 if \{ var\(txn\.robots_lens_rules\) -m end \.gptbot \} !\{ var\(txn\.robots_lens_verdict\) -m found \} !\{ src 192\.0\.2\.0\/24 2001:db8::\/32 \}$/m],
      ['caddy', /^ {4}not remote_ip 192\.0\.2\.0\/24 2001:db8::\/32$/m],
    ];
    for (const [server, line] of expected) {
      const { code, stdout, stderr } = await runCli(['enforce', ROBOTS, '--server', server, '--crawlers', 'GPTBot,Bytespider', '--verified-only', '--ranges', dir]);
      assert.equal(code, 0, stderr);
      assert.match(stdout, line, server);
      assert.match(stdout, /^# Note: --verified-only: GPTBot claimed from outside its 2 published prefixes is refused, whatever the URL; lists: gptbot\.json \(2026-12-01T00:00:00\.000000\)\.$/m);
      assert.match(stdout, /^# Note: --verified-only: no IP list for Bytespider: their claims are not checked\.$/m);
    }
  });

  const refusals: [string, string[], RegExp][] = [
    ['--ranges without --verified-only', ['--server', 'nginx', '--crawlers', 'GPTBot', '--ranges', '.'], /--ranges gives the IP lists for --verified-only; add --verified-only/],
    ['no scope', ['--server', 'nginx'], /say which crawlers to refuse: --crawlers GPTBot,Bytespider, --purpose ai-training, or --not-honouring/],
    ['no server', ['--crawlers', 'GPTBot'], /--server is needed: nginx, apache, haproxy, caddy, lighttpd, cloudflare/],
    ['an unknown server', ['--server', 'iis', '--crawlers', 'GPTBot'], /--server must be one of nginx, apache, haproxy, caddy, lighttpd, cloudflare \(got "iis"\)/],
    ['a crawler not in the catalogue', ['--server', 'nginx', '--crawlers', 'NoSuchBot'], /"NoSuchBot" is not in the crawler catalogue/],
    ['an unknown purpose', ['--server', 'nginx', '--purpose', 'gossip'], /--purpose "gossip" is not a crawler purpose/],
    ['a status that refuses nothing', ['--server', 'nginx', '--crawlers', 'GPTBot', '--status', '200'], /--status must be a status from 400 to 599/],
    ['a status lighttpd cannot give', ['--server', 'lighttpd', '--crawlers', 'GPTBot', '--status', '429'], /lighttpd's url\.access-deny answers 403 only: --status 429 would need a mod_magnet script/],
    ['only control tokens', ['--server', 'nginx', '--crawlers', 'Google-Extended'], /No crawler that sends requests is in scope/],
    ['--json without --check', ['--server', 'nginx', '--crawlers', 'GPTBot', '--json'], /--json is for --check/],
  ];
  for (const [what, args, message] of refusals) {
    test(`${what}: exit 2 with one clear sentence`, async () => {
      const { code, stdout, stderr } = await runCli(['enforce', ROBOTS, ...args]);
      assert.equal(code, 2);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
    });
  }

  test('a file that is not a log: exit 2 naming the formats tried', async () => {
    const notLog = scratch('notes.txt', 'hello\nworld\n');
    const { code, stderr } = await runCli(['enforce', ROBOTS, '--server', 'nginx', '--crawlers', 'GPTBot', '--check', notLog]);
    assert.equal(code, 2);
    assert.match(stderr, /no line could be read as an access log/);
  });
});
