/**
 * Verdicts, agents and preferences from the core to their wire shapes. The matcher's
 * verdicts work some fields out only when read (a class with getters), so each field is read
 * here once and copied; a catalogue entry is copied field by field, so what the client gets
 * is what `protocol/` declares and nothing the core adds later.
 */

import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { DecidingRule, Verdict } from '@robots-lens/kernel/match';
import type { EffectivePreferences } from '@robots-lens/kernel/preferences';
import type { AgentDto, CrawlerDto, DecidingRuleDto, PreferencesDto, VerdictDto } from '../../protocol';

/** The façade does not name the agent's type; the verdict's field is the same. */
type ResolvedAgent = Verdict['agent'];

export function crawlerDto(c: Crawler): CrawlerDto {
  const quoted = (q: Crawler['honoursRobotsTxtEvidence']) => (q === null ? null : { source: q.source, words: q.words });
  return {
    id: c.id,
    name: c.name,
    operator: c.operator,
    purposes: [...c.purposes],
    honoursRobotsTxt: c.honoursRobotsTxt,
    honoursRobotsTxtEvidence: quoted(c.honoursRobotsTxtEvidence),
    userInitiated: c.userInitiated,
    retired: c.retired,
    retiredEvidence: quoted(c.retiredEvidence),
    description: c.description,
    token: c.token,
    chain: [...c.chain],
    ignoresStar: c.ignoresStar,
    controlToken: c.controlToken,
    crawlDelay: c.crawlDelay,
    crawlDelayNote: c.crawlDelayNote,
    userAgentMarkers: [...c.userAgentMarkers],
    verification: { ipRangeUrls: [...c.verification.ipRangeUrls], reverseDnsSuffixes: [...c.verification.reverseDnsSuffixes], method: c.verification.method },
    wellKnown: c.wellKnown,
    sources: [...c.sources],
    checked: c.checked,
    ...(c.notes !== undefined ? { notes: c.notes } : {}),
  };
}

export function agentDto(a: ResolvedAgent): AgentDto {
  return {
    input: a.input,
    kind: a.kind,
    ...(a.crawler !== undefined ? { crawler: crawlerDto(a.crawler) } : {}),
    token: a.token,
    chain: [...a.chain],
    explanation: a.explanation,
  };
}

function ruleDto(r: DecidingRule | null): DecidingRuleDto | null {
  if (r === null) return null;
  return { kind: r.kind, line: r.line, pattern: r.pattern, normalized: r.normalized, octets: r.octets, ...(r.implicit !== undefined ? { implicit: r.implicit } : {}) };
}

export function verdictDto(v: Verdict): VerdictDto {
  const group = v.group;
  const literal = v.googleLiteral;
  return {
    outcome: v.outcome,
    allowed: v.allowed,
    url: v.url,
    target: v.target,
    agent: agentDto(v.agent),
    group: group === null ? null : { token: group.token, groups: [...group.groups], agentLines: [...group.agentLines], chainIndex: group.chainIndex, via: group.via },
    rule: ruleDto(v.rule),
    reason: v.reason,
    explanation: v.explanation,
    ...(literal ? { googleLiteral: { allowed: literal.allowed, rule: ruleDto(literal.rule), explanation: literal.explanation } } : {}),
  };
}

export function preferencesDto(p: EffectivePreferences): PreferencesDto {
  const usage = p.contentUsage;
  const signal = p.contentSignal;
  return {
    applicable: p.applicable,
    contentUsage: usage === null ? null : { line: usage.line, lines: [...usage.lines], preferences: { 'train-ai': usage.preferences['train-ai'], search: usage.preferences.search } },
    contentSignal:
      signal === null
        ? null
        : {
            line: signal.line,
            lines: [...signal.lines],
            signals: { search: signal.signals.search, 'ai-input': signal.signals['ai-input'], 'ai-train': signal.signals['ai-train'] },
            signalLines: { search: signal.signalLines.search, 'ai-input': signal.signalLines['ai-input'], 'ai-train': signal.signalLines['ai-train'] },
            use: signal.use,
            useLine: signal.useLine,
          },
  };
}
