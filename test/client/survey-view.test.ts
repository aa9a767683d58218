import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSurveyIn } from '../../client/src/panels/survey/messages';
import { sitesIn, surveyView } from '../../client/src/panels/survey/view';
import type { SurveySitesResult } from '../../server/src/protocol';

/** Two sites as the server answers: one proved whole-site for GPTBot, one unreachable. */
const result: SurveySitesResult = {
  agents: ['GPTBot', 'ExampleBot'],
  paths: ['/private/help.html', '/private/report.html'],
  totals: ['GPTBot: whole site disallowed on 2 of 2 sites …', 'Every site answered.'],
  sites: [
    {
      site: 'https://split.test', status: 200, state: 'rules', finalUrl: 'https://split.test/robots.txt', otherOrigin: false,
      explanation: 'HTTP 200: the rules in this file apply to every URL of https://split.test.', failed: null, groups: 3, rules: 3, sitemaps: 0,
      verdicts: [
        { agent: 'GPTBot', path: '/private/help.html', allowed: false, line: 6, rule: 'Disallow: /', reason: 'rule' },
        { agent: 'GPTBot', path: '/private/report.html', allowed: false, line: 6, rule: 'Disallow: /', reason: 'rule' },
        { agent: 'ExampleBot', path: '/private/help.html', allowed: true, line: 9, rule: 'Allow: /private/help.html', reason: 'rule' },
        { agent: 'ExampleBot', path: '/private/report.html', allowed: false, line: 8, rule: 'Disallow: /private/', reason: 'rule' },
      ],
      agents: [
        { agent: 'GPTBot', category: 'site', by: 'rules', line: 6, disallowed: 2, paths: 2 },
        { agent: 'ExampleBot', category: 'some-tested', by: null, line: null, disallowed: 1, paths: 2 },
      ],
      text: 'User-agent: *\n…',
    },
    {
      site: 'http://down.test:8080', status: null, state: 'unreachable', finalUrl: 'http://down.test:8080/robots.txt', otherOrigin: false,
      explanation: 'No response within 10000 ms. …', failed: 'No response within 10000 ms.', groups: 0, rules: 0, sitemaps: 0,
      verdicts: [
        { agent: 'GPTBot', path: '/private/help.html', allowed: false, line: null, rule: null, reason: 'fetch-state' },
        { agent: 'GPTBot', path: '/private/report.html', allowed: false, line: null, rule: null, reason: 'fetch-state' },
        { agent: 'ExampleBot', path: '/private/help.html', allowed: false, line: null, rule: null, reason: 'fetch-state' },
        { agent: 'ExampleBot', path: '/private/report.html', allowed: false, line: null, rule: null, reason: 'fetch-state' },
      ],
      agents: [
        { agent: 'GPTBot', category: 'site', by: 'fetch-state', line: null, disallowed: 2, paths: 2 },
        { agent: 'ExampleBot', category: 'site', by: 'fetch-state', line: null, disallowed: 2, paths: 2 },
      ],
      text: null,
    },
  ],
};

test('the answer first, then one row per site and one cell per crawler in words', () => {
  const view = surveyView(result, 'sites.txt');
  assert.deepEqual(view.summary, result.totals);
  assert.deepEqual(view.rows.map((r) => [r.site, r.status, r.failed]), [['split.test', '200', false], ['http://down.test:8080', 'no answer', true]]);
  assert.deepEqual(view.rows.map((r) => r.cells.map((c) => c.label)), [['whole site', 'some paths'], ['whole site', 'whole site']]);
  assert.equal(view.rows[1]!.explanation, 'No response within 10000 ms.');
});

test("a cell's detail says how its category is known and each tested path's deciding line", () => {
  const [split, down] = surveyView(result, 'sites.txt').rows;
  assert.equal(
    split!.cells[0]!.detail,
    'whole site disallowed, proved from the rules (line 6 matches every URL and no Allow can win; /robots.txt itself stays allowed)\n' +
      '/private/help.html: disallowed by line 6: Disallow: /\n/private/report.html: disallowed by line 6: Disallow: /',
  );
  assert.equal(split!.cells[1]!.detail.split('\n')[0], 'some tested paths disallowed (1 of 2)');
  assert.equal(down!.cells[0]!.detail, 'whole site disallowed: robots.txt is unreachable\n/private/help.html: disallowed (robots.txt unreachable)\n/private/report.html: disallowed (robots.txt unreachable)');
});

test('a click reveals the line that answers: the proof, else the first disallowing line; none without a file', () => {
  const [split, down] = surveyView(result, 'sites.txt').rows;
  assert.deepEqual(split!.cells.map((c) => c.line), [6, 8]);
  assert.deepEqual(down!.cells.map((c) => c.line), [null, null]);
});

test("the page's messages are checked before the panel reads them", () => {
  assert.ok(isSurveyIn({ type: 'reveal', row: 0, cell: 1 }));
  for (const bad of [{ type: 'reveal', row: '0', cell: 1 }, { type: 'reveal', row: 0 }, { type: 'open', row: 0, cell: 0 }, null, 'reveal']) assert.ok(!isSurveyIn(bad), JSON.stringify(bad));
});

test('a file of sites: one a line, blank lines and comments left out', () => {
  assert.deepEqual(sitesIn('# study\r\nexample.com\n\n  https://example.org/page  \n#x\n'), ['example.com', 'https://example.org/page']);
});
