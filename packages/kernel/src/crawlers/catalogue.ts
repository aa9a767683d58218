import { crawlers } from './catalogue.json';
import { agents, checked as listChecked } from './listed-agents.json';
import { listedCrawler } from './listed-crawler';
import type { ListedRow } from './listed-crawler';
import type { Crawler } from './types';

/*
 * The catalogue is data: catalogue.json holds the documented crawlers, listed-agents.json the
 * agents known only from the ai.robots.txt list, each with its JSON Schema beside it. Imported,
 * not read, so the core stays pure and the bundles carry the data (only the fields named here:
 * the files' `$comment` notes stay out).
 *
 * Nothing is checked when it loads, which every CLI start would pay for data that changes only
 * with a release. The type checker holds each file's structure to `AsJson` of its type below
 * (every field present, of the right kind); test/core/crawlers-schema.test.ts checks what JSON's
 * types cannot carry: the fixed lists of values (purposes, respect, Crawl-delay support), and
 * the facts no type states.
 */

/** `T` as TypeScript types it when read from a JSON file: string and boolean literals widen. */
type AsJson<T> = T extends string
  ? string
  : T extends boolean
    ? boolean
    : T extends readonly (infer U)[]
      ? readonly AsJson<U>[]
      : T extends object
        ? { readonly [K in keyof T]: AsJson<T[K]> }
        : T;

/** An entry as the file keeps it: `$comment` says why its facts read as they do. */
type Entry = Crawler & { readonly $comment?: string };

const entries: readonly AsJson<Entry>[] = crawlers;
const rows: readonly AsJson<ListedRow>[] = agents;

function crawlerOf(entry: AsJson<Entry>): Crawler {
  if (entry.$comment === undefined) return entry as Crawler;
  const { $comment: _comment, ...crawler } = entry;
  return crawler as Crawler;
}

/**
 * Every crawler the tool knows by name: the documented crawlers first (the display order of
 * the crawler matrix), then the AI agents known only from the ai.robots.txt list.
 */
export const CRAWLERS: readonly Crawler[] = [
  ...entries.map(crawlerOf),
  ...(rows as readonly ListedRow[]).map((row) => listedCrawler(row, listChecked)),
];
