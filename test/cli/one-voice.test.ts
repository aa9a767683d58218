/**
 * The CLI reads as one tool: `--json` for JSON in every command (lint's `--format json` an
 * alias), `--log-format` for log formats (replay's `--format` an alias that says it is
 * deprecated), `--agent` for crawlers (diff's `--crawlers` an alias), durations with units,
 * `--version` after a command, the editor's four crawlers when no `--agent` is given, and a
 * warning when URLs of one `test` are on several origins.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { DEFAULT_AGENTS } from '../../server/src/cli/options';
import { runCli } from '../support/cli';
import { ROOT } from '../support/dist';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-voice-'));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const robots = write('robots.txt', 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\nDissallow: /x\n');
const newer = write('robots.new.txt', 'User-agent: *\nDisallow: /private/\nDisallow: /blog/\n\nUser-agent: GPTBot\nDisallow: /\n');
const log = write('access.log', '66.249.66.1 - - [23/Nov/2026:00:00:01 +0000] "GET /blog/a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"\n');
const sitemap = write('sitemap.xml', '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://shop.test/private/a</loc></url></urlset>\n');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('one voice across commands: aliases give the same answer', () => {
  test('lint --json is lint --format json; --json with --format sarif is a usage error', async () => {
    const json = await runCli(['lint', robots, '--json']);
    const format = await runCli(['lint', robots, '--format', 'json']);
    assert.equal(json.stdout, format.stdout);
    assert.equal(json.code, format.code);
    assert.ok(Array.isArray(JSON.parse(json.stdout)));
    const both = await runCli(['lint', robots, '--json', '--format', 'sarif']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--json and --format sarif ask for two outputs: give one\./);
  });

  test('replay --log-format; --format still works and says on stderr that it is deprecated', async () => {
    const current = await runCli(['replay', robots, log, '--log-format', 'combined', '--json']);
    assert.equal(current.code, 0, current.stderr);
    assert.equal(current.stderr, '');
    const older = await runCli(['replay', robots, log, '--format', 'combined', '--json']);
    assert.equal(older.stdout, current.stdout);
    assert.equal(older.stderr, 'robots-lens replay: --format is deprecated; use --log-format combined.\n');
    const scan = await runCli(['replay-scan', robots, log, '--format', 'combined', '--out', join(dir, 'scan.json')]);
    assert.equal(scan.code, 0, scan.stderr);
    assert.match(scan.stderr, /^robots-lens replay-scan: --format is deprecated; use --log-format combined\.$/m);
    const disagree = await runCli(['replay', robots, log, '--format', 'combined', '--log-format', 'w3c']);
    assert.equal(disagree.code, 2);
    assert.match(disagree.stderr, /--format combined and --log-format w3c disagree: give --log-format only\./);
  });

  test('diff --agent is diff --crawlers; --agent takes a User-Agent header whole, commas and all', async () => {
    const agent = await runCli(['diff', robots, newer, '--agent', 'Googlebot', '--agent', 'GPTBot', '--json']);
    const crawlers = await runCli(['diff', robots, newer, '--crawlers', 'Googlebot,GPTBot', '--json']);
    assert.equal(agent.code, 0, agent.stderr);
    assert.equal(agent.stdout, crawlers.stdout);
    const header = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const whole = await runCli(['diff', robots, newer, '--agent', header, '--json']);
    assert.equal(whole.code, 0, whole.stderr);
    assert.equal((JSON.parse(whole.stdout) as { crawlers: unknown[] }).crawlers.length, 1);
  });

  const durations: Array<[string, number, RegExp | null]> = [
    ['10s', 0, null],
    ['500ms', 0, null],
    ['2m', 0, null],
    ['2000', 0, null], // a bare number is milliseconds, as before
    ['soon', 2, /--timeout: "soon" is not a duration such as 10s or 500ms \(a bare number is milliseconds\)\./],
    ['0', 2, /--timeout takes a whole number of 1 or more/],
    ['11m', 2, /--timeout takes at most 600000 ms \(10 minutes\), not "11m"\./],
  ];
  for (const [value, code, message] of durations) {
    test(`--timeout ${value}: ${code === 0 ? 'read' : 'refused'}`, async () => {
      const run = await runCli(['sitemaps', robots, sitemap, '--agent', 'Googlebot', '--timeout', value]);
      assert.equal(run.code, code, run.stderr);
      if (message) assert.match(run.stderr, message);
    });
  }

  for (const command of ['test', 'lint', 'diff', 'sitemaps', 'fetch']) {
    test(`robots-lens ${command} --version says the version`, async () => {
      const run = await runCli([command, '--version']);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, `robots-lens ${VERSION}\n`);
    });
  }

  test("replay's own --version (a robots.txt version) stays its own", async () => {
    const run = await runCli(['replay', robots, log, '--version']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /option --version needs a value/);
  });
});

describe("the editor's crawlers when no --agent is given", () => {
  test('the four are the extension\'s default Test URL crawlers', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, { default?: unknown }> } | Array<{ properties: Record<string, { default?: unknown }> }> } };
    const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const setting = sections.map((s) => s.properties['robotsLens.testUrl.defaultCrawlers']).find((p) => p !== undefined);
    assert.deepEqual(setting?.default, [...DEFAULT_AGENTS]);
  });

  test('test: one answer per crawler of the four, and stderr says which were taken', async () => {
    const run = await runCli(['test', robots, '/private/a']);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trimEnd().split('\n').map((l) => /\[([^\]]+)\]/.exec(l)?.[1]), ['Googlebot', 'bingbot', 'GPTBot', 'ClaudeBot']);
    assert.equal(run.stderr, 'robots-lens test: no --agent given: checking Googlebot, bingbot, GPTBot, ClaudeBot, as the editor does by default.\n');
  });
});

describe('test warns when its URLs are on several origins and no --origin is given', () => {
  const cases: Array<[string, string[], boolean]> = [
    ['two origins', ['https://a.test/private/x', 'https://b.test/private/x'], true],
    ['one origin and a path', ['https://a.test/private/x', '/private/y'], false],
    ['two origins with --origin', ['https://a.test/private/x', 'https://b.test/private/x', '--origin', 'https://a.test'], false],
  ];
  for (const [name, args, warns] of cases) {
    test(name, async () => {
      const run = await runCli(['test', robots, '--agent', 'Googlebot', ...args]);
      assert.equal(run.code, 0, run.stderr);
      const warning = /^robots-lens test: the URLs are on 2 origins \(https:\/\/a\.test, https:\/\/b\.test\), but one robots\.txt governs one origin; give --origin to answer "not applicable" for the others\.$/m;
      if (warns) assert.match(run.stderr, warning);
      else assert.doesNotMatch(run.stderr, /origins/);
    });
  }
});

describe('text output is plain text', () => {
  test('diff quotes rules and paths instead of marking them with Markdown backticks', async () => {
    const run = await runCli(['diff', robots, newer]);
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /`/);
    assert.match(run.stdout, /"\/blog\/"/);
  });

  test('replay --help says exactly what --fail-on violations fails on', async () => {
    const run = await runCli(['replay', '--help']);
    assert.match(run.stdout.replace(/\s+/g, ' '), /--fail-on violations exit 1 when a crawler not shown to be spoofed \(verified, or claimed and not disproved\) requested a URL the robots\.txt in effect disallowed, outside the cache grace; Crawl-delay gaps do not count/);
  });
});
