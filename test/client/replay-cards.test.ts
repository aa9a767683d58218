/**
 * The replay panel's summary cards: what they say when no IP lists were downloaded (why
 * nothing is verified, and the action that fixes it), and how Violations differs from
 * Disallowed, in words.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuditSummary } from '@robots-lens/replay';
import { hasIpLists, replayCards } from '../../client/src/panels/replay/cards';

function summary(totals: Partial<AuditSummary['totals']>): AuditSummary {
  const all = { lines: 10, requests: 9, parseFailures: 1, crawlerRequests: 6, verified: 0, spoofed: 0, unverified: 6, disallowed: 3, violations: 3, grace: 0, crawlDelayViolations: 0, googleLiteralDifferences: 0, ...totals };
  return { totals: all, crawlers: [{ crawler: 'GPTBot' }, { crawler: 'Baiduspider' }] } as unknown as AuditSummary;
}

const card = (cards: ReturnType<typeof replayCards>, label: string) => {
  const found = cards.find((c) => c.label === label);
  assert.ok(found, `no card ${label}`);
  return found;
};

describe('replay cards', () => {
  test('without IP lists the verification card says why nothing is verified and offers the download', () => {
    const ranges = 'none (/home/u/.cache/robots-lens/ranges does not exist: run robots-lens ranges --refresh)';
    assert.equal(hasIpLists(ranges), false);
    const cards = replayCards(summary({}), ranges);
    const verified = card(cards, 'Verified / spoofed');
    assert.equal(verified.value, 'not checked');
    assert.equal(verified.detail, 'No crawler IP lists are downloaded, so no request can be verified or shown spoofed: all 6 claims are taken at their word.');
    assert.equal(verified.action, 'refresh-ranges');
    assert.doesNotMatch(verified.detail, /robots-lens/);
    assert.equal(card(cards, 'Violations').detail, 'the same as Disallowed: without IP lists no request is known to be spoofed, so every claim counts');
  });

  test('with IP lists the difference between Disallowed and Violations is counted and named', () => {
    const ranges = '3 list(s) from /tmp/ranges';
    assert.equal(hasIpLists(ranges), true);
    const cards = replayCards(summary({ verified: 4, spoofed: 2, unverified: 0, disallowed: 3, violations: 1 }), ranges);
    const verified = card(cards, 'Verified / spoofed');
    assert.equal(verified.value, '4 / 2');
    assert.equal(verified.kind, 'warn');
    assert.equal(card(cards, 'Disallowed').detail, 'claimed crawler requests for disallowed URLs, spoofed ones included; 0 in cache grace not counted');
    assert.equal(card(cards, 'Violations').detail, '2 fewer than Disallowed: only claims not shown spoofed by the IP lists, control tokens left out');
  });

  test('counts are in words with plurals right', () => {
    const cards = replayCards(summary({ lines: 1, parseFailures: 0 }), '0 list(s) from /tmp/r');
    assert.equal(card(cards, 'Requests').detail, '1 line, 0 not parsed');
    assert.equal(card(cards, 'Crawler requests').detail, '2 crawlers');
  });
});
