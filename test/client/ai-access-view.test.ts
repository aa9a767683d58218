/**
 * The AI access view in words: each crawler's access and group, the mark on user-initiated
 * fetchers that may ignore robots.txt, the preferences table and why there may be none.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { aiAccessView, MAY_IGNORE_MARK } from '../../client/src/panels/ai-access/view';
import type { AiAccessCrawler, AiAccessResult } from '../../server/src/protocol';

const crawler = (token: string, access: AiAccessCrawler['access'], more: Partial<AiAccessCrawler> = {}): AiAccessCrawler => ({
  token,
  name: token,
  operator: 'Example Inc.',
  purposes: ['ai-training'],
  access,
  honoursRobotsTxt: 'yes',
  userInitiated: false,
  mayIgnoreRobotsTxt: false,
  statement: access === 'nothing' ? 'kept-out' : access === 'some' ? 'partly-kept-out' : 'not-kept-out',
  words: access === 'nothing' ? 'kept out: may fetch nothing' : access === 'some' ? 'kept out of /cart/; may fetch the rest' : 'may fetch everything',
  group: null,
  ...more,
});

const RESULT: AiAccessResult = {
  version: 3,
  purposes: [
    {
      purpose: 'ai-training',
      title: 'AI training',
      summary: 'AI training: 1 of 2 known crawlers may fetch nothing; Bytespider may fetch everything.',
      crawlers: [
        crawler('GPTBot', 'nothing', { operator: 'OpenAI', group: { token: 'GPTBot', via: 'own-token', agentLines: [70] } }),
        crawler('Bytespider', 'everything', { name: 'ByteDance Spider', honoursRobotsTxt: 'no', mayIgnoreRobotsTxt: true, statement: 'may-ignore', words: 'does not honour robots.txt (per the ai.robots.txt list); its rules: may fetch everything' }),
      ],
    },
    {
      purpose: 'user-fetch',
      title: 'User-initiated fetch',
      summary: 'User-initiated fetch: 0 of 1 known crawler may fetch nothing; 1 may fetch some paths.',
      crawlers: [
        crawler('Perplexity-User', 'some', {
          purposes: ['user-fetch'],
          userInitiated: true,
          mayIgnoreRobotsTxt: true,
          honoursRobotsTxt: 'no',
          honoursRobotsTxtWords: 'generally ignores robots.txt rules',
          statement: 'may-ignore',
          words: "does not honour robots.txt (operator's words); its rules: kept out of /cart/; may fetch the rest",
          group: { token: '*', via: 'star', agentLines: [6] },
        }),
      ],
    },
    { purpose: 'search', title: 'Search', summary: 'Search: 0 of 1 known crawler may fetch nothing; 1 may fetch some paths.', crawlers: [crawler('Googlebot', 'some', { purposes: ['search'] })] },
  ],
  preferences: {
    groups: [{ label: 'User-agent: * (line 7)', agentLines: [6], crawlers: ['Amazonbot'], everyOtherCrawler: true }],
    silentGroups: 1,
    paths: ['/', '/cart/'],
    cells: [[{ allowed: true, text: 'Content-Signal (line 8): search=yes, ai-input=not stated, ai-train=no', lines: [7] }], [{ allowed: false, text: 'not applicable: not crawlable', lines: [] }]],
  },
};

describe('AI access view', () => {
  test('offers to enforce for AI crawlers that may ignore robots.txt and that it keeps from something', () => {
    // Bytespider does not honour robots.txt but may fetch everything: nothing to enforce; Perplexity-User may ignore it and is kept from some paths.
    assert.deepEqual(aiAccessView(RESULT, { documentName: 'robots.txt', saved: 'saved' }).enforceable, ['Perplexity-User']);
    const kept = { ...RESULT, purposes: RESULT.purposes.map((p) => ({ ...p, crawlers: p.crawlers.map((c) => (c.token === 'Bytespider' ? { ...c, access: 'some' as const } : c)) })) };
    assert.deepEqual(aiAccessView(kept, { documentName: 'robots.txt', saved: 'saved' }).enforceable, ['Bytespider', 'Perplexity-User']);
    assert.deepEqual(aiAccessView({ ...RESULT, fetchState: { state: 'unreachable', allowed: false } as NonNullable<AiAccessResult['fetchState']> }, { documentName: 'robots.txt', saved: 'saved' }).enforceable, [], 'the fetch state decides: no rules to enforce');
  });

  test('rows in words: access, the group obeyed with its line, and the mark on fetchers that may ignore robots.txt', () => {
    const view = aiAccessView(RESULT, { documentName: 'robots.txt', saved: 'saved' });
    const [training, fetch, search] = view.purposes;
    assert.deepEqual(view.purposes.map((p) => [p.title, p.open]), [['AI training', true], ['User-initiated fetch', true], ['Search', false]]);
    assert.equal(training!.summary, RESULT.purposes[0]!.summary);
    assert.deepEqual(training!.rows.map((r) => [r.token, r.about, r.accessText, r.group, r.groupLine, r.mark]), [
      ['GPTBot', 'OpenAI', 'Kept out: may fetch nothing', 'own group (line 71)', 70, undefined],
      ['Bytespider', 'ByteDance Spider · Example Inc.', 'Does not honour robots.txt (per the ai.robots.txt list); its rules: may fetch everything', 'no group: all allowed', null, MAY_IGNORE_MARK],
    ]);
    const perplexity = fetch!.rows[0]!;
    assert.deepEqual([perplexity.accessText, perplexity.group, perplexity.mark], ["Does not honour robots.txt (operator's words); its rules: kept out of /cart/; may fetch the rest", '* group (line 7)', MAY_IGNORE_MARK]);
    assert.match(perplexity.honoursTooltip, /The operator's words: “generally ignores robots\.txt rules”/);
    assert.equal(search!.rows[0]!.mark, undefined);
  });

  test('the preferences table, with the groups that state nothing counted', () => {
    const { preferences } = aiAccessView(RESULT, { documentName: 'robots.txt', saved: 'saved' });
    assert.match(preferences.caption, /where the group disallows the path, none applies\. 1 other group states none: its crawlers get no preference\.$/);
    assert.deepEqual(preferences.columns, [{ label: 'User-agent: * (line 7)', crawlers: "obeyed by every crawler without a group of its own (1 of the catalogue's)" }]);
    assert.deepEqual(preferences.rows.map((r) => [r.path, r.cells.map((c) => [c.text, c.line])]), [
      ['/', [['Content-Signal (line 8): search=yes, ai-input=not stated, ai-train=no', 7]]],
      ['/cart/', [['not applicable: not crawlable', null]]],
    ]);
  });

  test('no preferences stated, or the fetch state deciding: a sentence says why the table is empty', () => {
    const none = aiAccessView({ ...RESULT, preferences: { groups: [], silentGroups: 2, paths: [], cells: [] } }, { documentName: 'robots.txt', saved: 'saved' });
    assert.equal(none.preferences.caption, 'This robots.txt states no AI-use preferences (Content-Usage or Content-Signal) in any group.');
    const fetched = aiAccessView(
      {
        ...RESULT,
        fetchState: { origin: 'https://x.example', url: 'https://x.example/robots.txt', state: 'unreachable', status: 503, explanation: 'Every URL is disallowed.', fetchedAt: '2026-12-03T10:00:00Z', allowed: false },
      },
      { documentName: 'x', saved: 'not saved to a file' },
    );
    assert.match(fetched.fetchState ?? '', /^robots\.txt of https:\/\/x\.example was unreachable/);
    assert.deepEqual(fetched.purposes[0]!.rows.map((r) => [r.group, r.groupLine]), [['robots.txt unreachable', null], ['robots.txt unreachable', null]]);
    assert.equal(fetched.preferences.caption, 'No group is in force while the fetch state decides, so no AI-use preference applies.');
  });
});
