/**
 * `robots-lens replay`: judge every request of real access logs against robots.txt as it
 * was at the time — who asked (verified, spoofed, unverified), which rules or fetch state
 * applied, what the matcher says — and print a summary (or one JSON record per request).
 */

import { createWriteStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseTarget } from '../../core';
import { csvHeader, csvRow, jsonLine, LOG_FORMATS, parseDuration } from '../../core/audit';
import type { AuditRecord, AuditSummary, IpRangeList, JsonFieldNames, LogFormat, ReplayProgress, RobotsVersion } from '../../core/audit';
import { describeFsError, InputError } from '../../node/files';
import { gitVersions } from '../../node/git-history';
import { replayLogFiles } from '../../node/log-reader';
import { defaultRangesDir, loadRangeLists } from '../../node/ranges';
import { NodeReverseDnsResolver } from '../../node/reverse-dns';
import { explicitVersions, singleVersion, snapshotFolder } from '../../node/versions';
import { LineWriter } from '../output';
import { UsageError } from '../usage';

type Io = { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream };

const JSON_FIELD_KEYS: readonly (keyof JsonFieldNames)[] = ['time', 'ip', 'method', 'url', 'request', 'status', 'userAgent', 'host', 'xRobotsTag'];

export async function runReplay(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string', default: 'auto' },
      'json-fields': { type: 'string' },
      ranges: { type: 'string' },
      'verify-dns': { type: 'boolean', default: false },
      'dns-server': { type: 'string' },
      grace: { type: 'string', default: '24h' },
      'crawl-delay': { type: 'boolean', default: false },
      'crawl-delay-scope': { type: 'string', default: 'verified' },
      csv: { type: 'string' },
      jsonl: { type: 'string' },
      'summary-json': { type: 'string' },
      json: { type: 'boolean', default: false },
      version: { type: 'string', multiple: true },
      git: { type: 'boolean', default: false },
      origin: { type: 'string' },
      'fail-on': { type: 'string' },
    },
  });
  const [robotsPath, ...logs] = positionals;
  if (robotsPath === undefined) throw new UsageError('give a robots.txt (or a folder of snapshots) and at least one log, e.g. robots-lens replay robots.txt access.log');
  if (logs.length === 0) throw new UsageError('give at least one access log after the robots.txt, e.g. robots-lens replay robots.txt access.log');
  const format = values.format as LogFormat | 'auto';
  if (format !== 'auto' && !LOG_FORMATS.includes(format)) throw new UsageError(`--format must be auto or one of ${LOG_FORMATS.join(', ')}, not "${values.format}".`);
  const graceMs = parseDuration(values.grace);
  if (graceMs === undefined) throw new UsageError(`--grace: "${values.grace}" is not a duration such as 24h, 90m or 0.`);
  const scope = values['crawl-delay-scope'];
  if (scope !== 'verified' && scope !== 'claimed') throw new UsageError(`--crawl-delay-scope must be verified or claimed, not "${scope}".`);
  if (values['fail-on'] !== undefined && values['fail-on'] !== 'violations') throw new UsageError(`--fail-on takes "violations", not "${values['fail-on']}".`);
  const origin = values.origin !== undefined ? checkedOrigin(values.origin) : undefined;
  const jsonFields = values['json-fields'] !== undefined ? parseJsonFields(values['json-fields']) : undefined;
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    process.stderr.write(`robots-lens replay: ${safe(message)}\n`);
  };

  const versions = await loadVersions(robotsPath, values.version ?? [], values.git, warn);
  const ranges = await loadRanges(values.ranges, warn);
  const dnsEnabled = values['verify-dns'] || values['dns-server'] !== undefined;
  const dns = dnsEnabled ? new NodeReverseDnsResolver(values['dns-server'] !== undefined ? { server: values['dns-server'] } : {}) : undefined;

  const csv = values.csv !== undefined ? await openOutput(values.csv) : undefined;
  const jsonl = values.jsonl !== undefined ? await openOutput(values.jsonl) : undefined;
  const stdoutRecords = values.json ? new LineWriter(io.stdout) : undefined;
  if (csv) await csv.writer.write(csvHeader());

  const abort = new AbortController();
  const onSigint = (): void => {
    abort.abort();
    dns?.cancel();
  };
  process.once('SIGINT', onSigint);
  // A reader that goes away (`| head`) ends the replay instead of crashing it: the write
  // callbacks report the error, this listener keeps the stream's 'error' event handled.
  let outputClosed = false;
  const onOutputError = (): void => {
    outputClosed = true;
    abort.abort();
  };
  io.stdout.on('error', onOutputError);
  const showProgress = process.stderr.isTTY === true;
  let summary: AuditSummary;
  try {
    summary = await replayLogFiles(
      logs,
      {
        versions: versions.list,
        ...(origin !== undefined ? { origin } : {}),
        format,
        ...(jsonFields ? { jsonFields } : {}),
        ranges: ranges.lists,
        ...(dns ? { dns } : {}),
        graceMs,
        crawlDelay: values['crawl-delay'] ? scope : false,
        onWarning: warn,
      },
      {
        signal: abort.signal,
        ...(csv || jsonl || stdoutRecords ? { onRecord: recordSink(csv?.writer, jsonl?.writer, stdoutRecords, onOutputError) } : {}),
        ...(showProgress ? { onProgress: progressLine, progressEvery: 50_000 } : {}),
      },
    );
  } finally {
    process.removeListener('SIGINT', onSigint);
    if (showProgress) process.stderr.write('\r\x1b[K');
  }
  if (!outputClosed) await stdoutRecords?.flush().catch(() => undefined);
  if (csv) await csv.close();
  if (jsonl) await jsonl.close();
  if (values['summary-json'] !== undefined) {
    const out = await openOutput(values['summary-json']);
    await out.writer.write(JSON.stringify({ ...summary, sources: { versions: versions.source, ranges: ranges.source }, warnings }, null, 2));
    await out.close();
  }
  if (outputClosed) return 0;
  if (!values.json) await writeText(io.stdout, formatSummary(summary, { logs, versions: versions.source, ranges: ranges.source }));
  io.stdout.removeListener('error', onOutputError);
  if (summary.cancelled) return 130;
  return values['fail-on'] === 'violations' && summary.totals.violations > 0 ? 1 : 0;
}

