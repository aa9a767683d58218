import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseRobots } from '@robots-lens/kernel/parse';
import { normalizePattern, normalizeTarget } from '@robots-lens/kernel/encoding';
import { compilePattern, decide, matches } from '@robots-lens/kernel/match';
import { decodeRobotsBytes } from '@robots-lens/kernel/parse';

/**
 * A deliberately simple reference: dynamic programming over (pattern position, target
 * position), straight from the definition — `*` matches any sequence, a final `$` anchors
 * the end, a match of a prefix of the target is enough.
 */
function referenceMatches(pattern: string, target: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern).split('$').join('%24');
  // reach[j]: the pattern consumed so far can end at target position j.
  let reach = new Array<boolean>(target.length + 1).fill(false);
  reach[0] = true;
  for (const ch of body) {
    const next = new Array<boolean>(target.length + 1).fill(false);
    if (ch === '*') {
      let any = false;
      for (let j = 0; j <= target.length; j++) {
        any = any || reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < target.length; j++) if (reach[j] && target[j] === ch) next[j + 1] = true;
    }
    reach = next;
  }
  return anchored ? reach[target.length]! : reach.some(Boolean);
}

/** Reference decision: every matching rule, longest normalised pattern, Allow on ties. */
function referenceAllowed(rules: Array<{ allow: boolean; pattern: string }>, path: string): boolean {
  const target = normalizeTarget(path);
  let best: { allow: boolean; octets: number } | undefined;
  for (const rule of rules) {
    const normalized = normalizePattern(rule.pattern);
    if (normalized === '' || !referenceMatches(normalized, target)) continue;
    const octets = normalized.length;
    if (!best || octets > best.octets || (octets === best.octets && rule.allow)) best = { allow: rule.allow, octets };
  }
  return best ? best.allow : true;
}

const alphabet = ['/', 'a', 'b', 'ab', '.', '-', '?', '=', '&', '%2F', '%61', '%2f', 'ツ', '%', '$', '*'];
const patternArb = fc
  .array(fc.constantFrom(...alphabet), { maxLength: 8 })
  .map((parts) => '/' + parts.join(''));
const pathArb = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', '.', '-', '?', '=', '&', '%2F', '%61', '%2f', 'ツ', '%', '$', '*', 'index.html'), { maxLength: 10 })
  .map((parts) => '/' + parts.join(''));

