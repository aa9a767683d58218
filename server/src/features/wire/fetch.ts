/**
 * The fetch report and Check URL's report from the core to their wire shapes. Both are
 * already plain data in the core (what the CLI prints with --json); copying them field by
 * field here is what keeps a field the core adds from reaching the client undeclared.
 */

import type { FetchHop, NetworkFailure, RobotsFetchReport } from '@robots-lens/fetch';
import type { UrlCheckReport } from '@robots-lens/fetch/check-url';
import type { CrawlerConsequenceDto, FetchHopDto, NetworkFailureDto, RobotsFetchReportDto, UrlCheckReportDto } from '../../protocol';

type CrawlerConsequence = RobotsFetchReport['crawlers'][number];

export function hopDto(h: FetchHop): FetchHopDto {
  return { url: h.url, status: h.status, ...(h.location !== undefined ? { location: h.location } : {}) };
}

function failureDto(f: NetworkFailure | null): NetworkFailureDto | null {
  return f === null ? null : { kind: f.kind, code: f.code, message: f.message };
}

function consequenceDto(c: CrawlerConsequence): CrawlerConsequenceDto {
  return {
    crawler: c.crawler,
    name: c.name,
    operator: c.operator,
    access: c.access,
    summary: c.summary,
    policy: c.policy,
    documented: c.documented,
    source: c.source,
    ...(c.note !== undefined ? { note: c.note } : {}),
  };
}

export function fetchReportDto(r: RobotsFetchReport): RobotsFetchReportDto {
  return {
    origin: r.origin,
    url: r.url,
    finalUrl: r.finalUrl,
    chain: r.chain.map(hopDto),
    status: r.status,
    state: r.state,
    explanation: r.explanation,
    bytes: r.bytes,
    truncated: r.truncated,
    contentType: r.contentType,
    warnings: r.warnings.map((w) => ({ code: w.code, message: w.message })),
    error: failureDto(r.error),
    rules: r.rules === null ? null : { groups: r.rules.groups, rules: r.rules.rules, sitemaps: [...r.rules.sitemaps], agents: [...r.rules.agents] },
    crawlers: r.crawlers.map(consequenceDto),
    ...(r.text !== undefined ? { text: r.text } : {}),
  };
}

type Crawl = UrlCheckReport['crawl'];
type Indexing = NonNullable<UrlCheckReport['indexing']>;

function crawlDto(c: Crawl): UrlCheckReportDto['crawl'] {
  const v = c.verdict;
  return {
    allowed: c.allowed,
    state: c.state,
    decidedBy: c.decidedBy,
    explanation: c.explanation,
    verdict:
      v === null
        ? null
        : { outcome: v.outcome, allowed: v.allowed, line: v.line, rule: v.rule, group: v.group, groupLines: [...v.groupLines], reason: v.reason, explanation: v.explanation },
    consequence: consequenceDto(c.consequence),
  };
}

function indexingDto(i: Indexing): NonNullable<UrlCheckReportDto['indexing']> {
  return {
    seenByCrawler: i.seenByCrawler,
    sources: i.sources.map((s) => ({ label: s.label, raw: s.raw })),
    noindex: i.noindex,
    nofollow: i.nofollow,
    summary: i.summary,
    effective: i.effective.map((d) => ({
      name: d.name,
      value: d.value,
      ...(d.time !== undefined ? { time: d.time } : {}),
      ...(d.expired !== undefined ? { expired: d.expired } : {}),
      from: d.from.map((f) => ({ source: f.source, text: f.text })),
    })),
    setAside: i.setAside.map((s) => ({ source: s.source, text: s.text, reason: s.reason })),
    notes: [...i.notes],
    problems: i.problems.map((p) => ({ source: p.source, text: p.text, message: p.message })),
  };
}

export function urlCheckReportDto(r: UrlCheckReport): UrlCheckReportDto {
  const p = r.page;
  return {
    url: r.url,
    agent: r.agent,
    crawler: r.crawler,
    chain: [...r.chain],
    crawl: crawlDto(r.crawl),
    robots: fetchReportDto(r.robots),
    page: {
      url: p.url,
      finalUrl: p.finalUrl,
      chain: p.chain.map(hopDto),
      status: p.status,
      contentType: p.contentType,
      bytes: p.bytes,
      truncated: p.truncated,
      error: failureDto(p.error),
      redirectProblem: p.redirectProblem,
      xRobotsTag: [...p.xRobotsTag],
      meta: p.meta.map((m) => ({ name: m.name, content: m.content })),
    },
    indexing: r.indexing === null ? null : indexingDto(r.indexing),
    assessment: { directivesSeen: r.assessment.directivesSeen, pageSaysNoindex: r.assessment.pageSaysNoindex, headline: r.assessment.headline, advice: [...r.assessment.advice] },
  };
}
