/**
 * `robots-lens diff`: what an edit to robots.txt changes, for whom, before it ships —
 * per crawler the paths whose verdict flips, the group it now uses, rules that became
 * dead, and with `--log` how many real requests would be decided differently. With
 * `--fail-on-change` it guards a deploy in CI (exit 1).
 */

import { countOf, formatCount } from '@robots-lens/kernel/words';
import { diffRobots, displayToken, FlipCounter, groupCrawlerDiffs, preferenceLineChanges } from '@robots-lens/diff';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { CrawlerDiff, FlipCount, FlipExample, LogTally, PreferenceLineChange, RobotsDiff, VerdictChange } from '@robots-lens/diff';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { InputError } from '../../node/files';
import { countFlipsInLog } from '../../node/log-flips';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { parsePinnedHosts } from '../../node/pinned-hosts';
import { checkedLogFormat, checkedOrigin, fetchTimeout } from '../option-values';
import { Output, reportError } from '../output';
import { diffStyle } from '../report-styles';
import type { Args, CommandIo } from '../spec';
import type { DIFF } from '../specs/diff';
import { unreadableLogMessage } from '../unreadable-log';
import type { UnreadableLine } from '../unreadable-log';
import { UsageError } from '../usage-error';
import { readSitemapFlips, sitemapFlipLines } from './diff-sitemaps';
import { fetchRobotsForDiff, isRobotsUrl } from './robots-url';

/** Crawler names spelled out in a heading; the JSON has them all. */
const NAMES_IN_HEADING = 8;

export async function runDiff({ values, positionals }: Args<typeof DIFF.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 2) throw new UsageError('give the old and the new robots.txt, e.g. robots-lens diff robots.txt robots.new.txt');
  const [oldPath, newPath] = positionals as [string, string];
  const logFormat = checkedLogFormat(values['log-format'], '--log-format');
  // --agent as every command takes it (a User-Agent header may hold commas); --crawlers a,b as before.
  const agents = values.agent?.map((a) => a.trim());
  if (agents?.some((a) => a === '')) throw new UsageError('--agent is empty: give a token like Googlebot, or a full User-Agent header.');
  const listed = tokenList(values.crawlers, '--crawlers');
  const crawlers = agents || listed ? [...(agents ?? []), ...(listed ?? [])] : undefined;
  const guarded = tokenList(values['fail-on-change'], '--fail-on-change');
  const origin = values.origin !== undefined ? checkedOrigin(values.origin) : undefined;

  const fetching = { pinned: parsePinnedHosts(values.resolve ?? []), timeoutMs: fetchTimeout(values.timeout) };
  const oldFile = await loadRobots(oldPath, fetching);
  const newFile = await loadRobots(newPath, fetching);
  const diff = diffRobots(oldFile, newFile, crawlers ? { crawlers } : {});

  let flips: FlipCount[] | undefined;
  const logs: LogTally[] = [];
  if (values.log && values.log.length > 0) {
    const counter = new FlipCounter(oldFile, newFile, origin !== undefined ? { origin } : {});
    for (const path of values.log) {
      let first: UnreadableLine | undefined;
      const onUnreadable = (line: number, text: string, reason: string): void => void (first ??= { line, text, reason });
      const tally = await countFlipsInLog(path, logFormat, counter, { onUnreadable });
      // Counting no request of a file that is not a log would read as "the edit changes nothing".
      if (tally.requests === 0 && tally.unreadable > 0) throw new InputError(unreadableLogMessage(path, logFormat, first, '--log-format'));
      logs.push(tally);
    }
    flips = counter.results();
  }

  const sitemaps = values.sitemap && values.sitemap.length > 0 ? await readSitemapFlips(values.sitemap, oldFile, newFile, diff, origin) : undefined;

  // The guard looks at its crawlers whether or not --crawlers lists them.
  const guard = guarded ? guardResult(oldFile, newFile, guarded) : undefined;

  // Preference lines change no verdict, so the diff above never shows them: said apart.
  const preferenceLines = preferenceLineChanges(oldFile, newFile);
  const out = new Output(io.stdout);
  if (values.json) await out.json({ ...(toJson(oldPath, newPath, diff, flips, logs, guard) as object), preferenceLines, ...(sitemaps ? { sitemaps } : {}) }, 2);
  else await out.block(formatText(oldPath, newPath, diff, flips, logs, guard) + preferenceText(preferenceLines) + (sitemaps ? sitemapFlipLines(sitemaps).join('\n') + '\n' : ''), diffStyle);
  await out.flush();
  if (guard && guard.changed.length > 0) return ExitCode.Finding;
  return sitemaps?.sitemaps.some((s) => s.error !== undefined) ? ExitCode.Failure : ExitCode.Success;
}

