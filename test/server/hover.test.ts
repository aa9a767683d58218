import { describe, test } from 'node:test';
import { assertHover } from '../support/features';
import type { HoverExpect } from '../support/features';

type HoverCase = readonly [name: string, marked: string, expected: HoverExpect | null, replay?: Readonly<Record<number, number>>];

// What every rule's normalised line says about who wins.
const DECIDES = '(the longest matching rule decides; on a tie Allow wins)';

const keys: readonly HoverCase[] = [
  [
    'a standard key says what it does and how rules compete',
    'User-agent: *\nDis|allow: /x',
    {
      title: '**Disallow** — RFC 9309',
      says: ["Asks the group's crawlers not to fetch URLs whose path and query match the pattern.", 'The longest matching pattern (in octets) decides; on a tie Allow wins.'],
      never: ['Google reads', 'without a colon'],
      range: 'Disallow',
    },
  ],
  [
    'a misspelt key says how Google reads it and that others ignore it',
    'User-agent: *\nDiss|allow: /x',
    {
      title: '**Disallow** — RFC 9309',
      says: ['Google reads `Dissallow` as `Disallow` (a misspelling it accepts); other crawlers ignore this line.'],
      range: 'Dissallow',
    },
  ],
  [
    'a key that starts with a known key',
    'User-agent: *\nDisallowed|: /x',
    { title: '**Disallow** — RFC 9309', says: ['Google reads `Disallowed` as `Disallow` (a key that starts with a known key)'], range: 'Disallowed' },
  ],
  [
    'a key without its colon',
    'User-agent: *\nDisallow| /path',
    { title: '**Disallow** — RFC 9309', says: ['Google accepts this line without a colon; other crawlers ignore it.'], never: ['Google reads'], range: 'Disallow' },
  ],
  [
    'an unknown key',
    'Fo|o: bar',
    { title: '**Foo** — not a directive crawlers know', says: ['Crawlers ignore lines whose key they do not know.'], range: 'Foo' },
  ],
  [
    'Sitemap belongs to the file',
    'Site|map: https://example.test/sitemap.xml',
    { title: '**Sitemap** — not in RFC 9309', says: ['It belongs to the file, not to the group it sits in.', 'The value must be an absolute URL.'], range: 'Sitemap' },
  ],
  [
    'the value of a line that is no rule explains its key',
    'User-agent: *\nCrawl-delay: 1|0',
    { title: '**Crawl-delay** — not in RFC 9309', says: ['Google ignores it', 'It neither starts nor ends a group.'], range: '10' },
  ],
];

