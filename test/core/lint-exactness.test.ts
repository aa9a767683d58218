import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import { normalizePattern, normalizeTarget } from '@robots-lens/kernel/encoding';
import { compilePattern, contains, decide, intersects, matches, patternLanguage } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { allStrings } from '../support/strings';

/**
 * Shadowed and redundant are claims about every URL, so they are checked against the
 * matcher itself: a shadowed rule never decides, and removing one redundant rule changes
 * no verdict. Patterns and paths come from a small alphabet so that the interesting
 * overlaps (`/a` vs `/a*`, `$` at the end or inside) happen often, and every path up to a
 * length is tried, plus random longer ones.
 */

interface RuleSpec {
  readonly allow: boolean;
  readonly pattern: string;
}

const PATTERN_CHARS = ['/', 'a', 'b', '*', '$'] as const;
const PATH_CHARS = ['/', 'a', 'b', 'c', '*', '$'] as const;

const patternArb = fc.oneof(
  { weight: 9, arbitrary: fc.array(fc.constantFrom(...PATTERN_CHARS), { maxLength: 5 }).map((cs) => '/' + cs.join('')) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...PATTERN_CHARS), { minLength: 1, maxLength: 4 }).map((cs) => cs.join('')) },
);
const ruleArb = fc.record({ allow: fc.boolean(), pattern: patternArb });
const rulesArb = fc.array(ruleArb, { minLength: 1, maxLength: 8 });
const longPathsArb = fc.array(
  fc.array(fc.constantFrom(...PATH_CHARS), { minLength: 5, maxLength: 10 }).map((cs) => '/' + cs.join('')),
  { maxLength: 30 },
);

/** Every path `/` + up to three characters of the path alphabet. */
const SHORT_PATHS: readonly string[] = allStrings(PATH_CHARS, 3).map((p) => '/' + p);

function ruleLine(rule: RuleSpec): string {
  return `${rule.allow ? 'Allow' : 'Disallow'}: ${rule.pattern}`;
}

/** A related location that is a dead rule of its own (not the rule that wins instead). */
const DEAD_RULE = /^"[^]*" (never decides anything|changes no verdict):/;

/**
 * 0-based physical lines of the rules reported by one id: the line of each finding and the
 * other dead rules it carries as related locations (one finding per group and cause).
 */
function reportedLines(file: RobotsFile, id: 'shadowed-rule' | 'redundant-rule'): number[] {
  const lines: number[] = [];
  for (const f of lint(file).filter((f) => f.id === id)) {
    lines.push(file.lines.findIndex((l) => l.start === f.span.start));
    for (const r of f.related ?? []) if (DEAD_RULE.test(r.message)) lines.push(file.lines.findIndex((l) => l.start === r.span.start));
  }
  return lines.sort((a, b) => a - b);
}

