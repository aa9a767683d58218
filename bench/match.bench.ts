/**
 * Issue #2 targets: answer 1,000,000 (agent, URL) queries on a realistic 2,000-rule,
 * 50-group file at ≥ 10× the throughput of the `robots-parser` package (parse once, query
 * many, same inputs, same run). The parse figures are parse.bench.ts.
 * Run: npm run bench -- match
 */

import robotsParser from 'robots-parser';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { generateQueries } from './fixtures/queries';
import { generateRobots } from './fixtures/robots';
import { ORIGIN } from './fixtures/shop';
import { fmt, median, report, timeMs, verdictLine } from './support';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 1_000_000);
/** Rounds of the million queries; the verdict is on the median round's ratio. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function flat(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

interface Query {
  readonly agent: string;
  readonly url: string;
}

interface Round {
  readonly oursMs: number;
  readonly theirsMs: number;
  readonly readMs: number;
  readonly readSum: number;
  readonly disallowedOurs: number;
  readonly disallowedTheirs: number;
}

export function run(): void {
  const text = generateRobots({ groups: 50, rules: 2000, seed: 7 });
  // Flat strings, as a log reader's slices are (the generator builds them by concatenation).
  const queries = [...generateQueries(QUERIES, 11, text)].map((q) => ({ agent: q.agent, url: flat(q.url) }));
  const robots = parseRobots(text);
  const ruleCount = robots.groups.reduce((n, g) => n + g.rules.length, 0);
  console.log(`\nMatcher: ${fmt(ruleCount)} rules in ${robots.groups.length} groups, ${fmt(queries.length)} queries, ${ROUNDS} rounds`);

  // Warm up both on instances of their own, so the JIT has seen the code before the clock
  // runs but no round starts with automaton states built for its queries.
  const warmOurs = matcherFor(parseRobots(text));
  const warmTheirs = robotsParser(`${ORIGIN}/robots.txt`, text);
  for (let i = 0; i < 20_000; i++) {
    const q = queries[i % queries.length]!;
    warmOurs.decide(q.url, q.agent, { origin: ORIGIN });
    warmTheirs.isAllowed(q.url, q.agent);
  }
  // What any matcher pays before it decides anything: bringing a million query strings in
  // from memory, one character at a time. Printed to show how much of each figure it is.
  // A copy made the same way, so that it comes from memory as cold as the queries do.
  const urls = queries.map((q) => flat(q.url));

  // One machine's figures vary by a third from run to run (robots-parser's most, being
  // bound by allocation); the median of several rounds is the figure to trust.
  const qps = (ms: number): number => queries.length / (ms / 1000);
  const rounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round = measureRound(text, queries, urls);
    rounds.push(round);
    report([[`round ${r + 1}`, `robots-lens ${fmt(qps(round.oursMs))} q/s, robots-parser ${fmt(qps(round.theirsMs))} q/s: ${fmt(round.theirsMs / round.oursMs, 1)}×`]]);
  }
  const middle = [...rounds].sort((a, b) => a.theirsMs / a.oursMs - b.theirsMs / b.oursMs)[rounds.length >> 1]!;
  const ratio = middle.theirsMs / middle.oursMs;
  report([
    ['robots-lens', `${fmt(qps(middle.oursMs))} queries/s  (${fmt(middle.oursMs)} ms, ${fmt(middle.disallowedOurs)} disallowed)`],
    ['robots-parser 3.0.1', `${fmt(qps(middle.theirsMs))} queries/s  (${fmt(middle.theirsMs)} ms, ${fmt(middle.disallowedTheirs)} disallowed)`],
    ['ratio (median round)', `${fmt(ratio, 1)}×`],
    ['reading the URLs alone', `${fmt(middle.readMs)} ms (${fmt((100 * middle.readMs) / middle.oursMs)}% of robots-lens's time; checksum ${middle.readSum})`],
  ]);
  console.log(verdictLine('≥ 10× robots-parser', ratio >= 10, `${fmt(ratio, 1)}× (median of ${ROUNDS} rounds)`));
  console.log('  (verdict counts differ where robots-parser departs from RFC 9309: group merging, percent-normalisation, fallback chains)');

  const hostile = matcherFor(parseRobots('User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*b\n'));
  const path = '/' + 'a'.repeat(10_000);
  const hostileUs = median(Array.from({ length: 50 }, () => timeMs(() => hostile.decide(path, 'x')))) * 1000;
  report([['hostile /*a*a*a*a*a*a*a*a*a*b on a 10 KB path', `${fmt(hostileUs, 1)} µs`]]);
}

/**
 * One round: both compiled afresh, so that robots-lens's figure counts building the automaton
 * states its queries need, as the first million queries of a real run do. The two run in
 * alternating slices, so that whatever else the machine is doing slows both alike and the
 * ratio stays meaningful.
 */
function measureRound(text: string, queries: readonly Query[], urls: readonly string[]): Round {
  const ours = matcherFor(parseRobots(text));
  const theirs = robotsParser(`${ORIGIN}/robots.txt`, text);
  const origin = { origin: ORIGIN };
  const slice = 50_000;
  let oursMs = 0;
  let theirsMs = 0;
  let readMs = 0;
  let readSum = 0;
  let disallowedOurs = 0;
  let disallowedTheirs = 0;
  for (let start = 0; start < queries.length; start += slice) {
    const part = queries.slice(start, start + slice);
    oursMs += timeMs(() => {
      for (const q of part) if (ours.decide(q.url, q.agent, origin).allowed === false) disallowedOurs++;
    });
    theirsMs += timeMs(() => {
      for (const q of part) if (theirs.isAllowed(q.url, q.agent) === false) disallowedTheirs++;
    });
    const end = Math.min(start + slice, urls.length);
    readMs += timeMs(() => {
      // Summed in a local small integer: a running total past 2^31 in the closure would
      // box a heap number at every character and time the allocator instead.
      let sum = 0;
      for (let k = start; k < end; k++) {
        const url = urls[k]!;
        for (let i = 0; i < url.length; i++) sum = (sum + url.charCodeAt(i)) | 0;
      }
      readSum = (readSum + sum) % 997;
    });
  }
  return { oursMs, theirsMs, readMs, readSum, disallowedOurs, disallowedTheirs };
}

if (require.main === module) run();
