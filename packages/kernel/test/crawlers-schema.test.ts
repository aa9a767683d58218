// The crawler catalogue is JSON data: this checks the files against their JSON Schemas, that
// the schemas say what the TypeScript types say (the code trusts the data to have those types
// and does not check it when it loads), and the facts no schema can state.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv/dist/2020';
import {
  AI_ROBOTS_TXT_URL,
  CRAWLER_PURPOSES,
  CRAWLERS,
  type CrawlDelaySupport,
  type Crawler,
  type CrawlerVerification,
  type QuotedSource,
  type RobotsTxtRespect,
} from '../src/crawlers';
import type { ListedRow } from '../src/crawlers/listed-crawler';

const DIR = join(__dirname, '..', 'src', 'crawlers');
const read = (name: string): unknown => JSON.parse(readFileSync(join(DIR, name), 'utf8'));

interface SchemaObject {
  readonly enum?: readonly string[];
  readonly properties?: Readonly<Record<string, SchemaObject>>;
  readonly required?: readonly string[];
  readonly $defs?: Readonly<Record<string, SchemaObject>>;
}

const catalogueSchema = read('catalogue.schema.json') as SchemaObject;
const listedSchema = read('listed-agents.schema.json') as SchemaObject;
const catalogueFile = read('catalogue.json') as { crawlers: Record<string, unknown>[] };
const listedFile = read('listed-agents.json') as { checked: string; agents: Record<string, unknown>[] };

// Strict: a keyword the validator does not know, or a schema that says less than it seems
// to, is an error rather than silently ignored.
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(catalogueSchema as object).addSchema(listedSchema as object);