const rules: readonly HoverCase[] = [
  [
    'a prefix rule: meaning, verified examples, normalised form and audience',
    'User-agent: Googlebot\nDisallow: /priv|ate/',
    {
      title: '**Disallow** `/private/` — line 2',
      says: [
        'Every URL whose path and query start with `/private/`',
        '**Matches:** `/private/` · `/private/page.html`',
        '**Does not match:** `/private` · `/Private/`',
        `**Normalised:** \`/private/\` — 9 octets ${DECIDES}`,
        /\*\*Used by:\*\* Googlebot; Googlebot-Image, .*Applebot \(by fallback to Googlebot, having no group of their own\)\./,
        '- Matching is case-sensitive.',
      ],
      never: ['every crawler without a group of its own', 'Shadowed', 'Redundant', 'Replay'],
      range: '/private/',
    },
  ],
  [
    'non-ASCII is compared percent-encoded, and the octets are counted so',
    'User-agent: *\nDisallow: /caf|é',
    {
      title: '**Disallow** `/café` — line 2',
      says: [`**Normalised:** \`/caf%C3%A9\` — 10 octets ${DECIDES}`, 'Compared in its normalised form `/caf%C3%A9`'],
      range: '/café',
    },
  ],
  [
    'a lower-case escape is compared upper-cased',
    'User-agent: *\nAllow: /a%2f|b',
    { title: '**Allow** `/a%2fb` — line 2', says: [`**Normalised:** \`/a%2Fb\` — 6 octets ${DECIDES}`], range: '/a%2fb' },
  ],
  [
    'wildcard and end anchor',
    'User-agent: *\nDisallow: /*.pdf|$',
    {
      title: '**Disallow** `/*.pdf$` — line 2',
      says: [
        'Every URL whose path and query end with `.pdf`',
        '**Matches:** `/file.pdf` · `/docs/page.pdf`',
        '**Does not match:** `/file.pdf?x=1` · `/file.pdfx`',
        `**Normalised:** \`/*.pdf$\` — 7 octets ${DECIDES}`,
      ],
      range: '/*.pdf$',
    },
  ],
  [
    'an empty Disallow matches nothing and has no normalised form',
    'User-agent: *\nDisallow:|',
    {
      title: '**Disallow** `(empty)` — line 2',
      says: ['Matches nothing: an empty Disallow is ignored.', 'Alone in its group it means "allow everything"'],
      never: ['**Normalised:**', '**Matches:**'],
      range: null,
    },
  ],
  [
    'a rule of the * group is used by every crawler without a group of its own',
    'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: *\nDisallow: /|b',
    {
      title: '**Disallow** `/b` — line 5',
      says: [/\*\*Used by:\*\* every crawler without a group of its own, such as Storebot-Google, .* and \d+ more\./],
      // Googlebot has its group; Googlebot-Image falls back to it.
      never: [/such as .*Googlebot/],
      range: '/b',
    },
  ],
  [
    'a shadowed rule names the rule that wins instead',
    'User-agent: *\nDisallow: /ad|min\nDisallow: /admin*\n',
    { title: '**Disallow** `/admin` — line 2', says: ['**Shadowed:** never decides any URL — line 3 `Disallow: /admin*` matches every URL this rule matches and wins.'], never: ['Redundant'], range: '/admin' },
  ],
  [
    'an Allow shadows the Disallow of the same pattern (Allow wins the tie)',
    'User-agent: *\nAllow: /x\nDisallow: /x|',
    { title: '**Disallow** `/x` — line 3', says: ['**Shadowed:** never decides any URL — line 2 `Allow: /x` matches every URL this rule matches and wins.'], range: '/x' },
  ],
  [
    'a redundant rule names the rule that would decide in its place',
    'User-agent: *\nDisallow: /a\nDisallow: /a/|b\n',
    { title: '**Disallow** `/a/b` — line 3', says: ['**Redundant:** removing it changes no verdict — line 2 `Disallow: /a` would decide the same URLs the same way.'], never: ['Shadowed'], range: '/a/b' },
  ],
  [
    'the rule that wins is neither shadowed nor redundant',
    'User-agent: *\nDisallow: /ad|min*\nDisallow: /admin\n',
    { title: '**Disallow** `/admin*` — line 2', says: [`**Normalised:** \`/admin*\` — 7 octets ${DECIDES}`], never: ['Shadowed', 'Redundant'], range: '/admin*' },
  ],
  [
    'groups naming the same crawler are pooled',
    'User-agent: Googlebot\nDisallow: /a|\n\nUser-agent: Googlebot\nDisallow: /b',
    { title: '**Disallow** `/a` — line 2', says: ['Its rules are pooled with the group at line 4, which names the same crawler.'], range: '/a' },
  ],
  [
    'a rule before any User-agent line is obeyed by no crawler',
    'Disallow: /or|phan\nUser-agent: *\n',
    { title: '**Disallow** `/orphan` — line 1', says: ['**No crawler obeys this rule:** it comes before any `User-agent` line.'], never: ['Used by'], range: '/orphan' },
  ],
  [
    'replay counts are shown for the rule of the line',
    'User-agent: *\nDisallow: /x|\nAllow: /x/y',
    { title: '**Disallow** `/x` — line 2', says: ['**Replay:** decided 1,234 replayed requests.'], range: '/x' },
    { 2: 1234, 3: 7 },
  ],
  [
    'one replayed request is singular',
    'User-agent: *\nDisallow: /x\nAllow: /x/|y',
    { title: '**Allow** `/x/y` — line 3', says: ['**Replay:** decided 1 replayed request.'], range: '/x/y' },
    { 2: 1234, 3: 1 },
  ],
];