describe('matcher agrees with the simple reference (fast-check)', () => {
  test('single pattern', () => {
    fc.assert(
      fc.property(patternArb, pathArb, (pattern, path) => {
        const normalized = normalizePattern(pattern);
        const target = normalizeTarget(path);
        assert.equal(matches(compilePattern(normalized), target), referenceMatches(normalized, target));
      }),
      { numRuns: 20_000 },
    );
  });

  test('whole groups: longest match, Allow on ties, empty rules ignored', () => {
    const ruleArb = fc.record({ allow: fc.boolean(), pattern: fc.oneof(patternArb, fc.constant('')) });
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 8 }), pathArb, (rules, path) => {
        // The index.html rule and /robots.txt are Google additions the reference leaves out.
        fc.pre(!rules.some((r) => r.allow && /\/index\.htm/.test(r.pattern)) && path !== '/robots.txt');
        const text = 'User-agent: *\n' + rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`).join('\n');
        const verdict = decide(parseRobots(text), path, 'SomeBot');
        assert.equal(verdict.allowed, referenceAllowed(rules, path), verdict.explanation);
      }),
      { numRuns: 5_000 },
    );
  });

  test('hostile patterns stay fast and correct', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 100, max: 3000 }), (stars, length) => {
        const pattern = '/' + '*a'.repeat(stars) + '*b';
        const target = '/' + 'a'.repeat(length);
        assert.equal(matches(compilePattern(pattern), target), false);
        assert.equal(matches(compilePattern(pattern), target + 'b'), true);
      }),
      { numRuns: 200 },
    );
  });
});

/** UTF-8 of decoded text, turning each surrogate escape (U+DC80…U+DCFF alone) back into its byte. */
function encodeEscaped(text: string): number[] {
  const utf8 = new TextEncoder();
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // The low half of a pair is consumed with its high half below, so this one stands alone.
    if (c >= 0xdc80 && c <= 0xdcff) {
      out.push(c - 0xdc00);
      continue;
    }
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    out.push(...utf8.encode(String.fromCodePoint(cp)));
  }
  return out;
}

describe('bytes decode without loss (fast-check)', () => {
  // Valid UTF-8 takes the runtime's decoder, anything else ours: both must keep every byte.
  const bodies = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => new TextEncoder().encode('x' + s)),
    // A BOM, then text that may start with a second one: only the first is skipped.
    fc.tuple(fc.boolean(), fc.string({ unit: 'grapheme', maxLength: 50 })).map(([twice, s]) => new TextEncoder().encode((twice ? '\uFEFF\uFEFF' : '\uFEFF') + s)),
    fc.tuple(fc.string({ unit: 'grapheme', maxLength: 100 }), fc.uint8Array({ maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 100 }))
      .map(([a, mid, b]) => new Uint8Array([...new TextEncoder().encode('x' + a), ...mid, ...new TextEncoder().encode(b)])),
  );
  test('every byte after the BOM comes back, invalid ones as their surrogate escape', () => {
    fc.assert(
      fc.property(bodies, (bytes) => {
        const decoded = decodeRobotsBytes(bytes);
        const bom = decoded.hadBom ? bytes.length - encodeEscaped(decoded.text).length : 0;
        assert.ok(bom >= 0 && bom <= 3);
        assert.deepEqual(encodeEscaped(decoded.text), [...bytes.subarray(bom)]);
      }),
      { numRuns: 3_000 },
    );
  });

  test('valid UTF-8 decodes to the text it encodes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        assert.equal(decodeRobotsBytes(new TextEncoder().encode('x' + text)).text, 'x' + text);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the parser never throws (fast-check)', () => {
  test('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const file = parseRobots(bytes);
        assert.ok(Array.isArray(file.lines));
        decide(file, '/a', 'Googlebot');
      }),
      { numRuns: 3_000 },
    );
  });

  test('random text built from robots.txt pieces', () => {
    const piece = fc.constantFrom(
      'User-agent:', 'useragent ', 'Disallow:', 'Allow', ': ', ' ', '\t', '\n', '\r', '\r\n', '#', '*', '$', '/', '%', '%2', '%7e', '%2F', 'é',
      'ツ', '\uFEFF', '\uD800', '\uDC80', 'Sitemap: ', 'Crawl-delay: 5', '<html>', 'Googlebot/2.1', '360Spider',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.string(), (pieces, path) => {
        const file = parseRobots(pieces.join(''));
        for (const group of file.groups) assert.ok(group.agents.length > 0);
        // The parser skips normalising plain patterns: what it keeps must be the normal form.
        for (const rule of [...file.groups.flatMap((g) => g.rules), ...file.orphanRules]) assert.equal(rule.normalized, normalizePattern(rule.pattern));
        decide(file, '/' + path, 'Googlebot-Image');
        decide(file, path, 'Mozilla/5.0 (compatible; bingbot/2.0)');
      }),
      { numRuns: 3_000 },
    );
  });

  test('full unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        parseRobots(text);
      }),
      { numRuns: 2_000 },
    );
  });

  test('a 10 MB file, a huge line and an HTML page', () => {
    const big = ('User-agent: bot' + '\nDisallow: /' + 'x'.repeat(90) + '\n').repeat(100_000);
    assert.ok(big.length > 10_000_000);
    const file = parseRobots(big);
    assert.ok(file.problems.some((p) => p.code === 'size-limit'));
    const huge = parseRobots('User-agent: *\nDisallow: /' + 'a'.repeat(5_000_000));
    assert.equal(huge.lines[1]!.truncated, true);
    const html = parseRobots('<!DOCTYPE html><html><head><title>404</title></head><body><p>Not found: robots.txt</p></body></html>');
    assert.equal(html.groups.length, 0);
  });
});

/** Percent-normalisation written the slow, obvious way: one character at a time. */
function referenceNormalize(raw: string, target: boolean): string {
  const bytes = (ch: string): string => [...new TextEncoder().encode(ch)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  let out = '';
  const chars = [...raw];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) {
      const byte = parseInt(chars[i + 1]! + chars[i + 2]!, 16);
      const decoded = String.fromCharCode(byte);
      out += /[A-Za-z0-9\-._~]/.test(decoded) ? decoded : '%' + (chars[i + 1]! + chars[i + 2]!).toUpperCase();
      i += 2;
    } else if (ch.codePointAt(0)! >= 0x80) {
      out += bytes(ch);
    } else if (target && ch === '*') {
      out += '%2A';
    } else if (target && ch === '$') {
      out += '%24';
    } else {
      out += ch;
    }
  }
  return out;
}

describe('normalisation agrees with a character-at-a-time reference (fast-check)', () => {
  const piece = fc.constantFrom('a', '/', '%', '%2f', '%2F', '%61', '%7e', '%zz', '%4', 'ツ', 'é', '😀', '*', '$', '?', '=', '~');
  test('patterns and targets', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const raw = parts.join('');
        assert.equal(normalizePattern(raw), referenceNormalize(raw, false));
        assert.equal(normalizeTarget(raw), referenceNormalize(raw, true));
      }),
      { numRuns: 5_000 },
    );
  });
});
