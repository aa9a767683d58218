/**
 * The Cloudflare expression, checked two ways: its text for a small group exactly, and its
 * meaning by a parser of the part of the Rules language it uses (written here: `and`, `or`,
 * `not`, parentheses, `eq`/`ne`/`matches` on `http.user_agent` and `raw.http.request.uri`,
 * string literals) evaluated over requests against the matcher's verdict. Its expressions
 * must be Rust `regex` syntax: no look-around.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { decide } from '@robots-lens/kernel/match';
import { decodeUtf8Lossless, parseRobots } from '@robots-lens/kernel/parse';
import { cloudflareExpression, CLOUDFLARE_EXPRESSION_LIMIT, crawlersInScope, enforceSnippet, planEnforcement, serverRegex } from '../src';

type Request = { readonly userAgent: string; readonly uri: string };
type Node = (r: Request) => boolean;

/** Parses the expression into a predicate; throws on anything outside the subset. */
function parseExpression(text: string): { predicate: Node; regexes: string[] } {
  const tokens = [...text.matchAll(/\s*(\(|\)|"(?:[^"\\]|\\.)*"|[A-Za-z_.]+)/gy)].map((m) => m[1]!);
  assert.equal(tokens.join('').length, text.replace(/\s+/g, '').length + (text.match(/"(?:[^"\\]|\\.)*"/g) ?? []).reduce((n, s) => n + s.length - s.replace(/\s+/g, '').length, 0), 'every character is a token');
  const regexes: string[] = [];
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const take = (expected?: string): string => {
    const t = tokens[i++];
    if (t === undefined || (expected !== undefined && t !== expected)) throw new Error(`expected ${expected ?? 'a token'} at ${i - 1}, got ${t}`);
    return t;
  };
  const literal = (t: string): string => {
    if (!t.startsWith('"')) throw new Error(`expected a string, got ${t}`);
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  };
  const or = (): Node => {
    let left = and();
    while (peek() === 'or') {
      take();
      const l = left, r = and();
      left = (q) => l(q) || r(q);
    }
    return left;
  };
  const and = (): Node => {
    let left = unary();
    while (peek() === 'and') {
      take();
      const l = left, r = unary();
      left = (q) => l(q) && r(q);
    }
    return left;
  };
  const unary = (): Node => {
    if (peek() === 'not') {
      take();
      const inner = unary();
      return (q) => !inner(q);
    }
    if (peek() === '(') {
      take('(');
      const inner = or();
      take(')');
      return inner;
    }
    const field = take();
    const read = field === 'http.user_agent' ? (q: Request) => q.userAgent : field === 'raw.http.request.uri' ? (q: Request) => q.uri : undefined;
    if (!read) throw new Error(`unknown field ${field}`);
    const op = take();
    const value = literal(take());
    if (op === 'eq') return (q) => read(q) === value;
    if (op === 'ne') return (q) => read(q) !== value;
    if (op !== 'matches') throw new Error(`unknown operator ${op}`);
    regexes.push(value);
    const insensitive = value.startsWith('(?i)');
    const re = new RegExp(insensitive ? value.slice(4) : value, insensitive ? 'i' : '');
    return (q) => re.test(read(q));
  };
  const predicate = or();
  assert.equal(i, tokens.length, 'the whole expression is read');
  return { predicate, regexes };
}

const GPTBOT = CRAWLERS.find((c) => c.token === 'GPTBot')!;
const UA = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';

describe('--server cloudflare', () => {
  test('the decision part of the expression, exactly', () => {
    const plan = planEnforcement(parseRobots('User-agent: GPTBot\nDisallow: /private\nAllow: /private/open$\n'), [GPTBOT], serverRegex('cloudflare'));
    const expression = cloudflareExpression(plan);
    assert.ok(expression.startsWith('(raw.http.request.uri ne "/robots.txt" and (((http.user_agent matches "(?i)(?:^|[\\\\x09\\\\x20\\\\x28\\\\x3B\\\\x2B])(?:GPTBot)(?:[\\\\x09\\\\x20\\\\x2F\\\\x3B\\\\x29]|$)" and not http.user_agent matches "(?i)(?:(?:^|'), expression.slice(0, 200));
    assert.ok(expression.endsWith(' and (not raw.http.request.uri matches "^/(?:p|%70)(?:r|%72)(?:i|%69)(?:v|%76)(?:a|%61)(?:t|%74)(?:e|%65)/(?:o|%6[Ff])(?:p|%70)(?:e|%65)(?:n|%6[Ee])$" and raw.http.request.uri matches "^/(?:p|%70)(?:r|%72)(?:i|%69)(?:v|%76)(?:a|%61)(?:t|%74)(?:e|%65)"))))'), expression.slice(-300));
    assert.ok(expression.length <= CLOUDFLARE_EXPRESSION_LIMIT, `${expression.length} characters`);
  });

  test('the header states the plan and length limits', () => {
    const scope = crawlersInScope({ crawlers: ['GPTBot'] });
    assert.ok(scope.ok);
    const { text } = enforceSnippet(parseRobots('User-agent: GPTBot\nDisallow: /\n'), scope.crawlers, { server: 'cloudflare', status: 403, source: 'robots.txt' });
    assert.match(text, /^# - The matches operator \(regular expressions\) needs a Business or Enterprise plan\.$/m);
    assert.match(text, /^# - An expression is at most 4096 characters; this one has \d+\.$/m);
  });

  test('parsed and evaluated, the expression refuses exactly what robots.txt disallows (URLs it expresses exactly)', () => {
    const pieces = ['/', 'a', 'b', 'F', '2', '%', '%2F', '%62', '*', '$', '?', '=', '.', 'private', 'open', 'x'];
    const pattern = fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((p) => '/' + p.join(''));
    const rules = fc.array(fc.record({ allow: fc.boolean(), pattern }), { minLength: 1, maxLength: 5 });
    const target = fc.array(fc.constantFrom(...pieces), { maxLength: 7 }).map((p) => '/' + p.join(''));
    const agent = fc.constantFrom(UA, 'GPTBot', 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'Mozilla/5.0 (compatible; GPTBot/1.0) Googlebot-Image/1.0', 'xGPTBot');
    fc.assert(
      fc.property(rules, fc.array(fc.tuple(agent, target), { minLength: 1, maxLength: 10 }), (group, requests) => {
        const robots = `User-agent: GPTBot\n${group.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n')}\n`;
        const file = parseRobots(robots);
        const plan = planEnforcement(file, [GPTBOT], serverRegex('cloudflare'));
        const { predicate, regexes } = parseExpression(cloudflareExpression(plan));
        assert.ok(regexes.every((r) => !/\(\?<?[=!]/.test(r)), 'no look-around: Rust regex has none');
        const exact = plan.crawlers.every((c) => c.rules.every((r) => r.regex.exact));
        for (const [userAgent, uri] of requests) {
          if (!exact && uri.includes('%')) continue;
          const disallowed = decide(file, decodeUtf8Lossless(Buffer.from(uri, 'latin1')), userAgent).allowed === false;
          const inScope = /(?:^|[ (;])GPTBot(?:[/;) ]|$)/i.test(userAgent) && !userAgent.includes('Googlebot-Image');
          assert.equal(predicate({ userAgent, uri }), inScope && disallowed, `${uri} as ${userAgent} under ${JSON.stringify(robots)}`);
        }
      }),
      { numRuns: 150 },
    );
  });
});