function applyAll(text: string, edits: readonly { span: { start: number; end: number }; newText: string }[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
  return out;
}

function withoutLine(text: string, line: number): string {
  const lines = text.split('\n');
  lines.splice(line, 1);
  return lines.join('\n');
}

function checkExactness(text: string, agents: readonly string[], paths: readonly string[]): void {
  const file = parseRobots(text);
  const all = [...SHORT_PATHS, ...paths];
  // The fixes remove every dead rule of a group (or of every copy of it) at once: no verdict may change.
  for (const finding of lint(file).filter((f) => f.id === 'shadowed-rule' || f.id === 'redundant-rule')) {
    for (const fix of finding.fixes ?? []) {
      const fixed = parseRobots(applyAll(text, fix.edits));
      for (const agent of agents) {
        for (const path of all) {
          assert.equal(decide(fixed, path, agent).allowed, decide(file, path, agent).allowed, `"${fix.title}" changes ${path} for ${agent}\n${text}`);
        }
      }
    }
  }
  for (const line of reportedLines(file, 'shadowed-rule')) {
    assert.ok(line >= 0);
    for (const agent of agents) {
      for (const path of all) {
        const verdict = decide(file, path, agent);
        assert.notEqual(verdict.rule?.line, line, `line ${line + 1} reported shadowed but decides ${path} for ${agent}\n${text}`);
      }
    }
  }
  for (const line of reportedLines(file, 'redundant-rule')) {
    assert.ok(line >= 0);
    const reduced = parseRobots(withoutLine(text, line));
    for (const agent of agents) {
      for (const path of all) {
        const before = decide(file, path, agent).allowed;
        const after = decide(reduced, path, agent).allowed;
        assert.equal(after, before, `removing line ${line + 1} (reported redundant) changes ${path} for ${agent}\n${text}`);
      }
    }
  }
}

describe('lint exactness (shadowed never decides, redundant changes nothing)', () => {
  test('one * group', () => {
    fc.assert(
      fc.property(rulesArb, longPathsArb, (rules, paths) => {
        checkExactness(['User-agent: *', ...rules.map(ruleLine)].join('\n'), ['FooBot'], paths);
      }),
      { numRuns: 300 },
    );
  });

  test('a group named by two tokens, merged with a group of one of them', () => {
    fc.assert(
      fc.property(rulesArb, rulesArb, longPathsArb, (shared, onlyA, paths) => {
        const text = ['User-agent: A', 'User-agent: B', ...shared.map(ruleLine), '', 'User-agent: A', ...onlyA.map(ruleLine)].join('\n');
        checkExactness(text, ['A', 'B'], paths);
      }),
      { numRuns: 200 },
    );
  });

  test('known tricky cases', () => {
    // Each line: the file, then its shadowed and its redundant lines (0-based), which must
    // be found as well as be true.
    const cases: Array<[string, number[], number[]]> = [
      ['User-agent: *\nDisallow: /a\nDisallow: /a', [2], []],
      ['User-agent: *\nDisallow: /a\nAllow: /a', [1], []],
      ['User-agent: *\nAllow: /a*\nDisallow: /a', [2], []],
      ['User-agent: *\nDisallow: /a\nDisallow: /a/b', [], [2]],
      ['User-agent: *\nDisallow: /a\nAllow: /a/\nDisallow: /a/b', [], []],
      ['User-agent: *\nDisallow: /a$\nDisallow: /a*$\nAllow: /a$b', [1], []],
      ['User-agent: *\nDisallow: /*a\nDisallow: /a\nAllow: /*b$', [2], []],
    ];
    for (const [text, shadowed, redundant] of cases) {
      const file = parseRobots(text);
      assert.deepEqual(reportedLines(file, 'shadowed-rule'), shadowed, `shadowed lines of ${JSON.stringify(text)}`);
      assert.deepEqual(reportedLines(file, 'redundant-rule'), redundant, `redundant lines of ${JSON.stringify(text)}`);
      checkExactness(text, ['FooBot'], []);
    }
  });
});

describe('redundancy between anchored wildcards (shortcuts of the analysis)', () => {
  // The analysis settles most pairs without the search: an exact string is matched by the
  // other pattern or shares nothing with it; two anchored patterns whose last pieces are
  // not suffixes of one another share nothing; a shared target built from both patterns'
  // pieces proves that they meet. Each line: the file, its redundant lines (0-based), and
  // the paths that would tell a wrong claim.
  const cases: Array<[string, number[], string[]]> = [
    ['User-agent: *\nDisallow: /a\nAllow: /*.pdf$\nDisallow: /a/bcdefgh', [], ['/a/bcdefgh.pdf', '/a/bcdefgh']],
    ['User-agent: *\nDisallow: /a\nAllow: /*.pdf$\nDisallow: /a/bcdefgh$', [3], ['/a/bcdefgh', '/a/bcdefgh.pdf']],
    ['User-agent: *\nDisallow: /a\nAllow: /*.php$\nDisallow: /a/*.pdf$', [3], ['/a/x.pdf', '/a/x.php', '/a/x.pdf.php']],
    ['User-agent: *\nDisallow: /a\nAllow: /*x.pdf$\nDisallow: /a/*.pdf$', [], ['/a/x.pdf', '/a/y.pdf']],
    ['User-agent: *\nDisallow: /a\nAllow: /*b$\nDisallow: /a/*c', [], ['/a/cb', '/a/c']],
  ];
  for (const [text, redundant, paths] of cases) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(reportedLines(parseRobots(text), 'redundant-rule'), redundant);
      checkExactness(text, ['FooBot'], paths);
    });
  }
});

/**
 * Every target of up to six pieces from `/ a b c %24` (`c` stands for "any other
 * character", `%24` is how a literal `$` reaches the matcher).
 */
const ALL_SHORT_TARGETS: readonly string[] = allStrings(['/', 'a', 'b', 'c', '%24'], 6);

