/**
 * Issue #3 targets: full diagnostics (parse + lint + LSP conversion) for a 500 KiB file with
 * one 10,000-rule group in under 200 ms, for a typical 200-line file in under 5 ms; hover
 * latency on the large file. Each run starts from text, as a keystroke does: the parse and
 * the rule analysis are cached per document version, so every run is a fresh version.
 * Run: npm run bench -- lint
 */

import { TextDocument } from 'vscode-languageserver-textdocument';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import { toDiagnostics } from '../server/src/features/diagnostics';
import { doHover } from '../server/src/features/hover';
import { generateLargeRobots, generateRobots } from './fixtures/robots';
import { fmt, median, report, timeMs, verdictLine } from './support';

function diagnosticsMs(text: string, runs: number): { ms: number; minMs: number; count: number } {
  let count = 0;
  const times = Array.from({ length: runs }, (_, version) =>
    timeMs(() => {
      const document = TextDocument.create('file:///robots.txt', 'robots-txt', version, text);
      const file = parseRobots(text);
      count = toDiagnostics({ uri: document.uri, version, document, file }, lint(file)).length;
    }),
  );
  return { ms: median(times), minMs: Math.min(...times), count };
}

export function run(): void {
  const large = generateLargeRobots(500 * 1024, 3);
  const typical = generateRobots({ groups: 6, rules: 180, seed: 5 });
  for (let i = 0; i < 3; i++) diagnosticsMs(large, 1);
  const big = diagnosticsMs(large, 9);
  for (let i = 0; i < 20; i++) diagnosticsMs(typical, 1);
  const small = diagnosticsMs(typical, 51);
  console.log(`\nDiagnostics: ${fmt(Buffer.byteLength(large))} bytes (largest group ${fmt(largestGroup(large))} rules) and a ${typical.split('\n').length}-line file`);
  report([
    // The minimum says what a quiet machine does; the median, what this one did meanwhile.
    ['500 KiB file (median of 9)', `${fmt(big.ms, 1)} ms (min ${fmt(big.minMs, 1)}), ${fmt(big.count)} diagnostics`],
    ['typical file (median of 51)', `${fmt(small.ms, 2)} ms (min ${fmt(small.minMs, 2)}), ${fmt(small.count)} diagnostics`],
  ]);
  console.log(verdictLine('500 KiB < 200 ms', big.ms < 200, `${fmt(big.ms, 1)} ms`));
  console.log(verdictLine('200 lines < 5 ms', small.ms < 5, `${fmt(small.ms, 2)} ms`));

  const document = TextDocument.create('file:///robots.txt', 'robots-txt', 1, large);
  const parsed = { uri: document.uri, version: 1, document, file: parseRobots(large) };
  const ruleLines = parsed.file.groups.flatMap((g) => g.rules.map((r) => r.line));
  const hoverTimes = ruleLines.slice(0, 200).map((line, i) =>
    timeMs(() => doHover(parsed, { line: ruleLines[(i * 7919) % ruleLines.length] ?? line, character: 12 }, () => undefined)),
  );
  report([
    ['hover on a rule, large file (first, median of 200)', `${fmt(hoverTimes[0] ?? 0, 1)} ms, ${fmt(median(hoverTimes), 2)} ms`],
  ]);
}

function largestGroup(text: string): number {
  return Math.max(...parseRobots(text).groups.map((g) => g.rules.length));
}

if (require.main === module) run();
