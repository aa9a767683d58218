/**
 * A replay's records from the core to their wire shape. A record is already plain data in
 * the core; the copy drops nothing the client reads and keeps optional fields absent (never
 * `undefined`), so JSON carries exactly what `protocol/replay.ts` declares.
 */

import type { AuditRecord } from '@robots-lens/replay';
import type { AuditRecordDto, VerificationEvidenceDto } from '../../protocol';

function evidenceDto(e: NonNullable<AuditRecord['evidence']>): VerificationEvidenceDto {
  return {
    method: e.method,
    detail: e.detail,
    ...(e.lists !== undefined ? { lists: e.lists.map((l) => ({ name: l.name, date: l.date })) } : {}),
    ...(e.prefix !== undefined ? { prefix: e.prefix } : {}),
    ...(e.ptr !== undefined ? { ptr: [...e.ptr] } : {}),
    ...(e.hostname !== undefined ? { hostname: e.hostname } : {}),
    ...(e.forward !== undefined ? { forward: [...e.forward] } : {}),
    ...(e.error !== undefined ? { error: e.error } : {}),
  };
}

export function auditRecordDto(r: AuditRecord): AuditRecordDto {
  const { grace, crawlDelay, googleLiteral, note, directives, preferences } = r;
  return {
    file: r.file,
    logLine: r.logLine,
    time: r.time,
    ip: r.ip,
    method: r.method,
    url: r.url,
    status: r.status,
    userAgent: r.userAgent,
    client: r.client,
    crawler: r.crawler,
    agent: r.agent,
    verification: r.verification,
    evidence: r.evidence === null ? null : evidenceDto(r.evidence),
    allowed: r.allowed,
    line: r.line,
    rule: r.rule,
    group: r.group,
    state: r.state,
    reason: r.reason,
    version: r.version,
    violation: r.violation,
    robotsFetch: r.robotsFetch,
    ...(grace !== undefined ? { grace: { previousVersion: grace.previousVersion, previousAllowed: grace.previousAllowed, changedAt: grace.changedAt } } : {}),
    ...(crawlDelay !== undefined ? { crawlDelay: { gapSeconds: crawlDelay.gapSeconds, delaySeconds: crawlDelay.delaySeconds } } : {}),
    ...(googleLiteral !== undefined ? { googleLiteral: { allowed: googleLiteral.allowed, line: googleLiteral.line } } : {}),
    ...(note !== undefined ? { note } : {}),
    ...(directives !== undefined ? { directives: { header: directives.header, effective: directives.effective, noindex: directives.noindex } } : {}),
    ...(preferences !== undefined ? { preferences: preferencesJsonDto(preferences) } : {}),
  };
}

function preferencesJsonDto(p: NonNullable<AuditRecord['preferences']>): NonNullable<AuditRecordDto['preferences']> {
  const usage = p.contentUsage;
  const signal = p.contentSignal;
  return {
    applicable: p.applicable,
    contentUsage: usage === null ? null : { line: usage.line, 'train-ai': usage['train-ai'], search: usage.search },
    contentSignal: signal === null ? null : { line: signal.line, search: signal.search, 'ai-input': signal['ai-input'], 'ai-train': signal['ai-train'], use: signal.use },
  };
}
