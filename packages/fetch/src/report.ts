/**
 * The fetch result as plain JSON-able data: what `robots-lens fetch --json` prints and what
 * an editor command receives. No parsed model, no bytes — counts and lists a user reads.
 * Also its text form, shared by `robots-lens fetch` and the editor's fetched-document header.
 */

import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { RobotsFetchResult } from './classify';
import type { CrawlerConsequence } from './consequences';
import { plural } from '@robots-lens/kernel/words';

/** What the rules of a fetched file amount to. */
export interface RulesSummary {
  /** Groups as written (groups naming the same token are counted separately). */
  readonly groups: number;
  /** Allow and Disallow lines inside groups. */
  readonly rules: number;
  /** Every Sitemap URL, in file order (never capped). */
  readonly sitemaps: readonly string[];
  /** The distinct product tokens of the User-agent lines, as Google reads them (`*` for the fallback group). */
  readonly agents: readonly string[];
}

/** Facts of the result a report carries as they are (`robotsFetchReport` copies them). */
type CopiedFacts = 'origin' | 'url' | 'finalUrl' | 'chain' | 'status' | 'state' | 'explanation' | 'bytes' | 'truncated' | 'contentType' | 'warnings' | 'error';

/** The result as plain data: its facts, with the parsed file and the crawlers' policies as counts and lists. */
export interface RobotsFetchReport extends Pick<RobotsFetchResult, CopiedFacts> {
  /** Present when the state is `rules`. */
  readonly rules: RulesSummary | null;
  readonly crawlers: readonly CrawlerConsequence[];
  /** The decoded body (BOM removed) when the state is `rules` and `includeText` was asked for. */
  readonly text?: string;
}

export function rulesSummary(robots: RobotsFile): RulesSummary {
  const agents: string[] = [];
  const seen = new Set<string>();
  let rules = 0;
  for (const group of robots.groups) {
    rules += group.rules.length;
    for (const agent of group.agents) {
      const name = agent.isStar ? '*' : agent.token !== '' ? agent.token : agent.value;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      agents.push(name);
    }
  }
  return { groups: robots.groups.length, rules, sitemaps: robots.sitemaps.map((s) => s.url), agents };
}

/**
 * The JSON-able report of a fetch. `includeText` adds the decoded file (for an editor that
 * opens it); the CLI leaves it out.
 */
export function robotsFetchReport(result: RobotsFetchResult, options: { readonly includeText?: boolean } = {}): RobotsFetchReport {
  return {
    origin: result.origin,
    url: result.url,
    finalUrl: result.finalUrl,
    chain: result.chain.map((hop) => ({ url: hop.url, status: hop.status, ...(hop.location !== undefined ? { location: hop.location } : {}) })),
    status: result.status,
    state: result.state,
    explanation: result.explanation,
    bytes: result.bytes,
    truncated: result.truncated,
    contentType: result.contentType,
    warnings: result.warnings,
    error: result.error,
    rules: result.robots !== null ? rulesSummary(result.robots) : null,
    crawlers: result.consequences,
    ...(options.includeText === true && result.robots !== null ? { text: result.robots.text } : {}),
  };
}

/** The human-readable report: chain, state, body, rules, warnings, then what each crawler does. */
export function formatFetchReport(report: RobotsFetchReport): string {
  const out: string[] = [];
  out.push(`robots.txt for ${report.origin}`);
  for (const hop of report.chain) out.push(`  ${hop.status}  ${hop.url}${hop.location !== undefined ? `  → ${hop.location}` : ''}`);
  if (report.error !== null) out.push(`  ---  ${report.finalUrl}  ${report.error.kind}: ${report.error.message}`);
  out.push(`state     ${report.state} — ${report.explanation}`);
  if (report.bytes !== null) {
    const type = report.contentType ?? 'no Content-Type';
    out.push(`body      ${plural(report.bytes, 'byte')}${report.truncated ? ' (reading stopped at the byte limit)' : ''}, ${type}`);
  }
  if (report.rules !== null) {
    const r = report.rules;
    out.push(
      `rules     ${plural(r.groups, 'group')}, ${plural(r.rules, 'rule')}, ${plural(r.sitemaps.length, 'sitemap')}` +
        (r.agents.length > 0 ? `; user-agents: ${r.agents.join(', ')}` : ''),
    );
    for (const sitemap of r.sitemaps) out.push(`          Sitemap: ${sitemap}`);
  }
  if (report.warnings.length > 0) {
    out.push('warnings');
    for (const w of report.warnings) out.push(`  ${w.code}: ${w.message}`);
  }
  out.push('what crawlers do');
  for (const line of consequenceLines(report.crawlers)) out.push(`  ${line}`);
  return out.join('\n') + '\n';
}

/** Crawlers with the same consequence share a line: `Googlebot, Googlebot-Image: …`. */
export function consequenceLines(consequences: readonly CrawlerConsequence[]): string[] {
  const groups = new Map<string, string[]>();
  for (const c of consequences) {
    const text = c.summary + (c.note !== undefined ? ` — ${c.note}` : '');
    const list = groups.get(text);
    if (list) list.push(c.crawler);
    else groups.set(text, [c.crawler]);
  }
  return [...groups].map(([text, crawlers]) => `${crawlers.join(', ')}: ${text}`);
}

