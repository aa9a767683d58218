/**
 * `robots-lens fetch <site-or-url>`: fetch the origin's /robots.txt the way crawlers do and
 * say what the outcome means — the state (rules, unavailable, unreachable), the redirect
 * chain, how the file is served, and what each major crawler does with it.
 */

import { parseArgs } from 'node:util';
import { classifyFetch, robotsFetchReport } from '../../core/fetch';
import type { CrawlerConsequence, RobotsFetchReport } from '../../core/fetch';
import { fetchRobotsTxt } from '../../node/http-fetch';
import { UsageError } from '../usage';

export async function runFetch(argv: readonly string[], io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      'max-bytes': { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('give one site or URL, e.g. robots-lens fetch example.com');
  const timeoutMs = positiveInteger(values.timeout, '--timeout');
  const maxBytes = positiveInteger(values['max-bytes'], '--max-bytes');
  const outcome = await fetchRobotsTxt(positionals[0]!, {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  });
  const report = robotsFetchReport(classifyFetch(outcome));
  await write(io.stdout, values.json ? JSON.stringify(report, null, 2) + '\n' : formatFetchReport(report));
  return 0;
}

/** A whole number ≥ 1 from an option, or undefined when the option is absent. */
export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a whole number of 1 or more, not "${value}".`);
  }
  return Number(value);
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
    out.push(`body      ${report.bytes} bytes${report.truncated ? ' (reading stopped at the byte limit)' : ''}, ${type}`);
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
