/**
 * The lighttpd text: what the header promises about the status, and that every expression
 * stays inside its config string (lighttpd's strings end at a `"`). Its meaning is proved on a
 * real lighttpd in test/node/enforce-servers.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { crawlersInScope, enforceSnippet } from '../src';

const ROBOTS = parseRobots('User-agent: GPTBot\nDisallow: /a"b\nAllow: /a%22b/ok\nDisallow: /*?q=\\x\n\nUser-agent: *\nDisallow: /private\n');

function snippet(status: number, crawlers = ['GPTBot', 'Bytespider']): string {
  const scope = crawlersInScope({ crawlers });
  assert.ok(scope.ok);
  return enforceSnippet(ROBOTS, scope.crawlers, { server: 'lighttpd', status, source: 'robots.txt' }).text;
}

describe('enforce --server lighttpd', () => {
  test('another status than 403: the header says 403, what the rules really answer, and why', () => {
    const text = snippet(429);
    assert.match(text, /^# Answers 403 to a request whose User-Agent names GPTBot, Bytespider /m);
    assert.match(text, /^# - url\.access-deny answers 403: --status 429 cannot be given without a mod_magnet script, so refused requests get 403\.$/m);
    assert.doesNotMatch(snippet(403), /--status/);
  });

  test('each crawler with rules gets its rewrite list and the deny; the first recognition entry starts the else chain', () => {
    const text = snippet(403);
    const conditions = text.split('\n').filter((l) => /\$HTTP\["useragent"\]/.test(l));
    assert.ok(conditions.length >= 2);
    assert.ok(conditions[0]!.startsWith('$HTTP["useragent"] =~ "(?i)'), conditions[0]);
    for (const c of conditions.slice(1)) assert.ok(c.startsWith('else $HTTP["useragent"] =~ "(?i)'), c);
    assert.equal(text.match(/^ {4}url\.rewrite-once = \($/gm)?.length, 2, 'GPTBot and Bytespider, each in its rule set');
    assert.equal(text.match(/^ {4}\$HTTP\["url"\] == "\/robots-lens-refused" \{ url\.access-deny = \( "" \) \}$/gm)?.length, 2);
  });

  test('no expression carries a quote or ends its string early, whatever robots.txt holds', () => {
    for (const line of snippet(403).split('\n')) {
      if (line.startsWith('#') || line.trim().startsWith('#')) continue;
      // Every string is "...": quotes come in pairs and none is escaped inside.
      assert.equal((line.match(/"/g) ?? []).length % 2, 0, line);
      assert.doesNotMatch(line, /\\"/, line);
    }
  });
});
