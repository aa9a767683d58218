/**
 * Runs the benchmarks and prints figures (not tests: nothing here gates CI on time).
 * `npm run bench` runs all; `npm run bench -- match` runs one.
 */
import { run as batch } from './batch.bench';
import { run as enforce } from './enforce.bench';
import { run as lint } from './lint.bench';
import { run as match } from './match.bench';
import { run as parse } from './parse.bench';
import { run as replay } from './replay.bench';
import { run as scale } from './scale.bench';
import { run as webReplay } from './web-replay.bench';

const BENCHES: Readonly<Record<string, () => void | Promise<void>>> = { parse, match, lint, replay, batch, scale, 'web-replay': webReplay, enforce };

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
  for (const name of names) {
    const bench = BENCHES[name];
    if (!bench) throw new Error(`Unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}`);
    await bench();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
