// The replay panel offers server rules for the crawlers that fetched what robots.txt disallows
// them: each once, never for a spoofed claim, never for a crawler that kept to the rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { enforceable } from '../../client/src/panels/replay/view';
import type { AuditSummaryDto, CrawlerRowDto } from '../../server/src/protocol';

const row = (crawler: string, verification: CrawlerRowDto['verification'], violations: number, client: CrawlerRowDto['client'] = 'crawler'): CrawlerRowDto => ({
  crawler, crawlerId: crawler.toLowerCase(), operator: 'Example', purposes: ['ai-training'], client, verification,
  requests: 10, allowed: 10 - violations, disallowed: violations, grace: 0, notApplicable: 0, unavailable: 0, unreachable: 0, violations, robotsFetches: 0, crawlDelayViolations: 0,
});

test('violating crawlers once each, in the summary order; spoofed claims and rule-keepers left out', () => {
  const summary = {
    crawlers: [
      row('Bytespider', 'unverified', 12),
      row('Googlebot', 'spoofed', 5),
      row('Googlebot', 'verified', 0),
      row('GPTBot', 'verified', 0),
      row('Bytespider', 'verified', 3),
      row('AhrefsBot', 'unverified', 1),
      row('Google-Extended', 'unverified', 2, 'control-token'),
    ],
  } as unknown as AuditSummaryDto;
  assert.deepEqual(enforceable(summary), ['Bytespider', 'AhrefsBot']);
  assert.deepEqual(enforceable({ crawlers: [row('GPTBot', 'verified', 0)] } as unknown as AuditSummaryDto), []);
});
