/**
 * The replay summary as text: what `robots-lens replay` prints once the logs are read.
 * Pure, so any face of the replay can show the very same text.
 */

import type { AuditSummary } from './summary';
import { countOf, formatCount, plural, pluralNoun } from '@robots-lens/kernel/words';

/** Log content is untrusted: control characters (terminal escapes) are shown escaped. */
export function printable(text: string, max = 120): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length > max ? clean.slice(0, max - 1) + '…' : clean;
}

/** Seconds as people say them: 90 s, 10 min, 3 h, 2 d. */
function duration(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return `${seconds / 86_400} d`;
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[], rightFrom: number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The summary as `robots-lens replay` prints it; `sources` says where the versions and the IP lists came from. */
export function formatReplaySummary(s: AuditSummary, sources: { logs: readonly string[]; versions: string; ranges: string }): string {
  const out: string[] = [];
  const push = (line = ''): void => {
    out.push(line);
  };
  push(`robots.txt replay${s.cancelled ? ' (CANCELLED: partial results)' : ''}`);
  for (const f of s.files) {
    push(`  log       ${printable(f.name)}: ${f.format ?? '?'} (${f.formatSource}); ${countOf(f.lines, 'line')}, ${countOf(f.requests, 'request')}, ${formatCount(f.parseFailures)} not parsed, ${formatCount(f.skipped)} blank/comment/header`);
  }
  const t = s.totals;
  push(`  lines     ${formatCount(t.lines)} = ${countOf(t.requests, 'request')} + ${formatCount(t.parseFailures)} not parsed + ${formatCount(t.skipped)} blank, comment or header`);
  push(`  order     judged by time: lines may come up to ${duration(s.order.windowSeconds)} earlier than the latest before them in their file (--reorder-window); ${countOf(s.order.late, 'line')} came later than that${s.order.late > 0 ? ` and ${s.order.late === 1 ? 'was' : 'were'} judged out of order` : ''}`);
  push(`  period    ${s.period.first ?? '–'} … ${s.period.last ?? '–'}`);
  push(`  rules     ${sources.versions}`);
  if (s.versions.length > 1) {
    for (const v of s.versions) push(`            ${v.effective ?? 'all along'}  ${v.label}  (${plural(v.rules, 'rule')})`);
  }
  if (s.beforeFirstVersion > 0) push(`            ${countOf(s.beforeFirstVersion, 'request')} ${s.beforeFirstVersion === 1 ? 'predates' : 'predate'} the earliest version and ${s.beforeFirstVersion === 1 ? 'was' : 'were'} judged by it`);
  push(`  grace     ${s.policy.graceHours} h after a change (old and new verdicts differ ⇒ grace, not a violation)`);
  for (const [i, p] of s.policy.fetchPolicies.entries()) push(`  ${i === 0 ? 'fetches ' : '        '}  robots.txt 429/5xx, ${p.appliesTo}: ${p.policy} policy (${p.brief})`);
  const lists = s.verification.lists.map((l) => `${l.name} (${l.creationTime ?? 'undated'})`).join(', ');
  push(`  verify    IP lists: ${sources.ranges}${lists ? ` — ${lists}` : ''}; reverse DNS ${s.verification.reverseDns ? 'on' : 'off'}`);
  for (const late of s.order.samples.slice(0, 10)) push(`            late: ${printable(late.file)}:${late.line}  ${late.time}, ${duration(late.behindSeconds)} behind`);
  for (const warning of s.inputWarnings) push(`  warning   ${printable(warning, 300)}`);
  push();

  push(`${countOf(t.requests, 'request')}: ${formatCount(t.crawlerRequests)} ${t.crawlerRequests === 1 ? 'claims' : 'claim'} a catalogue crawler (${formatCount(t.verified)} verified, ${formatCount(t.spoofed)} spoofed, ${formatCount(t.unverified)} unverified), ${countOf(s.clients.browsers, 'browser')}, ${countOf(s.clients.otherClients, 'other client')}, ${formatCount(s.clients.noUserAgent)} without User-Agent.`);
  push();
  if (s.crawlers.length > 0) {
    const rows = s.crawlers.map((r) => [
      r.client === 'control-token' ? `${r.crawler} (control token!)` : r.crawler,
      r.verification,
      formatCount(r.requests),
      formatCount(r.allowed),
      formatCount(r.disallowed),
      formatCount(r.grace),
      formatCount(r.unavailable),
      formatCount(r.unreachable),
      formatCount(r.violations),
    ]);
    for (const line of table(['crawler', 'verification', 'requests', 'allowed', 'disallowed', 'grace', 'unavailable', 'unreachable', 'violations'], rows, 2)) push(line);
    push();
    // A crawler with several purposes counts in each of them, so the rows do not add up to the total.
    const purposes = s.byPurpose.map((p) => [p.purpose, formatCount(p.crawlers), formatCount(p.requests), formatCount(p.violations)]);
    for (const line of table(['purpose', 'crawlers', 'requests', 'violations'], purposes, 1)) push(line);
    push();
  }
  const violators = new Set(s.crawlers.filter((r) => r.violations > 0).map((r) => r.crawler));
  push(`Violations: ${countOf(t.violations, 'request')} by ${plural(violators.size, 'crawler')}${violators.size ? ` (${[...violators].join(', ')})` : ''}; ${formatCount(t.grace)} in grace.`);
  if (t.googleLiteralDifferences > 0) {
    push(`Google would differ on ${countOf(t.googleLiteralDifferences, 'crawler request')}: its parser compares percent-escapes literally; these verdicts follow RFC 9309 (see googleLiteral in --json).`);
  }
  if (s.topDisallowed.length > 0) {
    push('Disallowed URLs fetched anyway (by claimed crawlers, spoofed included):');
    const rows = s.topDisallowed.slice(0, 15).map((p) => [formatCount(p.requests), printable(p.url, 70), p.crawlers.join(', ') + (p.spoofed ? ` (${p.spoofed} spoofed)` : '')]);
    for (const line of table(['requests', 'url', 'by'], rows, 99).map((l) => '  ' + l)) push(line);
  }
  push();
  if (s.spoofed.length > 0) {
    push(`Spoofed claims (${s.spoofed.length} source${s.spoofed.length > 1 ? 's' : ''}):`);
    for (const sp of s.spoofed.slice(0, 30)) {
      push(`  ${sp.crawler.padEnd(16)} ${printable(sp.ip).padEnd(26)} ${formatCount(sp.requests).padStart(5)} ${pluralNoun(sp.requests, 'request')}, ${formatCount(sp.disallowed)} disallowed  ${sp.first} … ${sp.last}`);
      push(`  ${''.padEnd(16)} ${printable(sp.evidence, 140)}`);
    }
    push();
  }
  if (s.verification.unchecked.length > 0) {
    push('Unverified claims (nothing could check them):');
    for (const u of s.verification.unchecked) push(`  ${u.crawler.padEnd(20)} ${formatCount(u.requests).padStart(6)}  ${printable(u.reason, 160)}`);
    push();
  }
  if (s.robotsFetches.changes.length > 0) {
    push("robots.txt fetches that changed a crawler's state:");
    for (const c of s.robotsFetches.changes) {
      push(`  ${c.time}  ${c.crawler.padEnd(16)} ${String(c.status ?? '-').padStart(3)} → ${c.state}${c.verification === 'spoofed' ? ' (spoofed: tracked apart)' : ''}  from ${printable(c.ip)}`);
    }
    push();
  }
  if (s.crawlDelay) {
    const cd = s.crawlDelay;
    push(`Crawl-delay (${cd.scope} requests; checked only for ${cd.honouredBy.join(', ')}): ${countOf(cd.violations, 'gap')} shorter than the delay.`);
    for (const r of cd.rows) {
      push(`  ${r.crawler.padEnd(16)} ${r.delaySeconds === null ? 'no Crawl-delay in its group' : `Crawl-delay ${r.delaySeconds} s`}: ${formatCount(r.violations)} of ${countOf(r.checked, 'request')} too soon${r.minGapSeconds !== null ? ` (shortest gap ${r.minGapSeconds} s)` : ''}`);
    }
    if (cd.skippedUnverified > 0) push(`  ${countOf(cd.skippedUnverified, 'request')} of these crawlers ${cd.skippedUnverified === 1 ? 'was' : 'were'} not verified and not checked (use --ranges, --verify-dns, or --crawl-delay-scope claimed).`);
    push();
  }
  const notable = s.timeline.filter((h) => h.spoofed > 0 || h.unreachable > 0 || h.unavailable > 0 || h.grace > 0);
  const busiest = [...s.timeline].filter((h) => h.violations > 0).sort((a, b) => b.violations - a.violations || a.hour.localeCompare(b.hour)).slice(0, 5);
  if (notable.length > 0 || busiest.length > 0) {
    push('Timeline, per hour (UTC):');
    if (busiest.length > 0) push(`  most violations: ${busiest.map((h) => `${h.hour.slice(0, 13)}Z ${formatCount(h.violations)}`).join(', ')}`);
    const rows = notable.slice(0, 36).map((h) => [h.hour.slice(0, 13) + 'Z', formatCount(h.requests), formatCount(h.crawlerRequests), formatCount(h.violations), formatCount(h.spoofed), formatCount(h.grace), formatCount(h.unavailable), formatCount(h.unreachable)]);
    if (rows.length > 0) {
      push('  hours with spoofing, grace or a robots.txt outage:');
      for (const line of table(['hour', 'requests', 'crawler', 'violations', 'spoofed', 'grace', 'unavailable', 'unreachable'], rows, 1).map((l) => '    ' + l)) push(line);
      if (notable.length > 36) push(`    … ${notable.length - 36} more ${pluralNoun(notable.length - 36, 'hour')} (see --summary-json)`);
    }
    push();
  }
  if (s.parseFailures.count > 0) {
    push(`Lines not parsed: ${formatCount(s.parseFailures.count)} (${s.parseFailures.reasons.map((r) => `${r.reason}: ${r.count}`).join('; ')})`);
    for (const sample of s.parseFailures.samples.slice(0, 10)) push(`  ${printable(sample.file)}:${sample.line}  ${printable(sample.text, 100)}`);
    push();
  }
  push(s.policy.violation);
  return out.join('\n') + '\n';
}
