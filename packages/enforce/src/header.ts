/**
 * The comment every snippet starts with: what it blocks, for whom, how it plugs in, and what
 * it cannot express. Text from robots.txt (patterns) is hostile: it is written here only as
 * printable ASCII, everything else as `\xHH` or `\u{…}`.
 */

import type { EnforcePlan, PlannedRule } from './plan';

export interface SnippetHeader {
  /** How the robots.txt was named (a path), printed escaped. */
  readonly source: string;
  readonly status: number;
  /** The lines saying how to plug the snippet in. */
  readonly usage: readonly string[];
  /** What this server adds to the plan's limits. */
  readonly serverLimits: readonly string[];
  readonly notes: readonly string[];
}

/** The header lines, without the comment marker. */
export function headerLines(plan: EnforcePlan, header: SnippetHeader): string[] {
  const names = plan.crawlers.map((c) => c.crawler.token).join(', ');
  const lines = [
    `robots-lens enforce: server rules compiled from ${printable(header.source)}.`,
    `Answers ${header.status} to a request whose User-Agent names ${names} (recognised by the crawler catalogue's names, whole words only)`,
    `when that crawler's robots.txt group disallows the URL; /robots.txt and every other request are untouched.`,
    'robots.txt stays the source of truth: compile again after every change to it.',
    ...header.usage,
  ];
  for (const c of plan.crawlers) {
    const blocking = c.rules.filter((r) => !r.allow).length;
    if (c.group === null) lines.push(`${c.crawler.token}: no group of this robots.txt applies to it, so nothing is blocked.`);
    else lines.push(`${c.crawler.token}: the ${c.group.token} group (User-agent line ${c.group.agentLines.map((l) => l + 1).join(', ')}), ${blocking} Disallow rule${blocking === 1 ? '' : 's'}.`);
    if (c.crawler.userAgentMarkers.length === 0) lines.push(`${c.crawler.token}: its User-Agent carries no name of its own in the catalogue; only a header that is exactly its token is recognised.`);
  }
  const limits = [...plan.limits, ...header.serverLimits];
  if (limits.length === 0) lines.push('Cannot express: nothing; every request is decided as robots.txt decides.');
  else lines.push('Cannot express exactly:', ...limits.map((l) => `- ${l}`));
  lines.push(...header.notes.map((n) => `Note: ${n}`));
  return lines;
}

/** One rule as a comment: its line, kind and pattern as written. */
export function ruleComment(rule: PlannedRule): string {
  const kind = rule.allow ? 'Allow' : 'Disallow';
  const implicit = rule.implicit ? ` (so ${printable(rule.normalized)} exactly)` : '';
  return `line ${rule.line + 1}: ${kind}: ${printable(rule.pattern)}${implicit}`;
}

/** Printable ASCII as is, everything else escaped: the comment can never end early or carry control bytes. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x100) out += `\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += `\\u{${cp.toString(16).toUpperCase()}}`;
  }
  return out;
}
