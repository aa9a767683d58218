/**
 * The semantic diff and the logged requests an edit flips, from the core to their wire
 * shapes. The core's flip counts are spread from its working records; copying the declared
 * fields keeps whatever else those hold off the wire.
 */

import type { CrawlerDiff, FlipCount, LogTally, RobotsDiff } from '@robots-lens/diff';
import type { CrawlerDiffDto, FlipCountDto, FlipExampleDto, GroupChangeDto, LogTallyDto, RobotsDiffDto, RuleRefDto } from '../../protocol';
import { crawlerDto } from './verdicts';

type GroupChange = NonNullable<CrawlerDiff['groupChange']>;
type GroupSelection = GroupChange['from'];
type RuleRef = GroupChange['lostRules'][number];
type FlipExample = FlipCount['examples']['newlyDisallowed'][number];

const ruleRef = (r: RuleRef): RuleRefDto => ({ line: r.line, text: r.text });

function selectionDto(g: GroupSelection): GroupChangeDto['from'] {
  return g === null ? null : { token: g.token, agentLines: [...g.agentLines], groups: g.groups };
}

function groupChangeDto(g: GroupChange): GroupChangeDto {
  return { kind: g.kind, from: selectionDto(g.from), to: selectionDto(g.to), description: g.description, lostRules: g.lostRules.map(ruleRef), gainedRules: g.gainedRules.map(ruleRef) };
}

function crawlerDiffDto(c: CrawlerDiff): CrawlerDiffDto {
  return {
    token: c.token,
    ...(c.crawler !== undefined ? { crawler: crawlerDto(c.crawler) } : {}),
    chain: [...c.chain],
    ...(c.groupChange !== undefined ? { groupChange: groupChangeDto(c.groupChange) } : {}),
    changes: c.changes.map((v) => ({
      kind: v.kind,
      description: v.description,
      ...(v.pattern !== undefined ? { pattern: v.pattern } : {}),
      ...(v.except !== undefined ? { except: [...v.except] } : {}),
      exact: v.exact,
      oldLines: [...v.oldLines],
      newLines: [...v.newLines],
      examples: [...v.examples],
      ...(v.undecided !== undefined ? { undecided: v.undecided } : {}),
    })),
  };
}

export function robotsDiffDto(d: RobotsDiff): RobotsDiffDto {
  return {
    crawlers: d.crawlers.map(crawlerDiffDto),
    shadowing: d.shadowing.map((s) => ({ status: s.status, rule: ruleRef(s.rule), by: s.by === null ? null : ruleRef(s.by), tokens: [...s.tokens], before: s.before, description: s.description })),
    unchanged: d.unchanged,
  };
}

export function logTallyDto(t: LogTally): LogTallyDto {
  return { file: t.file, format: t.format, lines: t.lines, requests: t.requests, unreadable: t.unreadable, ...(t.warnings !== undefined ? { warnings: [...t.warnings] } : {}) };
}

const flipExample = (e: FlipExample): FlipExampleDto => ({ url: e.url, ...(e.time !== undefined ? { time: e.time } : {}), oldLine: e.oldLine, newLine: e.newLine });

export function flipCountDto(f: FlipCount): FlipCountDto {
  return {
    token: f.token,
    ...(f.crawler !== undefined ? { crawler: f.crawler } : {}),
    requests: f.requests,
    newlyDisallowed: f.newlyDisallowed,
    newlyAllowed: f.newlyAllowed,
    examples: { newlyDisallowed: f.examples.newlyDisallowed.map(flipExample), newlyAllowed: f.examples.newlyAllowed.map(flipExample) },
  };
}
