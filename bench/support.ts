/** Small helpers shared by the benchmarks: timing, medians, aligned output, child bundles. */

import { join } from 'node:path';
import * as esbuild from 'esbuild';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds taken by `fn`, measured with the high-resolution clock. */
export function timeMs(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function report(rows: ReadonlyArray<readonly [string, string]>): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

export function verdictLine(label: string, ok: boolean, detail: string): string {
  return `${ok ? 'MET ' : 'MISS'} ${label}: ${detail}`;
}

/**
 * Bundles `source` (TypeScript, resolved from bench/) into `dir` as one CommonJS file for a
 * child process: measured code runs bundled, as users run it (tsx's module interop would tax
 * every cross-module call in a hot loop). Returns the bundle's path.
 */
export async function bundleChild(source: string, name: string, dir: string): Promise<string> {
  const outfile = join(dir, `${name}.js`);
  await esbuild.build({
    stdin: { contents: source, resolveDir: __dirname, loader: 'ts', sourcefile: `${name}.ts` },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    conditions: ['robots-lens-source'],
  });
  return outfile;
}

/**
 * JavaScript for a child process's exit handler: the child's peak resident memory, in KB.
 * Linux's getrusage (`process.resourceUsage().maxRSS`) keeps the high-water mark from before
 * exec, so a child forked from a bench holding a gigabyte of log reported a gigabyte of its
 * own; /proc/self/status's VmHWM is the child's alone. Elsewhere, maxRSS.
 */
export const PEAK_RSS_KB = `(() => { try { const m = /VmHWM:\\s+(\\d+) kB/.exec(require('fs').readFileSync('/proc/self/status', 'utf8')); if (m) return Number(m[1]); } catch {} return process.resourceUsage().maxRSS; })()`;
