/**
 * `robots-lens sitemaps ROBOTS [SITEMAP…] --agent A`: every URL the sitemaps list that a
 * crawler may not fetch, with the line that decides it — Search Console's "Submitted URL
 * blocked by robots.txt", before the crawler finds it. Sitemaps are files or http(s) URLs,
 * by default the robots.txt's own `Sitemap:` lines; indexes are followed. Blocked URLs are
 * written as they are found, so a check of millions of URLs holds none of them.
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import { listedText, SitemapCheck, sitemapCheckAnswer, sitemapReportText, sitemapsReadText, walkSitemaps } from '@robots-lens/sitemaps';
import { parseRobots } from '@robots-lens/kernel/parse';
import { parseTarget } from '@robots-lens/kernel/match';
import type { BlockedSitemapUrl, SitemapCheckTally, SitemapReport, SitemapUrlAside } from '@robots-lens/sitemaps';
import { parseDuration } from '@robots-lens/replay/logs';
import { readRobotsFile } from '../../node/robots-file';
import { isSitemapUrl, sitemapSource } from '../../node/sitemap-source';
import { ExitCode } from '../exit-code';
import { checkedOrigin, fetchTimeout } from '../option-values';
import { DEFAULT_AGENTS, DEFAULT_AGENTS_NOTE } from '../options';
import { Output, reportError, styled } from '../output';
import type { Piece } from '../output';
import type { Args, CommandIo } from '../spec';
import type { SITEMAPS } from '../specs/sitemaps';
import { UsageError } from '../usage-error';

/** The longest --deadline: a check that needs more is better split. */
const MAX_DEADLINE_MS = 86_400_000;