function recordSink(
  csv: LineWriter | undefined,
  jsonl: LineWriter | undefined,
  stdout: LineWriter | undefined,
  onStdoutError: () => void,
): (r: AuditRecord) => void | Promise<void> {
  return (record) => {
    const pending: Promise<void>[] = [];
    if (csv) {
      const p = csv.write(csvRow(record));
      if (p) pending.push(p);
    }
    if (jsonl || stdout) {
      const line = jsonLine(record);
      const a = jsonl?.write(line);
      if (a) pending.push(a);
      const b = stdout?.write(line);
      if (b) pending.push(b.catch(onStdoutError));
    }
    if (pending.length === 0) return undefined;
    return pending.length === 1 ? pending[0] : Promise.all(pending).then(() => undefined);
  };
}

/** Writes text and waits for it; a closed reader (EPIPE) is not an error worth reporting. */
function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

function progressLine(p: ReplayProgress): void {
  const percent = p.bytesTotal ? ` ${Math.min(100, Math.floor((100 * (p.bytesRead ?? 0)) / p.bytesTotal))}%` : '';
  const rate = p.elapsedMs > 0 ? `, ${fmt(Math.round((p.lines / p.elapsedMs) * 1000))} lines/s` : '';
  process.stderr.write(`\r\x1b[Kreplay: file ${p.fileIndex + 1}/${p.files}${percent}, ${fmt(p.lines)} lines${rate}`);
}

