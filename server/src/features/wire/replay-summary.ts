/**
 * A replay's summary from the core to its wire shape, table by table. The summary is plain
 * data in the core; copying it here means a table the core adds or reshapes reaches the
 * client only once `protocol/replay-summary.ts` declares it.
 */

import type { AuditSummary } from '@robots-lens/replay';
import type { AuditSummaryDto } from '../../protocol';

type S = AuditSummary;

function crawlDelayDto(c: NonNullable<S['crawlDelay']>): NonNullable<AuditSummaryDto['crawlDelay']> {
  return {
    scope: c.scope,
    honouredBy: [...c.honouredBy],
    violations: c.violations,
    rows: c.rows.map((r) => ({ crawler: r.crawler, delaySeconds: r.delaySeconds, checked: r.checked, violations: r.violations, minGapSeconds: r.minGapSeconds })),
    skippedUnverified: c.skippedUnverified,
    method: c.method,
  };
}

export function auditSummaryDto(s: S): AuditSummaryDto {
  const t = s.totals;
  return {
    files: s.files.map((f) => ({ name: f.name, format: f.format, formatSource: f.formatSource, lines: f.lines, requests: f.requests, parseFailures: f.parseFailures, skipped: f.skipped })),
    period: { first: s.period.first, last: s.period.last },
    totals: {
      lines: t.lines,
      requests: t.requests,
      parseFailures: t.parseFailures,
      skipped: t.skipped,
      crawlerRequests: t.crawlerRequests,
      verified: t.verified,
      spoofed: t.spoofed,
      unverified: t.unverified,
      disallowed: t.disallowed,
      violations: t.violations,
      grace: t.grace,
      crawlDelayViolations: t.crawlDelayViolations,
      googleLiteralDifferences: t.googleLiteralDifferences,
    },
    crawlers: s.crawlers.map((c) => ({
      crawler: c.crawler,
      crawlerId: c.crawlerId,
      operator: c.operator,
      purposes: [...c.purposes],
      client: c.client,
      verification: c.verification,
      requests: c.requests,
      allowed: c.allowed,
      disallowed: c.disallowed,
      grace: c.grace,
      notApplicable: c.notApplicable,
      unavailable: c.unavailable,
      unreachable: c.unreachable,
      violations: c.violations,
      robotsFetches: c.robotsFetches,
      crawlDelayViolations: c.crawlDelayViolations,
    })),
    byPurpose: s.byPurpose.map((p) => ({ purpose: p.purpose, crawlers: p.crawlers, requests: p.requests, violations: p.violations })),
    clients: {
      browsers: s.clients.browsers,
      noUserAgent: s.clients.noUserAgent,
      otherClients: s.clients.otherClients,
      topOtherClients: s.clients.topOtherClients.map((o) => ({ agent: o.agent, requests: o.requests, disallowed: o.disallowed })),
    },
    topDisallowed: s.topDisallowed.map((d) => ({ url: d.url, requests: d.requests, violations: d.violations, spoofed: d.spoofed, crawlers: [...d.crawlers] })),
    spoofed: s.spoofed.map((x) => ({ crawler: x.crawler, ip: x.ip, requests: x.requests, disallowed: x.disallowed, first: x.first, last: x.last, evidence: x.evidence })),
    timeline: s.timeline.map((h) => ({
      hour: h.hour,
      requests: h.requests,
      crawlerRequests: h.crawlerRequests,
      disallowed: h.disallowed,
      violations: h.violations,
      spoofed: h.spoofed,
      grace: h.grace,
      unavailable: h.unavailable,
      unreachable: h.unreachable,
    })),
    robotsFetches: {
      byCrawler: s.robotsFetches.byCrawler.map((b) => ({ crawler: b.crawler, statuses: { ...b.statuses } })),
      changes: s.robotsFetches.changes.map((c) => ({ time: c.time, crawler: c.crawler, ip: c.ip, status: c.status, state: c.state, verification: c.verification })),
    },
    crawlDelay: s.crawlDelay === null ? null : crawlDelayDto(s.crawlDelay),
    parseFailures: {
      count: s.parseFailures.count,
      reasons: s.parseFailures.reasons.map((r) => ({ reason: r.reason, count: r.count })),
      samples: s.parseFailures.samples.map((x) => ({ file: x.file, line: x.line, text: x.text, reason: x.reason })),
    },
    versions: s.versions.map((v) => ({ label: v.label, effective: v.effective, source: v.source, groups: v.groups, rules: v.rules })),
    verification: {
      lists: s.verification.lists.map((l) => ({ name: l.name, url: l.url, creationTime: l.creationTime, prefixes: l.prefixes, crawlers: [...l.crawlers], problems: [...l.problems] })),
      reverseDns: s.verification.reverseDns,
      unchecked: s.verification.unchecked.map((u) => ({ crawler: u.crawler, requests: u.requests, reason: u.reason })),
    },
    policy: {
      graceHours: s.policy.graceHours,
      fetchPolicies: s.policy.fetchPolicies.map((f) => ({ policy: f.policy, appliesTo: f.appliesTo, brief: f.brief, description: f.description })),
      fetchStates: s.policy.fetchStates,
      verification: s.policy.verification,
      violation: s.policy.violation,
    },
    beforeFirstVersion: s.beforeFirstVersion,
    order: {
      windowSeconds: s.order.windowSeconds,
      maxWaiting: s.order.maxWaiting,
      late: s.order.late,
      samples: s.order.samples.map((x) => ({ file: x.file, line: x.line, time: x.time, behindSeconds: x.behindSeconds })),
    },
    inputWarnings: [...s.inputWarnings],
    cancelled: s.cancelled,
    elapsedMs: s.elapsedMs,
  };
}
