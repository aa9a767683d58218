/**
 * Sentences for the diff. Lines are 1-based and say which version they belong to, since
 * an edit moves lines around: "new line 12", "old line 8", or plain "line 8" when the rule
 * sits on the same line in both.
 */

import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { BothRule } from './region-rules';
import type { RegionClaim } from './regions';
import type { Selection } from './selection';
import type { RuleRef, VerdictChangeKind } from './types';

/** At most this many items are spelled out in a sentence; the data keeps all of them. */
const MAX_LISTED = 8;

export interface Versions {
  readonly old: RobotsFile;
  readonly new: RobotsFile;
}

export function ruleRef(file: RobotsFile, line: number): RuleRef {
  return { line: line + 1, text: statementText(file, line) };
}

export function describeExact(claim: RegionClaim, files: Versions): string {
  const items: string[] = claim.exceptPrefixes.map((q) => code(q));
  if (claim.exceptRobotsTxt) items.push('`/robots.txt` (always allowed)');
  const listed = items.slice(0, MAX_LISTED);
  const more = items.length - listed.length;
  if (more > 0) listed.push(`${more} more longer prefix${more === 1 ? '' : 'es'}`);
  if (claim.exceptRules.length > 0) {
    const rules = claim.exceptRules.slice(0, MAX_LISTED).map((e) => `${code(e.rule.normalized)} (${lineOf(e.rule)})`);
    const others = claim.exceptRules.length - rules.length;
    if (others > 0) rules.push(`${others} other wildcard rules`);
    listed.push(`paths matching ${orList(rules)}`);
  }
  const except = listed.length > 0 ? `, except ${joinList(listed)},` : '';
  const what = claim.rule ? `Every path matching ${code(claim.rule.normalized)} (${whereIs(claim.rule)})` : subject(claim.pattern);
  let text = `${what}${except} ${verb(claim.kind, 'one')} (${reasons(claim, files)}).`;
  for (const stays of ['allowed', 'disallowed'] as const) {
    const rules = claim.exceptRules.filter((e) => e.stays === stays);
    if (rules.length > 0) text += ` Paths there matching ${orList(rules.map((e) => code(e.rule.normalized)))} stay ${stays}.`;
  }
  return text;
}

export function describeInexact(claim: RegionClaim, files: Versions, examples: readonly string[]): string {
  const rule = claim.rule;
  const what = rule ? `paths matching ${code(rule.normalized)} (${whereIs(rule)})` : `paths starting with ${code(claim.pattern)}`;
  const eg = examples.length > 0 ? `, e.g. ${examples.slice(0, 3).map(code).join(', ')}` : '';
  return `Some ${what} ${verb(claim.kind, 'many')}${eg} (${reasons(claim, files)}).`;
}

export function describeUndecided(claim: RegionClaim): string {
  const direction = claim.kind === 'newly-disallowed' ? 'disallowed' : 'allowed';
  const rules = claim.interacting !== undefined ? `${claim.interacting} wildcard rules interact there` : 'many wildcard rules interact there';
  return `Some paths starting with ${code(claim.pattern)} may be newly ${direction}: ${rules}, too many to decide which; check them with robots-lens test.`;
}

/** What decides the region now and what decided it before. */
function reasons(claim: RegionClaim, files: Versions): string {
  const now = claim.newRules.length > 0 ? decidedBy(claim.newRules, 'new', files.new) : 'new: no rule matches';
  const before = claim.oldRules.length > 0 ? decidedBy(claim.oldRules, 'old', files.old) : 'old: no rule matched';
  return `${now}; ${before}`;
}

function decidedBy(rules: readonly BothRule[], version: 'old' | 'new', file: RobotsFile): string {
  const refs: string[] = [];
  for (const rule of rules) {
    const lines = (version === 'old' ? rule.oldLines : rule.newLines) ?? [];
    const line = lines[0];
    if (line === undefined) continue;
    const text = statementText(file, line);
    refs.push(`${line + 1} ${code(text)}${rule.implicit ? ` (read by Google as also allowing ${code(rule.normalized.slice(0, -1))} exactly)` : ''}`);
  }
  const listed = refs.slice(0, MAX_LISTED);
  const more = refs.length - listed.length;
  return `${version} line${refs.length > 1 ? 's' : ''} ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** Where a rule of either version sits. */
export function whereIs(rule: BothRule): string {
  const o = rule.oldLines?.[0];
  const n = rule.newLines?.[0];
  if (o !== undefined && n !== undefined) return o === n ? `line ${o + 1}` : `old line ${o + 1}, new line ${n + 1}`;
  if (n !== undefined) return `new line ${n + 1}`;
  return `old line ${(o ?? 0) + 1}`;
}

/** One line for a rule named in passing: the new version's when it has one. */
function lineOf(rule: BothRule): string {
  const o = rule.oldLines?.[0];
  const n = rule.newLines?.[0];
  if (n !== undefined) return o === n ? `line ${n + 1}` : `new line ${n + 1}`;
  return `old line ${(o ?? 0) + 1}`;
}

function subject(prefix: string): string {
  if (prefix === '/') return 'Every path (`/` and everything under it)';
  if (prefix.endsWith('/')) return `${code(prefix)} and everything under it`;
  return `Every path starting with ${code(prefix)}`;
}

function verb(kind: VerdictChangeKind, number: 'one' | 'many'): string {
  return `${number === 'one' ? 'is' : 'are'} now ${kind === 'newly-disallowed' ? 'disallowed' : 'allowed'}`;
}

export function selectionText(selection: Selection | null, version: 'old' | 'new'): string {
  if (!selection) return 'no group';
  const lines = selection.agentLines.map((l) => l + 1);
  return `the User-agent: ${selection.token} group (${version} line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`;
}

export function ruleList(refs: readonly RuleRef[], version: 'old' | 'new'): string {
  const listed = refs.slice(0, MAX_LISTED).map((r) => `${code(r.text)} (${version} line ${r.line})`);
  const more = refs.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

export function code(text: string): string {
  return text.includes('`') ? `"${text}"` : `\`${text}\``;
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]!}`;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