function errorsOf(schemaId: string, data: unknown): string[] {
  const validate = ajv.getSchema(schemaId);
  assert.ok(validate, `schema ${schemaId} is registered`);
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

function def(schema: SchemaObject, name: string): SchemaObject {
  const found = schema.$defs?.[name];
  assert.ok(found, `$defs/${name}`);
  return found;
}

describe('crawler catalogue JSON schema', () => {
  it('accepts the catalogue and the listed agents', () => {
    assert.deepEqual(errorsOf('catalogue.schema.json', catalogueFile), []);
    assert.deepEqual(errorsOf('listed-agents.schema.json', listedFile), []);
  });

  it('rejects entries that break it', () => {
    const first = catalogueFile.crawlers[0];
    assert.ok(first);
    const broken: readonly (readonly [string, Record<string, unknown>])[] = [
      ['an unknown purpose', { ...first, purposes: ['search', 'scraping'] }],
      ['no sources', { ...first, sources: [] }],
      ['a checked day that is not YYYY-MM-DD', { ...first, checked: '3 Dec 2026' }],
      ['a retired token without evidence', { ...first, retired: 'Googlebot' }],
      ['evidence without a retired token', { ...first, retiredEvidence: { source: 'https://example.com/', words: 'gone' } }],
      ['a known respect resting on no words', { ...first, honoursRobotsTxtEvidence: null }],
      ['a control-token purpose on a crawler', { ...first, purposes: ['control-token'] }],
      ['a field the type does not have', { ...first, homepage: 'https://example.com/' }],
      ['a missing field', Object.fromEntries(Object.entries(first).filter(([key]) => key !== 'chain'))],
      ['a token with a space', { ...first, token: 'Google bot' }],
    ];
    for (const [what, entry] of broken) {
      assert.notDeepEqual(errorsOf('catalogue.schema.json', { crawlers: [entry] }), [], what);
    }
    const row = listedFile.agents[0];
    assert.ok(row);
    assert.notDeepEqual(errorsOf('listed-agents.schema.json', { ...listedFile, agents: [{ ...row, marker: true }] }), [], 'marker: true');
  });
});

/** For each field of `T`, whether an object of that type must have it. */
type Presence<T> = { readonly [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? 'optional' : 'required' };

/** `true` only when `List` names every member of `Union` (the `satisfies` below does the converse). */
type Covers<Union, List extends readonly unknown[]> = [Exclude<Union, List[number]>] extends [never] ? true : false;

const RESPECT = ['yes', 'no', 'partly', 'unknown'] as const satisfies readonly RobotsTxtRespect[];
const CRAWL_DELAY = ['honoured', 'ignored', 'unknown'] as const satisfies readonly CrawlDelaySupport[];
// These fail to compile when a type gains a value the list above lacks.
const respectCovered: Covers<RobotsTxtRespect, typeof RESPECT> = true;
const crawlDelayCovered: Covers<CrawlDelaySupport, typeof CRAWL_DELAY> = true;

// Each fails to compile when its type gains, loses or changes the optionality of a field.
const CRAWLER_FIELDS: Presence<Crawler> = {
  id: 'required', name: 'required', operator: 'required', purposes: 'required', honoursRobotsTxt: 'required',
  honoursRobotsTxtEvidence: 'required', userInitiated: 'required', retired: 'required', retiredEvidence: 'required',
  description: 'required', token: 'required', chain: 'required', ignoresStar: 'required', controlToken: 'required',
  crawlDelay: 'required', crawlDelayNote: 'required', userAgentMarkers: 'required', verification: 'required',
  wellKnown: 'required', sources: 'required', checked: 'required', notes: 'optional',
};
const VERIFICATION_FIELDS: Presence<CrawlerVerification> = { ipRangeUrls: 'required', reverseDnsSuffixes: 'required', method: 'required' };
const QUOTED_FIELDS: Presence<QuotedSource> = { source: 'required', words: 'required' };
const ROW_FIELDS: Presence<ListedRow> = {
  token: 'required', operator: 'required', said: 'required', purposes: 'required', honours: 'required', evidence: 'required',
  userInitiated: 'required', sources: 'required', marker: 'optional', listedAs: 'optional',
};

/** The schema's fields as `Presence` lists them; `$comment` is the data's own and no field. */
function presenceIn(schema: SchemaObject): Record<string, string> {
  const required = new Set(schema.required ?? []);
  const fields = Object.keys(schema.properties ?? {}).filter((key) => key !== '$comment');
  return Object.fromEntries(fields.map((key) => [key, required.has(key) ? 'required' : 'optional']));
}

const sorted = (record: Readonly<Record<string, string>>): [string, string][] => Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

describe('the schemas and the TypeScript types agree', () => {
  it('on the fixed lists of values', () => {
    assert.deepEqual(def(catalogueSchema, 'purpose').enum, CRAWLER_PURPOSES);
    assert.ok(respectCovered && crawlDelayCovered);
    assert.deepEqual(def(catalogueSchema, 'respect').enum, RESPECT);
    assert.deepEqual(def(catalogueSchema, 'crawler').properties?.['crawlDelay']?.enum, CRAWL_DELAY);
  });

  it('on the fields of each object and which are required', () => {
    const crawler = def(catalogueSchema, 'crawler');
    const verification = crawler.properties?.['verification'];
    assert.ok(verification);
    assert.deepEqual(sorted(presenceIn(crawler)), sorted(CRAWLER_FIELDS));
    assert.deepEqual(sorted(presenceIn(verification)), sorted(VERIFICATION_FIELDS));
    assert.deepEqual(sorted(presenceIn(def(catalogueSchema, 'quotedSource'))), sorted(QUOTED_FIELDS));
    assert.deepEqual(sorted(presenceIn(def(listedSchema, 'row'))), sorted(ROW_FIELDS));
  });
});

describe('catalogue facts no schema can state', () => {
  const tokens = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

  it('has every token once, across both files, in any case', () => {
    assert.equal(tokens.size, CRAWLERS.length);
    assert.equal(CRAWLERS.length, catalogueFile.crawlers.length + listedFile.agents.length);
    assert.equal(new Set(CRAWLERS.map((c) => c.id)).size, CRAWLERS.length);
  });

  it('falls back and retires only to catalogued tokens', () => {
    for (const c of CRAWLERS) {
      for (const t of c.chain) assert.ok(t === '*' || tokens.has(t.toLowerCase()), `${c.id}: chain names ${t}, which the catalogue lacks`);
      assert.ok(c.retired === null || tokens.has(c.retired.toLowerCase()), `${c.id}: retired for ${c.retired ?? ''}, which the catalogue lacks`);
      assert.notEqual(c.retired?.toLowerCase(), c.token.toLowerCase(), `${c.id}: retired for itself`);
    }
  });

  it('gives every entry a source and a real, past ISO day it was checked', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const c of CRAWLERS) {
      assert.ok(c.sources.length > 0, `${c.id}: no source`);
      assert.match(c.checked, /^\d{4}-\d{2}-\d{2}$/, `${c.id}: checked`);
      // A day that does not exist (2026-02-30) comes back from Date as another one.
      assert.equal(new Date(`${c.checked}T00:00:00Z`).toISOString().slice(0, 10), c.checked, `${c.id}: ${c.checked} is no day`);
      assert.ok(c.checked <= today, `${c.id}: checked in the future (${c.checked})`);
    }
    assert.ok(CRAWLERS.slice(catalogueFile.crawlers.length).every((c) => c.checked === listedFile.checked), 'listed agents carry the list day');
  });

  it('names the list first among the sources of every agent known only from it', () => {
    for (const row of listedFile.agents) assert.equal((row['sources'] as string[])[0], AI_ROBOTS_TXT_URL, String(row['token']));
  });
});