describe('pattern relations the analysis relies on', () => {
  test('contains and intersects agree with brute force', () => {
    const smallPattern = fc.array(fc.constantFrom(...PATTERN_CHARS), { maxLength: 3 }).map((cs) => '/' + cs.join(''));
    fc.assert(
      fc.property(fc.oneof(smallPattern, patternArb.filter((p) => p.length <= 4)), smallPattern, (p, q) => {
        const [a, b] = [normalizePattern(p), normalizePattern(q)];
        if (a === '' || b === '') return;
        const [ca, cb] = [compilePattern(a), compilePattern(b)];
        let counterexample = false;
        let common = false;
        for (const t of ALL_SHORT_TARGETS) {
          const [ma, mb] = [matches(ca, t), matches(cb, t)];
          if (mb && !ma) counterexample = true;
          if (ma && mb) common = true;
        }
        // What lint relies on: "contained" and "disjoint" must hold for every target. The
        // other answers are checked where the patterns are short enough for the
        // enumeration to hold a witness (at most the patterns' characters together).
        const conclusive = a.length + b.length <= 6;
        const contained = contains(patternLanguage(a), patternLanguage(b));
        if (contained === true || (contained === false && conclusive)) assert.equal(contained, !counterexample, `contains(${a}, ${b})`);
        const meet = intersects(patternLanguage(a), patternLanguage(b));
        if (meet === false || (meet === true && conclusive)) assert.equal(meet, common, `intersects(${a}, ${b})`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('* rules a named group already decides alike are not called missing', () => {
  // star-rules-not-inherited leaves out a * rule when the named group gives every URL the
  // rule matches the rule's own verdict, and the copy fix leaves it out too. Both must hold
  // for every path, before the fix and after it. Checked where the finding names every
  // missing rule (its related locations), and where there is no finding at all.
  const lines = (rules: readonly RuleSpec[]): string[] => rules.map(ruleLine);

  test('random * and named groups', () => {
    fc.assert(
      fc.property(rulesArb, rulesArb, longPathsArb, (star, named, paths) => {
        const text = ['User-agent: *', ...lines(star), '', 'User-agent: FooBot', ...lines(named)].join('\n');
        const file = parseRobots(text);
        const finding = lint(file).find((f) => f.id === 'star-rules-not-inherited');
        const fooRules = file.groups[1]?.rules ?? [];
        // The deliberate idioms (allow all, close all) and a * group that disallows nothing are not reported at all.
        const all = [...SHORT_PATHS, ...paths];
        const everything = (r: { normalized: string }): boolean => r.normalized !== '' && ['/', '/a', '/b/'].every((path) => matches(compilePattern(r.normalized), path));
        const closesAll = fooRules.some((r) => r.kind === 'disallow' && everything(r)) && !fooRules.some((r) => r.kind === 'allow' && r.normalized !== '');
        const allowsAll = !fooRules.some((r) => r.kind === 'disallow' && r.normalized !== '');
        const starDisallows = all.some((path) => decide(file, path, 'OtherBot').rule?.kind === 'disallow');
        // An allow-list: * closes the site (by a rule that decides), the named group is let in.
        const allowList = (file.groups[0]?.rules ?? []).some((r) => r.kind === 'disallow' && everything(r) && all.some((path) => decide(file, path, 'OtherBot').rule?.line === r.line));
        if (!finding && (closesAll || allowsAll || !starDisallows || allowList)) return;
        const missing = new Set((finding?.related ?? []).map((r) => file.lines.findIndex((l) => l.start === r.span.start)));
        const fix = finding?.fixes?.[0]?.edits[0];
        const fixed = fix ? text.slice(0, fix.span.start) + fix.newText + text.slice(fix.span.end) : undefined;
        const present = new Set(fooRules.map((r) => `${r.kind} ${r.normalized}`));
        for (const rule of file.groups[0]?.rules ?? []) {
          if (missing.has(rule.line) || present.has(`${rule.kind} ${rule.normalized}`)) continue;
          if (rule.normalized === '' || !(rule.normalized.startsWith('/') || rule.normalized.startsWith('*'))) continue;
          // A rule that never decides in the * group is not one FooBot could miss.
          if (!all.some((path) => decide(file, path, 'OtherBot').rule?.line === rule.line)) continue;
          const compiled = compilePattern(rule.normalized);
          for (const version of fixed ? [text, fixed] : [text]) {
            const reparsed = parseRobots(version);
            for (const path of all) {
              if (!matches(compiled, normalizeTarget(path))) continue;
              assert.equal(decide(reparsed, path, 'FooBot').allowed, rule.kind === 'allow', `line ${rule.line + 1} left out, but FooBot decides ${path} otherwise\n${version}`);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
