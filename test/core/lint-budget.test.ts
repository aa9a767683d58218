// A group of 1,000 wildcard rules is more than the shadowing proofs compare: what is cheap and
// certain (a rule repeating a pattern, written alike or normalised alike) is still reported,
// and the group says once, as information, that the deeper analysis was cut short and why.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeRules, lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';

/** `User-agent: *`, then `extra` lines, then 1,000 wildcard rules no proof budget covers. */
function bigGroup(extra: readonly string[]): string {
  const lines = ['User-agent: *', ...extra];
  for (let i = 0; i < 1_000; i++) lines.push(`Disallow: /*${i.toString(36)}*q${i % 7}`);
  return `${lines.join('\n')}\n`;
}

describe('dead rules in a group past the proof budget', () => {
  const text = bigGroup([
    'Disallow: /bb*a*b//', // line 2
    'Disallow: /bb*a*b//', // line 3: an exact repeat
    'Disallow: /%7Ea*b', // line 4
    'Disallow: /~a*b', // line 5: the same pattern once normalised
    'Allow: /q*z', // line 6
    'Disallow: /q*z', // line 7: as long, and Allow wins a tie
  ]);
  const file = parseRobots(text);

  test('repeats are shadowed by the rule they repeat', () => {
    const byLine = analyzeRules(file).byLine;
    // Lines are counted from 0 in the model.
    assert.equal(byLine.get(2)?.shadowedBy?.line, 1);
    assert.equal(byLine.get(4)?.shadowedBy?.line, 3);
    assert.equal(byLine.get(6)?.shadowedBy?.line, 5);
    assert.equal(byLine.get(1), undefined);
    assert.equal(byLine.get(3), undefined);
    assert.equal(byLine.get(5), undefined);
  });

  test('lint reports them and says once that the rest was not proved', () => {
    const findings = lint(file);
    const shadowed = findings.filter((f) => f.id === 'shadowed-rule');
    assert.ok(shadowed.length >= 1, findings.map((f) => f.id).join(', '));
    const said = shadowed.map((f) => [f.message, ...(f.related ?? []).map((r) => r.message)].join(' ')).join(' ');
    assert.match(said, /"Disallow: \/bb\*a\*b\/\/" never decides anything: it repeats "Disallow: \/bb\*a\*b\/\/" \(line 2\)/);
    const skipped = findings.filter((f) => f.id === 'rule-analysis-skipped');
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]!.severity, 'information');
    assert.equal(text.slice(skipped[0]!.span.start, skipped[0]!.span.end), 'User-agent: *');
    assert.match(skipped[0]!.message, /^"User-agent: \*": 1,003 of this group's 1,006 rules were not checked for being shadowed or redundant, because more than 48 wildcard rules could decide the same URLs/);
  });

  test('a small group is proved in full and says nothing of a budget', () => {
    const small = parseRobots('User-agent: *\nDisallow: /bb*a*b//\nDisallow: /bb*a*b//\nDisallow: /*x*y\n');
    const findings = lint(small);
    assert.ok(findings.some((f) => f.id === 'shadowed-rule'));
    assert.ok(!findings.some((f) => f.id === 'rule-analysis-skipped'));
  });
});