/** A side of the diff: a file, or the robots.txt an `http(s)://` URL serves (`robots-url.ts`). */
async function loadRobots(path: string, fetching: Parameters<typeof fetchRobotsForDiff>[1]): Promise<RobotsFile> {
  if (isRobotsUrl(path)) {
    const served = await fetchRobotsForDiff(path, fetching);
    if (served.notice !== undefined) reportError('diff', served.notice);
    return served.robots;
  }
  const input = await readRobotsFile(path);
  if (input.notice) reportError('diff', input.notice);
  return parseRobots(input.bytes);
}

function tokenList(values: readonly string[] | undefined, option: string): string[] | undefined {
  if (values === undefined) return undefined;
  const tokens = values.flatMap((v) => v.split(',')).map((t) => t.trim()).filter((t) => t !== '');
  if (tokens.length === 0) throw new UsageError(`${option} needs at least one crawler token, e.g. ${option} Googlebot,GPTBot`);
  return tokens;
}

interface Guard {
  readonly crawlers: readonly string[];
  /** Guarded crawlers with verdict changes, as their tokens. */
  readonly changed: readonly string[];
}

function guardResult(oldFile: RobotsFile, newFile: RobotsFile, tokens: readonly string[]): Guard {
  const result = diffRobots(oldFile, newFile, { crawlers: tokens });
  return { crawlers: tokens, changed: result.crawlers.filter((c) => c.changes.length > 0).map((c) => c.token) };
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// output
// ─────────────────────────────────────────────────────────────────────────────────────────

function toJson(oldPath: string, newPath: string, diff: RobotsDiff, flips: FlipCount[] | undefined, logs: readonly LogTally[], guard: Guard | undefined): unknown {
  const byToken = new Map((flips ?? []).map((f) => [f.token.toLowerCase(), f]));
  return {
    old: oldPath,
    new: newPath,
    unchanged: diff.unchanged,
    crawlers: diff.crawlers.map((c) => {
      const requests = flips ? byToken.get(c.token.toLowerCase()) : undefined;
      return {
        token: c.token,
        ...(c.crawler ? { crawler: c.crawler.id } : {}),
        chain: c.chain,
        ...(c.groupChange ? { groupChange: c.groupChange } : {}),
        changes: c.changes,
        ...(requests ? { requests: withoutToken(requests) } : {}),
      };
    }),
    shadowing: diff.shadowing,
    ...(flips ? { requests: flips, logs } : {}),
    ...(guard ? { failOnChange: guard } : {}),
  };
}

function withoutToken(count: FlipCount): Omit<FlipCount, 'token' | 'crawler'> {
  const { requests, newlyDisallowed, newlyAllowed, examples } = count;
  return { requests, newlyDisallowed, newlyAllowed, examples };
}

function formatText(oldPath: string, newPath: string, diff: RobotsDiff, flips: FlipCount[] | undefined, logs: readonly LogTally[], guard: Guard | undefined): string {
  const out: string[] = [`robots-lens diff ${oldPath} → ${newPath}`, ''];
  if (diff.crawlers.length === 0) out.push("No crawler's verdicts change.", '');
  for (const group of groupCrawlerDiffs(diff.crawlers)) {
    out.push(heading(group.crawlers));
    if (group.groupChange) out.push(`  group: ${plain(group.groupChange.description)}`);
    for (const change of group.changes) out.push(...changeLines(change));
    out.push('');
  }
  if (diff.shadowing.length > 0) {
    out.push('Rules that can no longer decide anything:');
    for (const s of diff.shadowing) out.push(`  - ${plain(s.description)}`);
    out.push('');
  }
  if (flips) out.push(...flipLines(flips, logs), '');
  if (guard) {
    out.push(
      guard.changed.length > 0
        ? `FAIL: verdicts change for ${guard.changed.join(', ')} (--fail-on-change ${guard.crawlers.join(',')}).`
        : `OK: no verdict changes for ${guard.crawlers.join(', ')}.`,
      '',
    );
  }
  return out.join('\n');
}

function preferenceText(changes: readonly PreferenceLineChange[]): string {
  if (changes.length === 0) return '';
  const lines = changes.map((c) => {
    const where = c.agents.length === 0 ? 'outside any group' : `in the User-agent: ${c.agents.length > 3 ? `${c.agents.slice(0, 3).join(', ')} and ${c.agents.length - 3} more` : c.agents.join(', ')} group`;
    return `  ${c.kind === 'added' ? '+' : '-'} ${c.text}  ${where} (${c.kind === 'added' ? 'new' : 'old'} line ${c.line})`;
  });
  return ['', 'Content-Signal and Content-Usage lines:', ...lines, ''].join('\n') + '\n';
}

function heading(crawlers: readonly CrawlerDiff[]): string {
  // "Any other crawler" says most about a change of the * group: name it first.
  const ordered = [...crawlers.filter((c) => c.token === '*'), ...crawlers.filter((c) => c.token !== '*')];
  const names = ordered.slice(0, NAMES_IN_HEADING).map((c) => displayToken(c));
  const more = crawlers.length - names.length;
  const count = crawlers.length > 1 ? ` (${crawlers.length} crawlers)` : '';
  return `${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}${count}`;
}

/**
 * The diff's sentences mark rules and paths as code with backticks, which the Compare panel
 * shows as code; a terminal shows no Markdown, so they are quoted instead. A span holding a
 * double quote is left as written (the core quotes text holding a backtick with them).
 */
function plain(description: string): string {
  return description.replace(/`([^`"]*)`/g, '"$1"');
}

function changeLines(change: VerdictChange): string[] {
  const lines = [`  - ${plain(change.description)}`];
  // Inexact descriptions carry their examples already.
  if (change.exact && change.examples.length > 0) lines.push(`      e.g. ${change.examples.join(', ')}`);
  return lines;
}

function flipLines(flips: readonly FlipCount[], logs: readonly LogTally[]): string[] {
  const out: string[] = [];
  for (const log of logs) {
    out.push(`Log ${log.file} (${log.format}): ${countOf(log.lines, 'line')}, ${countOf(log.requests, 'request')}${log.unreadable > 0 ? `, ${countOf(log.unreadable, 'unreadable line')}` : ''}.`);
    for (const warning of log.warnings ?? []) out.push(`  warning: ${warning}`);
  }
  const total = flips.reduce((sum, f) => sum + f.requests, 0);
  const flipped = flips.reduce((sum, f) => sum + f.newlyDisallowed + f.newlyAllowed, 0);
  out.push(`Requests from crawlers and other non-browser clients: ${formatCount(total)}; decided differently by the new version: ${formatCount(flipped)}.`);
  const width = Math.max(0, ...flips.map((f) => f.token.length));
  for (const f of flips) {
    if (f.newlyDisallowed + f.newlyAllowed === 0) continue;
    const parts: string[] = [];
    if (f.newlyDisallowed > 0) parts.push(`${formatCount(f.newlyDisallowed)} newly disallowed (e.g. ${urls(f.examples.newlyDisallowed)})`);
    if (f.newlyAllowed > 0) parts.push(`${formatCount(f.newlyAllowed)} newly allowed (e.g. ${urls(f.examples.newlyAllowed)})`);
    out.push(`  ${f.token.padEnd(width)}  ${countOf(f.requests, 'request')}: ${parts.join('; ')}`);
  }
  return out;
}

function urls(examples: readonly FlipExample[]): string {
  return examples.slice(0, 3).map((e) => e.url).join(', ');
}
