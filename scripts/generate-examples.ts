/**
 * Writes the sample workspace under examples/:
 *
 *   examples/robots.txt   a realistic shop robots.txt full of instructive mistakes
 *   examples/access.log   ~4,000 lines of combined-format traffic over 3 days
 *   examples/README.md    a short tour, listing the mistakes by lint id and line
 *
 * Deterministic: a seeded PRNG, fixed dates, no clock. Run from anywhere:
 *
 *   node --conditions=robots-lens-source --import tsx scripts/generate-examples.ts
 *
 * The parts live in scripts/examples/, one section each; this file runs them in a fixed order,
 * because they share one random source.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserSession } from './examples/browser-traffic';
import { crawlerTraffic } from './examples/crawler-traffic';
import { T0, events } from './examples/log-events';
import { malformed } from './examples/malformed-lines';
import { readme } from './examples/readme';
import { ROBOTS, ROBOTS_BYTES, ROBOTS_TEXT } from './examples/sample-robots';

const OUT_DIR = fileURLToPath(new URL('../examples/', import.meta.url));

crawlerTraffic();
const crawlerLines = events.length;
const TARGET_LINES = 4000 - 4;
while (events.length < TARGET_LINES) browserSession();
events.sort((a, b) => a.t - b.t || a.seq - b.seq);
const logLines = malformed(events);
const LOG_TEXT = logLines.join('\n') + '\n';

mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'robots.txt'), ROBOTS_TEXT);
writeFileSync(join(OUT_DIR, 'access.log'), LOG_TEXT);
writeFileSync(join(OUT_DIR, 'README.md'), readme(logLines, crawlerLines));

console.log(`examples/robots.txt  ${ROBOTS.length} lines, ${ROBOTS_BYTES} bytes`);
console.log(`examples/access.log  ${logLines.length} lines (${crawlerLines} crawler/bot), ${Buffer.byteLength(LOG_TEXT)} bytes`);
console.log('examples/README.md');
console.log(`log range ${new Date((T0 + (events[0]?.t ?? 0)) * 1000).toISOString()} .. ${new Date((T0 + (events[events.length - 1]?.t ?? 0)) * 1000).toISOString()}`);
