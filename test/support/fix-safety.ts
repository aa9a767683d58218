/**
 * What applying a quick fix does to verdicts, checked with the real matcher: every fix of
 * every finding of a file is applied, the file parsed again, and each crawler's verdict on
 * a set of URLs compared before and after. A fix must never make things worse:
 *
 * - a fix that does not say it makes rules take effect (`Fix.takesEffect`) never turns an
 *   allowed URL disallowed, for any crawler;
 * - a fix that does may disallow URLs that are allowed now only through the lines it
 *   writes: the rule that decides such a URL afterwards is on a line the fix wrote, or in
 *   a group whose User-agent line it wrote, or the crawler is one whose token a User-agent
 *   line the fix rewrote no longer names (it leaves that group, as the fix says);
 * - no fix writes a rule that closes the whole site, or nearly: one that disallows a path
 *   no rule of the file names.
 *
 * The URLs are the home page, a path nobody names, and paths built from the patterns of
 * the groups a fix touches and of the file (a few per pattern: where it starts to bite,
 * and with its stars filled). The crawlers are the catalogue's, every token the file
 * names, and one that only the `*` group speaks to.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { lint } from '@robots-lens/editor/lint';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { Finding, Fix } from '@robots-lens/editor/lint';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import type { TextEdit } from '@robots-lens/editor/lint';
import { decide, patternLanguage } from '@robots-lens/kernel/match';
import { productToken, tokenKey } from '@robots-lens/kernel/product-token';

/** A path no robots.txt names: a rule a fix writes that disallows it closes (nearly) the whole site. */
const UNNAMED_PATH = '/zq9-unnamed-page';
/** Violations kept per fix. */
const MAX_EXAMPLES = 5;
/** Rules of one touched group whose paths are tried: those nearest the lines the fix touches. */
const MAX_GROUP_RULES = 200;
/** A token no group names: it uses the `*` group. */
const STAR_ONLY_AGENT = 'Zq9UnnamedBot';

export interface FixViolation {
  readonly id: string;
  readonly fix: string;
  readonly agent: string;
  readonly url: string;
  readonly why: string;
}

export interface FixSafetyReport {
  /** Fixes applied. */
  readonly fixes: number;
  /** Verdicts compared (crawler × URL, before and after one fix). */
  readonly comparisons: number;
  /** Fixes that say they make rules take effect, and how many verdicts they turned to disallowed. */
  readonly takingEffect: number;
  readonly newlyDisallowed: number;
  /** Fixes applied by kind: `id: title` with what the title quotes or counts left out (see `generalTitle`). */
  readonly applied: ReadonlyMap<string, number>;
  readonly violations: readonly FixViolation[];
}

export interface FixSafetyOptions {
  /** At most this many findings of one id per file have their fixes applied. */
  readonly maxFindingsPerId?: number;
  /** At most this many crawler tokens named by the file are asked about (besides the catalogue's). */
  readonly maxTokens?: number;
}

/** Applies edits the way an editor does: all against the original text, none overlapping. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.span.start - a.span.start || b.span.end - a.span.end);
  let out = text;
  let limit = Number.POSITIVE_INFINITY;
  for (const edit of sorted) {
    if (edit.span.end > limit) throw new Error('edits overlap');
    if (edit.span.start > edit.span.end || edit.span.end > text.length) throw new Error('edit out of range');
    out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
    limit = edit.span.start;
  }
  return out;
}

/** Applies every fix of every finding of `input` and checks what it does to verdicts. */
export function checkFixes(input: string | Uint8Array, options: FixSafetyOptions = {}): FixSafetyReport {
  // Fixes are edits of the decoded text: the file before them is that text, parsed as an editor would.
  const before = parseRobots(typeof input === 'string' ? input : parseRobots(input).text);
  const findings = lint(before);
  const perId = new Map<string, number>();
  const applied = new Map<string, number>();
  const violations: FixViolation[] = [];
  let fixes = 0;
  let comparisons = 0;
  let takingEffect = 0;
  let newlyDisallowed = 0;
  const beforeAgents = namedTokens(before);
  for (const finding of findings) {
    if (!finding.fixes || finding.fixes.length === 0) continue;
    const seen = perId.get(finding.id) ?? 0;
    if (seen >= (options.maxFindingsPerId ?? Number.POSITIVE_INFINITY)) continue;
    perId.set(finding.id, seen + 1);
    for (const fix of finding.fixes) {
      fixes++;
      const kind = `${finding.id}: ${generalTitle(fix.title)}`;
      applied.set(kind, (applied.get(kind) ?? 0) + 1);
      const trial = tryFix(before, beforeAgents, finding, fix, options);
      comparisons += trial.comparisons;
      if (fix.takesEffect) takingEffect++;
      newlyDisallowed += trial.newlyDisallowed;
      for (const v of trial.violations) violations.push(v);
    }
  }
  return { fixes, comparisons, takingEffect, newlyDisallowed, applied, violations };
}

