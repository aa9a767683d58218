/**
 * Example paths a pattern does and does not match. Candidates are generated from the
 * pattern's own pieces, then every one is put to the real matcher (a one-rule robots.txt
 * decided by `RobotsMatcher`), so an example shown to a user can never be wrong.
 */

import { normalizePattern } from '@robots-lens/kernel/encoding';
import { indexHtmlPattern, matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { RuleKind } from '@robots-lens/kernel/parse';

export interface PatternExamples {
  /** Paths the pattern matches, verified. */
  readonly matching: readonly string[];
  /** Paths it does not match, verified; chosen to show where its edge lies. */
  readonly notMatching: readonly string[];
}

/** Patterns longer than this get no examples: they would not fit in a hover. */
const MAX_PATTERN_LENGTH = 300;

/** Fills a `*` with something plausible; the empty filler shows that `*` may match nothing. */
const FILLERS = ['file', 'docs/page', ''];

export function patternExamples(pattern: string, kind: RuleKind = 'disallow', limit = 3): PatternExamples {
  if (pattern.length > MAX_PATTERN_LENGTH) return { matching: [], notMatching: [] };
  const decides = ruleOracle(pattern, kind);
  const normalized = normalizePattern(pattern);
  const matching = pick(matchingCandidates(normalized, kind), decides, limit);
  const notMatching = pick(notMatchingCandidates(pattern, normalized, matching), (path) => !decides(path), limit);
  return { matching, notMatching };
}

/** Does the one rule `kind: pattern` decide `path`? Asked of the real matcher. */
export function ruleOracle(pattern: string, kind: RuleKind): (path: string) => boolean {
  const file = parseRobots(`User-agent: *\n${kind === 'allow' ? 'Allow' : 'Disallow'}: ${pattern}\n`);
  // A string no robots.txt line can hold (a line break, a `#`) has no rule to ask about.
  if (file.groups[0]?.rules[0]?.pattern !== pattern) return () => false;
  const matcher = matcherFor(file);
  const agent = matcher.resolve('*');
  return (path) => path.startsWith('/') && matcher.decide(path, agent).reason === 'rule';
}

function matchingCandidates(normalized: string, kind: RuleKind): string[] {
  if (normalized === '') return [];
  const anchored = normalized.endsWith('$');
  const body = anchored ? normalized.slice(0, -1) : normalized;
  const pieces = body.split('*');
  const out: string[] = [];
  for (const filler of FILLERS) {
    let base = pieces.join(filler);
    if (!base.startsWith('/')) base = '/' + base;
    if (anchored) {
      out.push(base);
      continue;
    }
    out.push(base);
    for (const suffix of suffixesAfter(base)) out.push(base + suffix);
  }
  // Google's reading of `Allow: /dir/index.html` is the surprise worth showing second.
  const implicit = kind === 'allow' ? indexHtmlPattern(normalized) : undefined;
  if (implicit !== undefined) out.splice(1, 0, implicit.slice(0, -1));
  return out;
}

/** What typically follows a prefix, so the examples read like real URLs. */
function suffixesAfter(base: string): string[] {
  if (base.endsWith('/')) return ['page.html', 'a/b?id=1'];
  if (base.endsWith('?')) return ['id=1'];
  if (base.endsWith('=') || base.endsWith('&')) return ['1'];
  return ['/page.html', '-old', '?q=1'];
}

function notMatchingCandidates(pattern: string, normalized: string, matching: readonly string[]): string[] {
  const out: string[] = [];
  if (normalized === '') return ['/', '/page.html'];
  if (!normalized.startsWith('/') && !normalized.startsWith('*')) {
    // Show what the author most likely meant, and that it is not matched.
    const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*(\/[^*$]*)?/.exec(normalized);
    out.push(url ? url[1] ?? '/' : '/' + normalized.replace(/[*$].*$/, ''));
    out.push('/');
    return out;
  }
  const anchored = normalized.endsWith('$');
  const body = anchored ? normalized.slice(0, -1) : normalized;
  const pieces = body.split('*');
  const prefix = pieces[0] ?? '';
  if (prefix.length > 1) out.push(prefix.slice(0, -1));
  const flipped = flipFirstLetter(prefix);
  if (flipped !== prefix) out.push(flipped);
  const example = matching[0];
  if (example !== undefined) {
    if (anchored) out.push(example + (example.includes('?') ? '&x=1' : '?x=1'), example + 'x');
    const last = [...pieces].reverse().find((p) => p !== '' && p !== '/');
    if (last !== undefined && pieces.length > 1) {
      const at = example.lastIndexOf(last);
      if (at >= 0) {
        out.push(example.slice(0, at) + example.slice(at + last.length));
        const flippedLast = flipFirstLetter(last);
        if (flippedLast !== last) out.push(example.slice(0, at) + flippedLast + example.slice(at + last.length));
      }
    }
  }
  out.push('/', '/other-page.html');
  if (pattern.includes('%')) out.push(pattern);
  return out;
}

/** Matching is case-sensitive: the first letter in the other case shows it. */
function flipFirstLetter(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    // Skip the hex digits of a percent-escape.
    if (c === '%') {
      i += 2;
      continue;
    }
    const lower = c.toLowerCase();
    const upper = c.toUpperCase();
    if (lower !== upper) return s.slice(0, i) + (c === lower ? upper : lower) + s.slice(i + 1);
  }
  return s;
}

function pick(candidates: readonly string[], keep: (path: string) => boolean, limit: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (out.length >= limit) break;
    if (seen.has(candidate) || candidate === '/robots.txt') continue;
    seen.add(candidate);
    if (keep(candidate)) out.push(candidate);
  }
  return out;
}