async function loadVersions(
  path: string,
  specs: readonly string[],
  git: boolean,
  warn: (m: string) => void,
): Promise<{ list: RobotsVersion[]; source: string }> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'robots.txt file or snapshot folder'));
  }
  const extra = await explicitVersions(specs);
  if (info.isDirectory()) {
    if (git) throw new UsageError('--git reads the history of one robots.txt file, not of a folder.');
    const folder = await snapshotFolder(path);
    if (folder.skipped.length > 0) warn(`${path}: skipped ${folder.skipped.length} file(s) whose names hold no time (${folder.skipped.slice(0, 3).join(', ')}${folder.skipped.length > 3 ? ', …' : ''}).`);
    return { list: [...folder.versions, ...extra], source: `${folder.versions.length} snapshot${folder.versions.length === 1 ? '' : 's'} in ${path}${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  if (git) {
    const history = await gitVersions(path);
    return { list: [...history, ...extra], source: `${history.length} commit${history.length === 1 ? '' : 's'} of ${path} (git history)${extra.length ? ` + ${extra.length} --version` : ''}` };
  }
  const base = await singleVersion(path);
  return {
    list: [base, ...extra],
    source: extra.length ? `${path} until the first --version, then ${extra.map((v) => v.label).join(', ')}` : `${path}, in effect all along`,
  };
}

async function loadRanges(dir: string | undefined, warn: (m: string) => void): Promise<{ lists: IpRangeList[]; source: string }> {
  const folder = dir ?? defaultRangesDir();
  if (dir === undefined && !existsSync(folder)) {
    return { lists: [], source: `none (no --ranges, and ${folder} does not exist: run robots-lens ranges --refresh)` };
  }
  const loaded = await loadRangeLists(folder);
  for (const w of loaded.warnings) warn(w);
  return { lists: loaded.lists, source: `${loaded.lists.length} list(s) from ${folder}` };
}

async function openOutput(path: string): Promise<{ writer: LineWriter; close: () => Promise<void> }> {
  const stream = createWriteStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new InputError(describeFsError(error, path, 'output file'))));
  });
  const writer = new LineWriter(stream);
  return {
    writer,
    close: async () => {
      await writer.flush();
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    },
  };
}

function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

function parseJsonFields(text: string): JsonFieldNames {
  const fields: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [key, value] = pair.split('=').map((s) => s.trim());
    if (!key || !value || !(JSON_FIELD_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(`--json-fields: write key=field pairs separated by commas, keys ${JSON_FIELD_KEYS.join(', ')} (got "${pair}").`);
    }
    fields[key] = value;
  }
  return fields as JsonFieldNames;
}

// ─────────────────────────────────────────────────────────────────────────────────────────
// the text summary
// ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * `n.toLocaleString('en-US')`. Counts are grouped by hand: the first toLocaleString call
 * loads the ICU data, ~30 ms of every replay's start.
 */
function fmt(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return n < 0 ? '-' + out : out;
}

/** Log content is untrusted: control characters (terminal escapes) are shown escaped. */
function safe(text: string, max = 120): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return clean.length > max ? clean.slice(0, max - 1) + '…' : clean;
}

function table(header: readonly string[], rows: readonly (readonly string[])[], rightFrom: number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

export function formatSummary(s: AuditSummary, sources: { logs: readonly string[]; versions: string; ranges: string }): string {
  const out: string[] = [];
  const push = (line = ''): void => {
    out.push(line);
  };
  push(`robots.txt replay${s.cancelled ? ' (CANCELLED: partial results)' : ''}`);
  for (const f of s.files) {
    push(`  log       ${safe(f.name)}: ${f.format ?? '?'} (${f.formatSource}); ${fmt(f.lines)} lines, ${fmt(f.requests)} requests, ${fmt(f.parseFailures)} not parsed`);
  }
  push(`  period    ${s.period.first ?? '–'} … ${s.period.last ?? '–'}`);
  push(`  rules     ${sources.versions}`);
  if (s.versions.length > 1) {
    for (const v of s.versions) push(`            ${v.effective ?? 'all along'}  ${v.label}  (${v.rules} rules)`);
  }
  if (s.beforeFirstVersion > 0) push(`            ${fmt(s.beforeFirstVersion)} requests predate the earliest version and were judged by it`);
  push(`  grace     ${s.policy.graceHours} h after a change (old and new verdicts differ ⇒ grace, not a violation)`);
  for (const [i, p] of s.policy.fetchPolicies.entries()) push(`  ${i === 0 ? 'fetches ' : '        '}  robots.txt 429/5xx, ${p.appliesTo}: ${p.policy} policy (${p.brief})`);
  const lists = s.verification.lists.map((l) => `${l.name} (${l.creationTime ?? 'undated'})`).join(', ');
  push(`  verify    IP lists: ${sources.ranges}${lists ? ` — ${lists}` : ''}; reverse DNS ${s.verification.reverseDns ? 'on' : 'off'}`);
  push();

  const t = s.totals;
  push(`${fmt(t.requests)} requests: ${fmt(t.crawlerRequests)} claim a catalogue crawler (${fmt(t.verified)} verified, ${fmt(t.spoofed)} spoofed, ${fmt(t.unverified)} unverified), ${fmt(s.clients.browsers)} browsers, ${fmt(s.clients.otherClients)} other clients, ${fmt(s.clients.noUserAgent)} without User-Agent.`);
  push();
  if (s.crawlers.length > 0) {
    const rows = s.crawlers.map((r) => [
      r.client === 'control-token' ? `${r.crawler} (control token!)` : r.crawler,
      r.verification,
      fmt(r.requests),
      fmt(r.allowed),
      fmt(r.disallowed),
      fmt(r.grace),
      fmt(r.unavailable),
      fmt(r.unreachable),
      fmt(r.violations),
    ]);
    for (const line of table(['crawler', 'verification', 'requests', 'allowed', 'disallowed', 'grace', 'unavailable', 'unreachable', 'violations'], rows, 2)) push(line);
    push();
  }
  const violators = new Set(s.crawlers.filter((r) => r.violations > 0).map((r) => r.crawler));
  push(`Violations: ${fmt(t.violations)} request(s) by ${violators.size} crawler(s)${violators.size ? ` (${[...violators].join(', ')})` : ''}; ${fmt(t.grace)} in grace.`);
  if (t.googleLiteralDifferences > 0) {
    push(`Google would differ on ${fmt(t.googleLiteralDifferences)} crawler request(s): its parser compares percent-escapes literally; these verdicts follow RFC 9309 (see googleLiteral in --json).`);
  }
  if (s.topDisallowed.length > 0) {
    push('Disallowed URLs fetched anyway (by claimed crawlers, spoofed included):');
    const rows = s.topDisallowed.slice(0, 15).map((p) => [fmt(p.requests), safe(p.url, 70), p.crawlers.join(', ') + (p.spoofed ? ` (${p.spoofed} spoofed)` : '')]);
    for (const line of table(['requests', 'url', 'by'], rows, 99).map((l) => '  ' + l)) push(line);
  }
  push();
  if (s.spoofed.length > 0) {
    push(`Spoofed claims (${s.spoofed.length} source${s.spoofed.length > 1 ? 's' : ''}):`);
    for (const sp of s.spoofed.slice(0, 30)) {
      push(`  ${sp.crawler.padEnd(16)} ${safe(sp.ip).padEnd(26)} ${fmt(sp.requests).padStart(5)} requests, ${fmt(sp.disallowed)} disallowed  ${sp.first} … ${sp.last}`);
      push(`  ${''.padEnd(16)} ${safe(sp.evidence, 140)}`);
    }
    push();
  }
  if (s.verification.unchecked.length > 0) {
    push('Unverified claims (nothing could check them):');
    for (const u of s.verification.unchecked) push(`  ${u.crawler.padEnd(20)} ${fmt(u.requests).padStart(6)}  ${safe(u.reason, 160)}`);
    push();
  }
  if (s.robotsFetches.changes.length > 0) {
    push("robots.txt fetches that changed a crawler's state:");
    for (const c of s.robotsFetches.changes) {
      push(`  ${c.time}  ${c.crawler.padEnd(16)} ${String(c.status ?? '-').padStart(3)} → ${c.state}${c.verification === 'spoofed' ? ' (spoofed: tracked apart)' : ''}  from ${safe(c.ip)}`);
    }
    push();
  }
  if (s.crawlDelay) {
    const cd = s.crawlDelay;
    push(`Crawl-delay (${cd.scope} requests; checked only for ${cd.honouredBy.join(', ')}): ${fmt(cd.violations)} gap(s) shorter than the delay.`);
    for (const r of cd.rows) {
      push(`  ${r.crawler.padEnd(16)} ${r.delaySeconds === null ? 'no Crawl-delay in its group' : `Crawl-delay ${r.delaySeconds} s`}: ${fmt(r.violations)} of ${fmt(r.checked)} requests too soon${r.minGapSeconds !== null ? ` (shortest gap ${r.minGapSeconds} s)` : ''}`);
    }
    if (cd.skippedUnverified > 0) push(`  ${fmt(cd.skippedUnverified)} request(s) of these crawlers were not verified and not checked (use --ranges, --verify-dns, or --crawl-delay-scope claimed).`);
    push();
  }
  const notable = s.timeline.filter((h) => h.spoofed > 0 || h.unreachable > 0 || h.unavailable > 0 || h.grace > 0);
  const busiest = [...s.timeline].filter((h) => h.violations > 0).sort((a, b) => b.violations - a.violations || a.hour.localeCompare(b.hour)).slice(0, 5);
  if (notable.length > 0 || busiest.length > 0) {
    push('Timeline, per hour (UTC):');
    if (busiest.length > 0) push(`  most violations: ${busiest.map((h) => `${h.hour.slice(0, 13)}Z ${fmt(h.violations)}`).join(', ')}`);
    const rows = notable.slice(0, 36).map((h) => [h.hour.slice(0, 13) + 'Z', fmt(h.requests), fmt(h.crawlerRequests), fmt(h.violations), fmt(h.spoofed), fmt(h.grace), fmt(h.unavailable), fmt(h.unreachable)]);
    if (rows.length > 0) {
      push('  hours with spoofing, grace or a robots.txt outage:');
      for (const line of table(['hour', 'requests', 'crawler', 'violations', 'spoofed', 'grace', 'unavailable', 'unreachable'], rows, 1).map((l) => '    ' + l)) push(line);
      if (notable.length > 36) push(`    … ${notable.length - 36} more hours (see --summary-json)`);
    }
    push();
  }
  if (s.parseFailures.count > 0) {
    push(`Lines not parsed: ${fmt(s.parseFailures.count)} (${s.parseFailures.reasons.map((r) => `${r.reason}: ${r.count}`).join('; ')})`);
    for (const sample of s.parseFailures.samples.slice(0, 10)) push(`  ${safe(sample.file)}:${sample.line}  ${safe(sample.text, 100)}`);
    push();
  }
  push(s.policy.violation);
  return out.join('\n') + '\n';
}
