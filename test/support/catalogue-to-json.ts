// One-off: writes the crawler catalogue's TypeScript literals out as the JSON data files, so
// the data is moved by the program that reads it, never copied by hand. Deleted once the
// catalogue loads from the JSON and a check has shown the two equal.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LITERAL_CRAWLERS as CRAWLERS } from '../../server/src/core/crawlers/catalogue-literals';
import { LISTED_AGENTS_A_TO_I } from '../../server/src/core/crawlers/listed-agents-a-i';
import { LISTED_AGENTS_J_TO_Z } from '../../server/src/core/crawlers/listed-agents-j-z';

const DIR = join(__dirname, '..', '..', 'server', 'src', 'core', 'crawlers');
const rows = [...LISTED_AGENTS_A_TO_I, ...LISTED_AGENTS_J_TO_Z];
const documented = CRAWLERS.slice(0, CRAWLERS.length - rows.length);
const listChecked = CRAWLERS.at(-1)?.checked;

/** The comments the literals carried about one entry, kept with it as `$comment`. */
const ENTRY_COMMENTS: Readonly<Record<string, string>> = {
  'googlebot-news': 'No User-Agent markers: it has no User-Agent of its own; its requests carry the Googlebot strings.',
  'google-extended':
    'The chain is the token alone: whether a `*` group counts as a Google-Extended preference is not documented, so it claims nothing more. The token is a marker because a request claiming it is itself suspicious, so the catalogue recognises the claim.',
  'applebot-extended':
    'The chain is the token alone: whether Googlebot or * groups are consulted for it is unknown, so it claims nothing more.',
  'perplexity-user': 'The chain is the token alone: the facts give no fallback at all; only a group naming it could ever apply.',
  ccbot: 'The reverse DNS suffix comes from third-party sources.',
  facebookexternalhit: "facebookcatalog is a marker because it is listed among this crawler's example User-Agents in the facts.",
  'googlebot-mobile': 'Listed so that a legacy Googlebot-Mobile header is not taken for Googlebot.',
  ahrefsbot: "Not in the reference file: the verification facts come from Ahrefs' own page about its bots.",
};

/** The comments on the shared constants of the literals, kept once for the whole file. */
const FILE_COMMENTS = [
  'The catalogue is data transcribed from the shared reference facts (crawlers.json). Where the facts mark something as a guess, the guess is kept out of chains and verification data and is mentioned in `notes` instead, so verdicts rest only on documented behaviour.',
  'Crawlers transcribed from the reference facts come first, plus a few common in access logs that the reference does not cover (their notes say so), operators grouped, major ones first: this order is the display order of the crawler matrix.',
  "Google's common crawlers share one IP list and the googlebot.com reverse DNS names; the older googlebot.json URL is kept because some pages and tools still reference it. Its special-case crawlers come from rate-limited proxies under google.com.",
  "Bing: the bingbot.json URL is the one third-party tools use; no Bing page in the reference shows it.",
  "Anthropic: the bots.json URL comes from a third-party list; Anthropic's page links 'this list' without it.",
  '`$comment` in an entry says why a fact reads as it does; the loader drops it.',
];

function withComment(entry: (typeof documented)[number]): Record<string, unknown> {
  const comment = ENTRY_COMMENTS[entry.id];
  if (comment === undefined) return { ...entry };
  const { id, ...rest } = entry;
  return { id, $comment: comment, ...rest };
}

/** JSON with two-space indents, and arrays and objects of plain values on one line when they fit. */
function format(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = value.every((v) => v === null || typeof v !== 'object');
    const oneLine = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (flat && indent.length + oneLine.length <= 110) return oneLine;
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const flat = entries.every(([, v]) => v === null || typeof v !== 'object');
    const oneLine = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
    if (flat && indent.length + oneLine.length <= 110) return oneLine;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

writeFileSync(
  join(DIR, 'catalogue.json'),
  format({ $schema: './catalogue.schema.json', $comment: FILE_COMMENTS, crawlers: documented.map(withComment) }) + '\n',
);
writeFileSync(
  join(DIR, 'listed-agents.json'),
  format({
    $schema: './listed-agents.schema.json',
    $comment: [
      'AI agents known from the ai.robots.txt list only: purposes, robots.txt respect and operator as the list states them. The list records nothing about fallbacks, Crawl-delay or verification, so the loader gives these agents the RFC 9309 default chain and says that the rest is not documented.',
      '`marker: false` marks a token that is a common word browsers and tools carry too (`Code`, `Cursor`): a User-Agent header is then not read as this agent.',
    ],
    revision: '738c80df',
    checked: listChecked,
    agents: rows,
  }) + '\n',
);
console.log(`${documented.length} documented crawlers, ${rows.length} listed agents, list checked ${listChecked}`);
