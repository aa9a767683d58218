/**
 * Lints every robots.txt in one or more folders and prints what a webmaster would face:
 * findings per rule id and per severity, and findings per file (average, median, maximum,
 * the files with the most). It is how changes to the checks are measured against real
 * files, so that noise shows up as numbers before it reaches anyone's Problems panel.
 *
 *   npm run lint-corpus -- DIR [DIR…] [--top N] [--files] [--json]
 *   npm run lint-corpus -- DIR [DIR…] --fixes
 *
 * Every regular file directly inside a folder is read as a robots.txt, except Markdown
 * and licence files (the notes that come with collections of real files).
 * `--files` lists every file with its count; `--json` prints the figures as JSON instead.
 * `--fixes` applies every quick fix instead (up to 20 findings per id and file) and checks
 * with the matcher that none makes things worse (see test/support/fix-safety.ts); it
 * exits 1 when one does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { lint, LINT_RULES } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { Severity } from '@robots-lens/editor/lint';
import { checkFixes, generalTitle } from '../test/support/fix-safety';

interface FileCount {
  readonly file: string;
  readonly findings: number;
  readonly byId: Readonly<Record<string, number>>;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '10' },
    files: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    fixes: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) {
  console.error('usage: npm run lint-corpus -- DIR [DIR…] [--top N] [--files] [--json]');
  process.exit(2);
}
const top = Number(values.top);

const files = positionals.flatMap(robotsFilesIn);
if (values.fixes) process.exit(checkFixesOf(files));
const counts: FileCount[] = [];
const byId = new Map<string, number>();
const bySeverity = new Map<Severity, number>();
for (const path of files) {
  const findings = lint(parseRobots(readFileSync(path)));
  const ids: Record<string, number> = {};
  for (const f of findings) {
    ids[f.id] = (ids[f.id] ?? 0) + 1;
    byId.set(f.id, (byId.get(f.id) ?? 0) + 1);
    bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
  }
  counts.push({ file: path, findings: findings.length, byId: ids });
}

const total = counts.reduce((sum, c) => sum + c.findings, 0);
const sorted = [...counts].sort((a, b) => b.findings - a.findings || a.file.localeCompare(b.file));
const perFile = sorted.map((c) => c.findings).reverse();
const summary = {
  folders: positionals,
  files: counts.length,
  findings: total,
  average: counts.length > 0 ? total / counts.length : 0,
  median: median(perFile),
  max: sorted[0]?.findings ?? 0,
  filesOver300: counts.filter((c) => c.findings > 300).length,
  filesWithoutFindings: counts.filter((c) => c.findings === 0).length,
  bySeverity: Object.fromEntries(bySeverity),
  // In the order of the rule table, with rules that found nothing left out.
  byId: Object.fromEntries(LINT_RULES.filter((r) => byId.has(r.id)).map((r) => [r.id, byId.get(r.id)!])),
  worst: sorted.slice(0, top).map((c) => ({ file: c.file, findings: c.findings, byId: c.byId })),
};

if (values.json) {
  console.log(JSON.stringify(values.files ? { ...summary, perFile: sorted.map((c) => ({ file: c.file, findings: c.findings })) } : summary, null, 2));
} else {
  const out: string[] = [];
  out.push(`${summary.files} files in ${positionals.join(', ')}: ${total} findings`);
  out.push(`findings per file: average ${summary.average.toFixed(1)}, median ${summary.median}, max ${summary.max}; ${summary.filesOver300} over 300, ${summary.filesWithoutFindings} with none`);
  out.push('');
  out.push('by severity:');
  for (const severity of ['error', 'warning', 'information', 'hint'] as const) out.push(`  ${pad(String(bySeverity.get(severity) ?? 0), 7)} ${severity}`);
  out.push('');
  out.push('by rule id:');
  for (const [id, n] of Object.entries(summary.byId).sort((a, b) => b[1] - a[1])) out.push(`  ${pad(String(n), 7)} ${id}`);
  out.push('');
  out.push(`the ${Math.min(top, sorted.length)} files with the most findings:`);
  for (const c of summary.worst) out.push(`  ${pad(String(c.findings), 7)} ${basename(c.file)}  (${topIds(c.byId)})`);
  if (values.files) {
    out.push('');
    out.push('every file:');
    for (const c of sorted) out.push(`  ${pad(String(c.findings), 7)} ${c.file}`);
  }
  console.log(out.join('\n'));
}

/** Applies every quick fix of every file and prints what they did to verdicts; 1 when one made things worse. */
function checkFixesOf(paths: readonly string[]): number {
  let fixes = 0;
  let comparisons = 0;
  let takingEffect = 0;
  let newlyDisallowed = 0;
  const applied = new Map<string, number>();
  const worse = new Map<string, number>();
  const examples: string[] = [];
  for (const path of paths) {
    const report = checkFixes(readFileSync(path), { maxFindingsPerId: 20, maxTokens: 60 });
    fixes += report.fixes;
    comparisons += report.comparisons;
    takingEffect += report.takingEffect;
    newlyDisallowed += report.newlyDisallowed;
    for (const [kind, n] of report.applied) applied.set(kind, (applied.get(kind) ?? 0) + n);
    const seen = new Set<string>();
    for (const v of report.violations) {
      const key = `${v.id}: ${v.fix}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const kind = `${v.id}: ${generalTitle(v.fix)}`;
      worse.set(kind, (worse.get(kind) ?? 0) + 1);
      if (examples.length < 40) examples.push(`${basename(path)}: ${key}: ${v.agent} ${v.url}: ${v.why}`);
    }
  }
  const bad = [...worse.values()].reduce((sum, n) => sum + n, 0);
  const out: string[] = [];
  out.push(`${paths.length} files: ${fixes} fixes applied, ${comparisons} verdicts compared (crawlers that use the same groups asked once)`);
  out.push(`${takingEffect} of them set out to make rules take effect; all fixes together turned ${newlyDisallowed} (crawler, URL) verdicts from allowed to disallowed`);
  out.push('');
  out.push('fixes applied, and how many made things worse:');
  for (const [kind, n] of [...applied].sort((a, b) => a[0].localeCompare(b[0]))) out.push(`  ${pad(String(n), 7)} ${pad(String(worse.get(kind) ?? 0), 5)}  ${kind}`);
  out.push('');
  out.push(`${bad} fixes made things worse${bad > 0 ? '; for example:' : '.'}`);
  for (const line of examples) out.push('  ' + line);
  console.log(out.join('\n'));
  return bad > 0 ? 1 : 0;
}

/** The regular files directly inside a folder, in name order, without its notes. */
function robotsFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.md$/i.test(entry.name) && !/^licen[cs]e/i.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => join(dir, entry.name))
    .sort();
}

function median(ascending: readonly number[]): number {
  if (ascending.length === 0) return 0;
  const mid = ascending.length >> 1;
  return ascending.length % 2 === 1 ? ascending[mid]! : (ascending[mid - 1]! + ascending[mid]!) / 2;
}

function topIds(ids: Readonly<Record<string, number>>): string {
  return Object.entries(ids)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id, n]) => `${id} ${n}`)
    .join(', ');
}

function pad(text: string, width: number): string {
  return text.padStart(width);
}