interface Trial {
  readonly comparisons: number;
  readonly newlyDisallowed: number;
  readonly violations: FixViolation[];
}

function tryFix(before: RobotsFile, beforeAgents: readonly string[], finding: Finding, fix: Fix, options: FixSafetyOptions): Trial {
  const afterText = applyEdits(before.text, fix.edits);
  const after = parseRobots(afterText);
  const written = writtenLines(before.text, afterText, fix.edits);
  const edited = editedLines(before, fix.edits);
  // The groups the fix touches, before and after: their rules name the URLs that may change.
  const groupsBefore = groupsOfLines(before, edited);
  const groupsAfter = groupsOfLines(after, written);
  const writtenAgentGroups = new Set<number>();
  for (const line of written) {
    const l = after.lines[line];
    if (l?.kind === 'user-agent' && l.group !== undefined) writtenAgentGroups.add(l.group);
  }
  // Tokens a rewritten User-agent line no longer names: their crawlers leave the group, as the fix says.
  const renamedTokens = new Set<string>();
  for (const line of edited) {
    const l = before.lines[line];
    if (l?.kind === 'user-agent') renamedTokens.add(tokenKey(productToken(l.value)));
  }

  const urls = new Set<string>(['/', UNNAMED_PATH, '/robots.txt?x']);
  for (const g of groupsBefore) for (const rule of nearest(before.groups[g]?.rules ?? [], edited)) for (const u of pathsOf(rule.normalized)) urls.add(u);
  for (const g of groupsAfter) for (const rule of nearest(after.groups[g]?.rules ?? [], written)) for (const u of pathsOf(rule.normalized)) urls.add(u);
  addFilePaths(before, urls, 120);
  addFilePaths(after, urls, 120);

  const agents = new Set<string>([STAR_ONLY_AGENT, ...CRAWLERS.map((c) => c.token), ...beforeAgents.slice(0, options.maxTokens ?? 200)]);
  for (const token of namedTokens(after).slice(0, options.maxTokens ?? 200)) agents.add(token);

  // Crawlers that use the same groups before and after get the same verdicts: one of each kind is asked.
  const kinds = new Map<string, string>();
  for (const agent of agents) {
    const key = `${poolKey(before, agent)}|${poolKey(after, agent)}`;
    if (!kinds.has(key)) kinds.set(key, agent);
  }
  const violations: FixViolation[] = [];
  let comparisons = 0;
  let newly = 0;
  for (const agent of kinds.values()) {
    const leavesGroup = matcherFor(before).resolve(agent).chain.some((token) => renamedTokens.has(tokenKey(token)));
    for (const url of urls) {
      comparisons++;
      const was = decide(before, url, agent);
      if (was.allowed !== true) continue;
      const now = decide(after, url, agent);
      if (now.allowed !== false) continue;
      newly++;
      const rule = now.rule;
      // A few examples per fix say enough; a broken fix would otherwise list thousands.
      const report = (why: string): void => void (violations.length < MAX_EXAMPLES && violations.push({ id: finding.id, fix: fix.title, agent, url, why }));
      const byWrittenLine = rule !== null && written.has(rule.line);
      if (url === UNNAMED_PATH && byWrittenLine) report('the fix writes a rule that disallows a path no rule names: it closes (nearly) the whole site');
      if (!fix.takesEffect) report(`allowed before, disallowed after (by line ${(rule?.line ?? -1) + 1}), though the fix does not set out to change verdicts`);
      else if (rule && !byWrittenLine && !leavesGroup && !(now.group?.groups ?? []).some((g) => writtenAgentGroups.has(g))) {
        report(`disallowed after by line ${rule.line + 1}, which the fix did not write, in a group whose User-agent lines it did not write`);
      }
    }
  }
  return { comparisons, newlyDisallowed: newly, violations };
}

