import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

/**
 * The replay summary counts in words that agree with their number: "1 request", never
 * "1 requests" or "request(s)", and the verb with it ("1 request was", "2 requests were").
 */

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-replay-words-'));
const robots = join(dir, 'robots.txt');
writeFileSync(robots, 'User-agent: *\nDisallow: /private/\n\nUser-agent: bingbot\nDisallow: /private/\nCrawl-delay: 5\n');
const ranges = join(dir, 'ranges');
mkdirSync(ranges);
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const line = (second: number, path: string, agent: string): string => `192.0.2.1 - - [24/Nov/2026:10:00:0${second} +0000] "GET ${path} HTTP/1.1" 200 10 "-" "${agent}"\n`;

function log(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('replay summary words', () => {
  test('one request by one crawler: every count in the singular', async () => {
    const { code, stdout } = await runCli(['replay', robots, log('one.log', line(0, '/private/a', GOOGLEBOT)), '--ranges', ranges]);
    assert.equal(code, 0);
    assert.match(stdout, /: combined \(.*\); 1 line, 1 request, 0 not parsed, /);
    assert.match(stdout, /IP lists: 0 lists from /);
    assert.match(stdout, /^1 request: 1 claims a catalogue crawler \(0 verified, 0 spoofed, 1 unverified\), 0 browsers, 0 other clients, /m);
    assert.match(stdout, /^Violations: 1 request by 1 crawler \(Googlebot\); 0 in grace\.$/m);
    assert.doesNotMatch(stdout, /\(s\)/);
  });

  test('Crawl-delay: one gap too short, and one request not checked', async () => {
    const twice = log('twice.log', line(0, '/a', BINGBOT) + line(1, '/b', BINGBOT));
    const claimed = await runCli(['replay', robots, twice, '--ranges', ranges, '--crawl-delay', '--crawl-delay-scope', 'claimed']);
    assert.match(claimed.stdout, /\): 1 gap shorter than the delay\.$/m);
    assert.match(claimed.stdout, /bingbot +Crawl-delay 5 s: 1 of 2 requests too soon/);
    const once = await runCli(['replay', robots, log('once.log', line(0, '/a', BINGBOT)), '--ranges', ranges, '--crawl-delay']);
    assert.match(once.stdout, /^ {2}1 request of these crawlers was not verified and not checked /m);
    for (const stdout of [claimed.stdout, once.stdout]) assert.doesNotMatch(stdout, /\(s\)/);
  });
});
