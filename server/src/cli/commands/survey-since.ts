/**
 * `survey --since PREVIOUS.json`: a watch on the robots.txt actually served. The previous
 * survey's JSON lines are read back, and per site this says what changed: status, state,
 * redirects, bytes, each crawler's category and tested verdicts (`siteChanges`), and the
 * semantic diff of the rules themselves (the diff package, on the two files' text).
 */

import { diffRobots, displayToken } from '@robots-lens/diff';
import { hostOf, siteChanges } from '@robots-lens/fetch/survey';
import type { SiteSurvey } from '@robots-lens/fetch/survey';
import { parseRobots } from '@robots-lens/kernel/parse';
import { readInputFile } from '../../node/files';
import { InputError } from '../../node/input-error';

export interface SiteWatch {
  readonly site: string;
  /** Sentences of what changed; empty when nothing did. */
  readonly changes: readonly string[];
}

/** The sites of a survey written with `--json`, by origin. */
export async function readPreviousSurvey(path: string): Promise<Map<string, SiteSurvey>> {
  const text = new TextDecoder().decode(await readInputFile(path, 'survey JSON file'));
  const sites = new Map<string, SiteSurvey>();
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InputError(`${path} line ${index + 1} is not JSON: --since takes what survey --json wrote.`);
    }
    if (isObject(value) && 'totals' in value) continue;
    if (!isSiteSurvey(value)) throw new InputError(`${path} line ${index + 1} is not a site of a survey: --since takes what survey --json wrote.`);
    sites.set(value.site, value);
  }
  return sites;
}

/** What changed on each site since `previous`, and the sites surveyed then but not now. */
export function watchSites(previous: ReadonlyMap<string, SiteSurvey>, current: readonly SiteSurvey[], agents: readonly string[]): SiteWatch[] {
  const watches: SiteWatch[] = [];
  for (const site of current) {
    const before = previous.get(site.site);
    if (before === undefined) {
      watches.push({ site: site.site, changes: ['not in the previous survey'] });
      continue;
    }
    watches.push({ site: site.site, changes: [...siteChanges(before, site), ...ruleChanges(before, site, agents)] });
  }
  const now = new Set(current.map((s) => s.site));
  for (const site of previous.keys()) if (!now.has(site)) watches.push({ site, changes: ['in the previous survey, not in this one'] });
  return watches;
}

/** The semantic diff of the two files' rules, for the surveyed crawlers. */
function ruleChanges(before: SiteSurvey, now: SiteSurvey, agents: readonly string[]): string[] {
  if (before.text === undefined || now.text === undefined || before.text === now.text) return [];
  const diff = diffRobots(parseRobots(before.text), parseRobots(now.text), { crawlers: [...agents] });
  const out: string[] = [];
  for (const crawler of diff.crawlers) {
    if (crawler.groupChange) out.push(`rules for ${displayToken(crawler)}: ${crawler.groupChange.description}`);
    for (const change of crawler.changes) out.push(`rules for ${displayToken(crawler)}: ${change.description}`);
  }
  return out.length > 0 ? out : ["the file changed; no tested crawler's verdicts change"];
}

export function watchLines(watches: readonly SiteWatch[]): string[] {
  const changed = watches.filter((w) => w.changes.length > 0);
  const out = [`Since the previous survey: ${changed.length === 0 ? 'nothing changed.' : `${changed.length} of ${watches.length} sites changed.`}`];
  for (const watch of changed) for (const change of watch.changes) out.push(`  ${hostOf(watch.site)}: ${change}`);
  return out;
}

const CATEGORIES: ReadonlySet<string> = new Set(['site', 'all-tested', 'some-tested', 'none']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSiteSurvey(value: unknown): value is SiteSurvey {
  if (!isObject(value) || typeof value['site'] !== 'string' || !isObject(value['fetch'])) return false;
  const fetch = value['fetch'];
  return (
    Array.isArray(fetch['hops']) &&
    Array.isArray(value['agents']) &&
    Array.isArray(value['verdicts']) &&
    (value['text'] === undefined || typeof value['text'] === 'string') &&
    (fetch['hops'] as unknown[]).every((h) => isObject(h) && typeof h['status'] === 'number' && (h['location'] === null || typeof h['location'] === 'string')) &&
    (fetch['status'] === null || typeof fetch['status'] === 'number') &&
    (fetch['bytes'] === null || typeof fetch['bytes'] === 'number') &&
    typeof fetch['state'] === 'string' &&
    (value['agents'] as unknown[]).every((a) => isObject(a) && typeof a['agent'] === 'string' && CATEGORIES.has(a['category'] as string)) &&
    (value['verdicts'] as unknown[]).every((v) => isObject(v) && typeof v['agent'] === 'string' && typeof v['path'] === 'string' && typeof v['allowed'] === 'boolean')
  );
}