const agents: readonly HoverCase[] = [
  [
    'a catalogue crawler: who it is, what it looks for, crawl-delay, verification',
    'User-agent: GPT|Bot\nDisallow: /',
    {
      title: '**GPTBot** — OpenAI, collecting data to train AI models. **This group** disallows every URL (`Disallow: /`).',
      says: ['\n\n---\n\n**User-agent** `GPTBot`', 
        'Crawlers compare the token `GPTBot` case-insensitively with their own tokens.',
        '**GPTBot** — OpenAI, collecting data to train AI models',
        '- **Looks for:** `GPTBot → *` — the first token that names a group selects it',
        '- **Crawl-delay:**',
        '- **Verification:**',
        '**This group is used by:** GPTBot.',
      ],
      never: ['read as'],
      range: 'GPTBot',
    },
  ],
  [
    "the catalogue's facts are text, not Markdown: an asterisk in a host name stays an asterisk",
    'User-agent: Google|bot\nDisallow: /x',
    {
      title: '**Googlebot** — Google, search indexing. **This group** disallows `/x`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `Googlebot`', '- **Verification:** Forward-confirmed reverse DNS (crawl-\\*.googlebot.com or geo-crawl-\\*.geo.googlebot.com)'],
      never: ['crawl-*.googlebot.com'],
      range: 'Googlebot',
    },
  ],
  [
    'a token of the file is text too: its underscores are not emphasis',
    'User-agent: _my_bot_|\nDisallow: /x',
    {
      title: '`_my_bot_` — not in the crawler catalogue. **This group** disallows `/x`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `_my_bot_`', '**This group is used by:** \\_my\\_bot\\_ (not in the catalogue).'],
      range: '_my_bot_',
    },
  ],
  [
    'Crawl-delay support that is not documented is said once',
    'User-agent: Bing|Preview\nDisallow: /',
    {
      title: '**BingPreview** — Microsoft, link previews. **This group** disallows every URL (`Disallow: /`).',
      says: ['\n\n---\n\n**User-agent** `BingPreview`', '- **Crawl-delay:** not documented in the material the reference facts were drawn from.'],
      never: ['not documented — Not documented'],
      range: 'BingPreview',
    },
  ],
  [
    'a version after the token is not read',
    'User-agent: Googlebot/2.1|\nDisallow: /x',
    {
      title: '**Googlebot** — Google, search indexing (read as `Googlebot`). **This group** disallows `/x`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `Googlebot/2.1` — read as `Googlebot`', 'Crawlers read only the product token `Googlebot` from `Googlebot/2.1`', '**Googlebot** — Google, search indexing', '- **Crawl-delay:** ignored'],
      range: 'Googlebot/2.1',
    },
  ],
  [
    'a User-Agent header names the crawler it misses',
    'User-agent: Mozilla/5.0 (compatible; Google|bot/2.1)\nDisallow: /x',
    {
      title: '`Mozilla` (the token read) — not in the crawler catalogue; Googlebot does not obey this line. **This group** disallows `/x`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `Mozilla/5.0 (compatible; Googlebot/2.1)` — read as `Mozilla`', 'Googlebot looks for `Googlebot`, so it does not obey this line.', 'You may mean **Googlebot**:', '**This group is used by:** Mozilla (not in the catalogue).'],
      range: 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    },
  ],
  [
    'a token not in the catalogue',
    'User-agent: Googel|bot\nDisallow: /',
    {
      title: '`Googelbot` — not in the crawler catalogue. **This group** disallows every URL (`Disallow: /`).',
      says: ['\n\n---\n\n**User-agent** `Googelbot`', '`Googelbot` is not in the crawler catalogue: a crawler sending this token uses this group, else `*`.', '**This group is used by:** Googelbot (not in the catalogue).'],
      never: ['You may mean'],
      range: 'Googelbot',
    },
  ],
  [
    'a crawler that ignores the * group says so',
    'User-agent: Google-Extended|\nDisallow: /',
    { title: '**Google-Extended** — Google, a usage-control token: it sends no requests, it only expresses a preference; collecting data to train AI models; AI search and answers. **This group** disallows every URL (`Disallow: /`).', says: ['\n\n---\n\n**User-agent** `Google-Extended`', '; it ignores the `*` group'], range: 'Google-Extended' },
  ],
  [
    'the * line is the fallback group',
    'User-agent: *|\nDisallow: /x',
    {
      title: '`*` — the fallback: every crawler without a group of its own. **This group** disallows `/x`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `*`', 'The fallback group: crawlers use it when no group names a token of their chain.', '**This group is used by:** every crawler without a group of its own, such as Googlebot,'],
      range: '*',
    },
  ],
  [
    'every agent line of a group shares the audience',
    'User-agent: GPTBot\nUser-agent: Bing|bot\nDisallow: /x',
    { title: '**Bingbot** — Microsoft, search indexing. **This group** disallows `/x`; a URL no Disallow matches is allowed.', says: ['\n\n---\n\n**User-agent** `Bingbot`', '**Bingbot** — Microsoft, search indexing', '**This group is used by:** bingbot, GPTBot.'], range: 'Bingbot' },
  ],
  [
    'an empty User-agent governs nobody',
    'User-agent:|\nDisallow: /x',
    {
      title: 'No product token: this line governs nobody.',
      says: ['\n\n---\n\n**User-agent** `(empty)`', 'crawlers read no product token from it: this line governs nobody.', '**This group is used by:** no crawler', 'Line 1 names no product token and governs nobody.'],
      range: null,
    },
  ],
  [
    "the first line says what the crawler's rules do, its token's other groups pooled in, three rules named",
    'User-agent: Google|bot\nDisallow: /a\nAllow: /a/b\n\nUser-agent: googlebot\nDisallow: /c\nDisallow: /d\nDisallow: /e\n',
    {
      title: '**Googlebot** — Google, search indexing. **This group** (pooled with the group at line 5) disallows `/a`, `/c`, `/d` and 1 more; Allow `/a/b`; a URL no Disallow matches is allowed.',
      says: ['\n\n---\n\n**User-agent** `Googlebot`'],
      range: 'Googlebot',
    },
  ],
  [
    'an empty Disallow disallows nothing',
    'User-agent: GPT|Bot\nDisallow:\n',
    { title: '**GPTBot** — OpenAI, collecting data to train AI models. **This group** disallows nothing: every URL is allowed.', says: [], range: 'GPTBot' },
  ],
  [
    'a Disallow of everything is named as written, with the Allow rules beside it',
    'User-agent: my|bot\nDisallow: /*\nAllow: /blog/\n',
    { title: '`mybot` — not in the crawler catalogue. **This group** disallows every URL (`Disallow: /*`); Allow `/blog/`.', says: [], range: 'mybot' },
  ],
];

const nothing: readonly HoverCase[] = [
  ['inside a comment', 'User-agent: * # the sh|op', null],
  ['on a comment line', '# no|te\nUser-agent: *', null],
  ['on a blank line', 'User-agent: *\n|\nDisallow: /x', null],
];

describe('hover', () => {
  for (const [title, table] of [['directive keys', keys], ['rules', rules], ['User-agent lines', agents], ['no hover', nothing]] as const) {
    describe(title, () => {
      for (const [name, marked, expected, replay] of table) test(name, () => assertHover(marked, expected, replay));
    });
  }
});