export async function runSitemaps({ values, positionals }: Args<typeof SITEMAPS.options>, io: CommandIo): Promise<ExitCode> {
  const [robotsPath, ...named] = positionals;
  if (robotsPath === undefined) throw new UsageError('give the robots.txt file, e.g. robots-lens sitemaps robots.txt --agent Googlebot');
  const agents = values.agent ?? [...DEFAULT_AGENTS];
  if (values.agent === undefined) reportError('sitemaps', DEFAULT_AGENTS_NOTE);
  if (agents.some((a) => a.trim() === '')) throw new UsageError('--agent is empty: give a token like Googlebot, or a full User-Agent header.');
  const timeoutMs = fetchTimeout(values.timeout);
  const deadlineMs = parseDuration(values.deadline);
  if (deadlineMs === undefined || deadlineMs <= 0 || deadlineMs > MAX_DEADLINE_MS) throw new UsageError(`--deadline: "${values.deadline}" is not a duration such as 90s, 10m or 2h (more than 0, at most 24h).`);
  const input = await readRobotsFile(robotsPath);
  if (input.notice) reportError('sitemaps', input.notice);
  const robots = parseRobots(input.bytes);

  const notices: string[] = [];
  let roots = named;
  if (roots.length === 0) {
    roots = robots.sitemaps.filter((s) => isSitemapUrl(s.url)).map((s) => s.url);
    for (const s of robots.sitemaps.filter((s) => !isSitemapUrl(s.url))) notices.push(`${robotsPath} line ${s.line + 1}: "${s.url}" is not an http(s) URL, not read.`);
    if (roots.length === 0) throw new UsageError(`${robotsPath} has no Sitemap: line with an http(s) URL; name the sitemaps, e.g. robots-lens sitemaps ${robotsPath} sitemap.xml --agent Googlebot`);
  }
  const sitemapOrigin = roots.filter(isSitemapUrl).map((r) => parseTarget(r)).find((t) => t.ok)?.target.origin ?? undefined;
  const origin = values.origin !== undefined ? checkedOrigin(values.origin) : sitemapOrigin;
  const originNote = values.origin !== undefined ? '' : origin !== undefined ? " (the first sitemap's; --origin chooses another)" : ' (the first URL listed; --origin chooses another)';

  const out = new Output(io.stdout);
  const check = new SitemapCheck(robots, agents, origin);
  let pending: BlockedSitemapUrl[] = [];
  let blocked = 0;
  const deadlineAt = Date.now() + deadlineMs;
  const source = sitemapSource({ deadlineAt, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  const reports = await walkSitemaps(roots, source, {
    url(loc, sitemap, line) {
      const found = check.check(loc, sitemap, line);
      if (found.length > 0) pending.push(...found);
    },
    async drain() {
      const lines = pending;
      pending = [];
      blocked += lines.length;
      for (const entry of lines) await (values.json ? out.json({ type: 'blocked', ...entry }) : out.line(...blockedLine(entry)));
    },
    done(report) {
      if (report.error !== undefined) reportError('sitemaps', `${report.location}: ${report.error}`);
    },
  }, { deadlineAt, deadlineText: `--deadline ${values.deadline}` });
  const tally = check.tally();
  if (values.json) await out.json({ type: 'summary', origin: tally.origin ?? null, listed: tally.listed, agents: tally.agents, otherOrigin: tally.otherOrigin, notUrls: tally.notUrls, sitemaps: reports, notices });
  else for (const line of summaryLines(tally, reports, notices, originNote)) await out.line(...line);
  await out.flush();
  if (reports.some((r) => r.error !== undefined)) return ExitCode.Failure;
  return values['fail-on-blocked'] && blocked > 0 ? ExitCode.Finding : ExitCode.Success;
}

function blockedLine(entry: BlockedSitemapUrl): Piece[] {
  return [styled('disallowed', 'blocked'), `     ${entry.url}  [${entry.agent}]  line ${entry.line}: ${entry.rule}  (${entry.sitemap}, line ${entry.sitemapLine})`];
}

function summaryLines(tally: SitemapCheckTally, reports: readonly SitemapReport[], notices: readonly string[], originNote: string): Piece[][] {
  const lines: Piece[][] = [];
  // The answer first; never "none blocked" when nothing, or not everything, was read.
  const answer = sitemapCheckAnswer(tally, reports);
  lines.push([styled(answer.tone === 'clear' ? 'allowed' : answer.tone === 'blocked' ? 'disallowed' : 'warning', answer.text)]);
  lines.push([styled('heading', 'Sitemaps:'), ` ${sitemapsReadText(reports)}, ${listedText(tally)}${tally.origin === undefined ? '' : originNote}.`]);
  for (const report of reports) {
    lines.push([`  ${report.location}  ${sitemapReportText(report)}`]);
    for (const notice of report.notices) lines.push([styled('warning', '    note:'), ` ${notice}`]);
  }
  for (const notice of notices) lines.push([styled('warning', 'note:'), ` ${notice}`]);
  for (const agent of tally.agents) {
    if (agent.checked === 0) {
      lines.push([`${agent.agent}: `, styled('warning', 'nothing checked'), '.']);
      continue;
    }
    const result = agent.blocked === 0 ? styled('allowed', 'none blocked') : styled('disallowed', `${countOf(agent.blocked, 'URL')} blocked`);
    lines.push([`${agent.agent}: `, result, ` of ${countOf(agent.checked, 'URL')} checked.`]);
  }
  lines.push(...asideLines(tally.otherOrigin, 'on another origin, not governed by this robots.txt (its own robots.txt decides)'));
  lines.push(...asideLines(tally.notUrls, 'not an absolute URL, not checked'));
  return lines;
}

function asideLines(aside: { count: number; examples: readonly SitemapUrlAside[] }, what: string): Piece[][] {
  if (aside.count === 0) return [];
  const lines: Piece[][] = [[`${countOf(aside.count, 'URL')} ${what}:`]];
  for (const e of aside.examples) lines.push([`  ${e.url === '' ? '(empty)' : e.url}  (${e.sitemap}, line ${e.sitemapLine}: ${e.reason})`]);
  if (aside.count > aside.examples.length) lines.push([`  … and ${formatCount(aside.count - aside.examples.length)} more`]);
  return lines;
}