/** Lines of the text after the fix that hold a character the fix wrote (not a line break). */
function writtenLines(beforeText: string, afterText: string, edits: readonly TextEdit[]): Set<number> {
  const starts = lineStarts(afterText);
  const lines = new Set<number>();
  // Edits apply against the original text: each one's new text lands shifted by the edits before it.
  let shift = 0;
  for (const edit of [...edits].sort((a, b) => a.span.start - b.span.start)) {
    const at = edit.span.start + shift;
    for (let i = 0; i < edit.newText.length; i++) {
      const c = edit.newText[i];
      if (c !== '\n' && c !== '\r') lines.add(lineAt(starts, at + i));
    }
    // A deletion inside a line rewrites that line too (`%2F` → `/`).
    if (edit.newText === '' && edit.span.end > edit.span.start) {
      const removed = beforeText.slice(edit.span.start, edit.span.end);
      if (!removed.includes('\n') && !removed.includes('\r')) lines.add(lineAt(starts, at));
    }
    shift += edit.newText.length - (edit.span.end - edit.span.start);
  }
  return lines;
}

/** Lines of the file before the fix that an edit changes or removes. */
function editedLines(file: RobotsFile, edits: readonly TextEdit[]): Set<number> {
  const lines = new Set<number>();
  for (const edit of edits) {
    for (const line of file.lines) {
      if (line.end < edit.span.start) continue;
      if (line.start > edit.span.end) break;
      lines.add(line.index);
    }
  }
  return lines;
}

function groupsOfLines(file: RobotsFile, lines: ReadonlySet<number>): Set<number> {
  const groups = new Set<number>();
  for (const l of lines) {
    const group = file.lines[l]?.group;
    if (group !== undefined) groups.add(group);
    // A rule before any User-agent line changes nothing today; the group that follows may.
    else if (file.groups[0] && l < file.groups[0].firstLine) groups.add(0);
  }
  return groups;
}

/** The rules of a group nearest to the lines a fix touches: all of them in a group of ordinary size. */
function nearest(rules: readonly Rule[], lines: ReadonlySet<number>): readonly Rule[] {
  if (rules.length <= MAX_GROUP_RULES) return rules;
  const touched = [...lines];
  const distance = (rule: Rule): number => Math.min(...touched.map((l) => Math.abs(l - rule.line)));
  return [...rules].sort((a, b) => distance(a) - distance(b)).slice(0, MAX_GROUP_RULES);
}

function addFilePaths(file: RobotsFile, urls: Set<string>, limit: number): void {
  let added = 0;
  for (const group of file.groups) {
    for (const rule of group.rules) {
      if (added >= limit) return;
      for (const u of pathsOf(rule.normalized)) urls.add(u);
      added++;
    }
  }
}

/**
 * A few paths near a pattern: its literal prefix, the pattern with its stars empty and
 * filled, each with something after it. Not all are matched: the ones around the edge tell
 * as much.
 */
function pathsOf(normalized: string): string[] {
  if (normalized === '' || normalized.length > 300) return [];
  const lang = patternLanguage(normalized);
  const glob = lang.glob;
  const out = new Set<string>();
  const withSlash = (p: string): string => (p.startsWith('/') ? p : '/' + p);
  out.add(withSlash(lang.literalPrefix));
  for (const filler of ['', 'a/b']) {
    const path = withSlash(glob.replace(/\*/g, filler));
    out.add(path);
    out.add(path + 'x');
    out.add(path + '/x?y=1');
  }
  return [...out];
}

/** The groups a crawler uses in a file (`-` for none). */
function poolKey(file: RobotsFile, agent: string): string {
  const matcher = matcherFor(file);
  return matcher.select(matcher.resolve(agent))?.group.groups.join(',') ?? '-';
}

function namedTokens(file: RobotsFile): string[] {
  const tokens: string[] = [];
  for (const group of file.groups) for (const agent of group.agents) if (!agent.isStar && agent.token !== '') tokens.push(agent.token);
  return [...new Set(tokens)];
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0d) {
      if (text.charCodeAt(i + 1) === 0x0a) i++;
      starts.push(i + 1);
    } else if (c === 0x0a) starts.push(i + 1);
  }
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A fix title without what it quotes or counts: `Prefix "/": "/x"` → `Prefix "…": "…"`. */
export function generalTitle(title: string): string {
  return title
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, 'N')
    // The crawlers a copy is for: `Copy the N * rules Googlebot and Bingbot lack into this group`.
    .replace(/(\* rules?) .* (lacks?) /, '$1 … $2 ')
    .replace(/^Give .* (its|their) own group/, 'Give … $1 own group')
    .replace(/the first .* group \(/, 'the first … group (');
}
