import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assessIndexing, effectiveDirectives, readPageDirectives } from '@robots-lens/fetch/directives';
import type { EffectiveDirectives, MetaTag, PageDirectives } from '@robots-lens/fetch/directives';

type Read = [bot: string | null, name: string, value: string | null];

/** Reads headers (and meta tags) and compares `[bot, name, value]` triples and problems. */
function assertRead(headers: string[], expected: Read[], problems: RegExp[] = [], meta: MetaTag[] = []): PageDirectives {
  const page = readPageDirectives({ headers, meta });
  assert.deepEqual(
    page.directives.map((d): Read => [d.bot, d.name, d.value]),
    expected,
    `reading ${JSON.stringify(headers)}`,
  );
  assert.equal(page.problems.length, problems.length, page.problems.map((p) => p.message).join('\n'));
  problems.forEach((re, i) => assert.match(page.problems[i]!.message, re));
  return page;
}

describe('reading X-Robots-Tag values', () => {
  const table: Array<[string, string[], Read[], RegExp[]?]> = [
    ['one directive', ['noindex'], [[null, 'noindex', null]]],
    ['a comma list, any case', ['NoIndex, NOFOLLOW'], [[null, 'noindex', null], [null, 'nofollow', null]]],
    ['a bot prefix', ['googlebot: noindex'], [['googlebot', 'noindex', null]]],
    ['the bot prefix carries over the list', ['otherbot: noindex, nofollow'], [['otherbot', 'noindex', null], ['otherbot', 'nofollow', null]]],
    [
      'generic, then two bots in one header',
      ['noarchive, googlebot: noindex, Bingbot: nofollow'],
      [[null, 'noarchive', null], ['googlebot', 'noindex', null], ['bingbot', 'nofollow', null]],
    ],
    ['a hyphenated bot', ['Googlebot-News: noindex'], [['googlebot-news', 'noindex', null]]],
    ['valued directives', ['max-snippet: 20, max-image-preview: large, max-video-preview: -1'], [
      [null, 'max-snippet', '20'],
      [null, 'max-image-preview', 'large'],
      [null, 'max-video-preview', '-1'],
    ]],
    ['a bot prefix before a valued directive', ['googlebot: max-snippet: 20'], [['googlebot', 'max-snippet', '20']]],
    [
      'an RFC 850 date with a comma, then more directives',
      ['unavailable_after: Wednesday, 03-Nov-2027 15:00:00 GMT, noindex'],
      [[null, 'unavailable_after', 'Wednesday, 03-Nov-2027 15:00:00 GMT'], [null, 'noindex', null]],
    ],
    [
      'an RFC 822 date, then a bot prefix',
      ['unavailable_after: Mon, 25 Jun 2010 15:00:00 GMT, googlebot: noindex'],
      [[null, 'unavailable_after', 'Mon, 25 Jun 2010 15:00:00 GMT'], ['googlebot', 'noindex', null]],
    ],
    ['an ISO 8601 date full of colons', ['unavailable_after: 2027-11-03T15:00:00Z'], [[null, 'unavailable_after', '2027-11-03T15:00:00Z']]],
    ['a bot and a date with a time zone', ['googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST'], [['googlebot', 'unavailable_after', '25 Jun 2010 15:00:00 PST']]],
    ['empty parts are skipped', [' , noindex,, '], [[null, 'noindex', null]]],
    ['space instead of comma', ['noindex nofollow'], [[null, 'noindex nofollow', null]], [/separate directives with commas/]],
    ['an unknown word', ['nocrawl'], [[null, 'nocrawl', null]], [/not a directive crawlers know/]],
    ['a bad number', ['max-snippet: ten'], [[null, 'max-snippet', 'ten']], [/whole number/]],
    ['a bad preview size', ['max-image-preview: huge'], [[null, 'max-image-preview', 'huge']], [/none, standard or large/]],
    ['an unreadable date', ['unavailable_after: tomorrow'], [[null, 'unavailable_after', 'tomorrow']], [/date cannot be read/]],
    ['a bot with no directive', ['googlebot:'], [], [/names a crawler but no directive/]],
    ['a value on a flag', ['noindex: yes'], [[null, 'noindex', 'yes']], [/takes no value/]],
  ];
  for (const [name, headers, expected, problems] of table) {
    test(name, () => {
      assertRead(headers, expected, problems ?? []);
    });
  }

  test('several headers keep their own bot prefix and number', () => {
    const page = assertRead(['googlebot: nofollow', 'noindex'], [['googlebot', 'nofollow', null], [null, 'noindex', null]]);
    assert.deepEqual(page.directives.map((d) => d.source.label), ['X-Robots-Tag #1', 'X-Robots-Tag #2']);
  });
});

describe('reading robots meta tags', () => {
  const meta: MetaTag[] = [
    { name: 'robots', content: 'noindex' },
    { name: 'description', content: 'noindex is not a directive here' },
    { name: 'GoogleBot', content: 'nofollow' },
    { name: 'googlebot-news', content: 'nosnippet' },
    { name: 'foobot', content: 'noarchive' },
  ];

  test('robots and crawler names count; other metas and unknown bots do not', () => {
    const page = assertRead([], [[null, 'noindex', null], ['googlebot', 'nofollow', null], ['googlebot-news', 'nosnippet', null]], [], meta);
    assert.deepEqual(page.sources.map((s) => s.label), ['<meta name="robots"> #1', '<meta name="googlebot"> #2', '<meta name="googlebot-news"> #3']);
  });

  test('an agent the user asks about makes its meta name count', () => {
    const page = readPageDirectives({ meta }, { botNames: ['FooBot'] });
    assert.ok(page.directives.some((d) => d.bot === 'foobot' && d.name === 'noarchive'));
  });

  test('in meta content a colon is not a bot prefix', () => {
    assertRead([], [[null, 'googlebot', 'noindex']], [/not a directive crawlers know/], [{ name: 'robots', content: 'googlebot: noindex' }]);
  });
});

interface Case {
  readonly name: string;
  readonly headers?: string[];
  readonly meta?: MetaTag[];
  readonly agent: string;
  /** The effective summary. */
  readonly expect: string;
  /** directive → source labels it came from. */
  readonly from?: Record<string, string[]>;
  /** Parts set aside, as `text → reason fragment`. */
  readonly setAside?: Array<[string, string]>;
  readonly notes?: RegExp[];
}

const robots = (content: string): MetaTag => ({ name: 'robots', content });
const googlebot = (content: string): MetaTag => ({ name: 'googlebot', content });

const COMBINATIONS: Case[] = [
  {
    name: 'generic header + bot-specific meta add up',
    headers: ['noindex'],
    meta: [googlebot('nofollow')],
    agent: 'Googlebot',
    expect: 'noindex, nofollow',
    from: { noindex: ['X-Robots-Tag #1'], nofollow: ['<meta name="googlebot"> #1'] },
  },
  {
    name: 'a directive for another bot does not count',
    headers: ['bingbot: noindex'],
    agent: 'Googlebot',
    expect: '(none: index, follow)',
    setAside: [['bingbot: noindex', 'addressed to bingbot, not to Googlebot']],
  },
  { name: 'the same header for the bot it names', headers: ['bingbot: noindex'], agent: 'bingbot', expect: 'noindex' },
  { name: 'googlebot speaks to Googlebot-Image (its chain)', meta: [googlebot('noindex')], agent: 'Googlebot-Image', expect: 'noindex' },
  {
    name: 'googlebot-news speaks to Googlebot-News only',
    meta: [{ name: 'googlebot-news', content: 'noindex' }, googlebot('nosnippet')],
    agent: 'Googlebot-News',
    expect: 'noindex, nosnippet',
  },
  {
    name: '… not to Googlebot',
    meta: [{ name: 'googlebot-news', content: 'noindex' }],
    agent: 'Googlebot',
    expect: '(none: index, follow)',
    setAside: [['noindex', 'addressed to googlebot-news']],
  },
  {
    name: 'none = noindex + nofollow, both from the same tag',
    meta: [robots('none')],
    agent: 'GPTBot',
    expect: 'noindex, nofollow',
    from: { noindex: ['<meta name="robots"> #1'], nofollow: ['<meta name="robots"> #1'] },
  },
  {
    name: 'all adds nothing and does not undo noindex',
    headers: ['all'],
    meta: [robots('noindex')],
    agent: 'Googlebot',
    expect: 'noindex',
    setAside: [['all', 'is the default']],
  },
  {
    name: 'conflict: index in the meta, noindex in the header → noindex',
    headers: ['noindex'],
    meta: [robots('index, follow')],
    agent: 'Bingbot',
    expect: 'noindex',
    setAside: [['index', 'cannot undo'], ['follow', 'is the default']],
  },
  {
    name: 'conflicting bot-specific headers: googlebot: index vs googlebot: noindex',
    headers: ['googlebot: index', 'googlebot: noindex'],
    agent: 'Googlebot',
    expect: 'noindex',
    from: { noindex: ['X-Robots-Tag #2'] },
  },
  {
    name: 'nosnippet beats max-snippet',
    headers: ['max-snippet: 50'],
    meta: [robots('nosnippet')],
    agent: 'Googlebot',
    expect: 'nosnippet',
    setAside: [['max-snippet: 50', 'nosnippet (<meta name="robots"> #1) overrides max-snippet']],
  },
  {
    name: 'smallest max-snippet: the bot-specific 20 beats the generic 50',
    headers: ['max-snippet: 50', 'googlebot: max-snippet: 20'],
    agent: 'Googlebot',
    expect: 'max-snippet:20',
    from: { 'max-snippet': ['X-Robots-Tag #2'] },
    setAside: [['max-snippet: 50', 'a more restrictive max-snippet (max-snippet: 20, X-Robots-Tag #2) applies']],
  },
  { name: '… while Bingbot keeps 50', headers: ['max-snippet: 50', 'googlebot: max-snippet: 20'], agent: 'Bingbot', expect: 'max-snippet:50' },
  { name: 'max-snippet:-1 is no limit, so 100 is smaller', headers: ['max-snippet: -1'], meta: [robots('max-snippet:100')], agent: 'Googlebot', expect: 'max-snippet:100' },
  { name: 'max-snippet:0 is noted as no snippet', headers: ['max-snippet: 0'], agent: 'Googlebot', expect: 'max-snippet:0', notes: [/like nosnippet/] },
  { name: 'max-image-preview: none < standard < large', headers: ['max-image-preview: large'], meta: [robots('max-image-preview:standard')], agent: 'Googlebot', expect: 'max-image-preview:standard' },
  { name: 'max-image-preview: NONE wins', headers: ['max-image-preview: standard, max-image-preview: NONE'], agent: 'Googlebot', expect: 'max-image-preview:none' },
  { name: 'smallest max-video-preview', headers: ['max-video-preview: -1'], meta: [googlebot('max-video-preview: 0')], agent: 'Googlebot', expect: 'max-video-preview:0' },
  {
    name: 'earliest unavailable_after',
    headers: ['unavailable_after: Wednesday, 03-Nov-2027 15:00:00 GMT', 'googlebot: unavailable_after: 2026-01-01T00:00:00Z'],
    agent: 'Googlebot',
    expect: 'unavailable_after:2026-01-01T00:00:00Z',
  },
  {
    name: 'flags are pooled, in a fixed order',
    headers: ['notranslate, noimageindex'],
    meta: [robots('indexifembedded, noindex, noarchive')],
    agent: 'Googlebot',
    expect: 'noindex, noimageindex, notranslate, indexifembedded, noarchive',
  },
  { name: 'indexifembedded alone is noted', meta: [robots('indexifembedded')], agent: 'Googlebot', expect: 'indexifembedded', notes: [/only together with noindex/] },
  { name: 'an unknown token agent gets its own bot lines', headers: ['foobot: noindex'], agent: 'FooBot', expect: 'noindex' },
  {
    name: 'a full User-Agent header is resolved to its crawler',
    headers: ['googlebot: noindex'],
    agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    expect: 'noindex',
  },
  {
    name: 'unknown and unreadable parts are set aside, not applied',
    headers: ['nocrawl, max-snippet: ten'],
    agent: 'Googlebot',
    expect: '(none: index, follow)',
    setAside: [['nocrawl', 'not a directive crawlers know'], ['max-snippet: ten', 'cannot be read']],
  },
  { name: 'obsolete noodp', meta: [robots('noodp')], agent: 'Googlebot', expect: '(none: index, follow)', setAside: [['noodp', 'obsolete']] },
];

function assertEffective(c: Case): EffectiveDirectives {
  const page = readPageDirectives({ headers: c.headers ?? [], meta: c.meta ?? [] });
  const effective = effectiveDirectives(page, c.agent);
  assert.equal(effective.summary, c.expect);
  assert.equal(effective.noindex, c.expect.includes('noindex'));
  for (const [name, labels] of Object.entries(c.from ?? {})) {
    const d = effective.directives.find((x) => x.name === name);
    assert.ok(d, `${name} is effective`);
    assert.deepEqual(d.from.map((u) => u.source.label), labels, name);
  }
  for (const [text, reason] of c.setAside ?? []) {
    const aside = effective.setAside.find((s) => s.text === text);
    assert.ok(aside, `"${text}" is set aside: ${JSON.stringify(effective.setAside.map((s) => s.text))}`);
    assert.ok(aside.reason.includes(reason), `"${aside.reason}" should contain "${reason}"`);
  }
  assert.equal(effective.notes.length, (c.notes ?? []).length, effective.notes.join('\n'));
  (c.notes ?? []).forEach((re, i) => assert.match(effective.notes[i]!, re));
  return effective;
}

describe('combining directives per crawler: most restrictive wins', () => {
  for (const c of COMBINATIONS) test(c.name, () => void assertEffective(c));

  test('unavailable_after: ISO time given, and whether it has passed', () => {
    const page = readPageDirectives({ headers: ['unavailable_after: 25 Jun 2010 15:00:00 PST'] });
    const effective = effectiveDirectives(page, 'Googlebot', { now: Date.parse('2026-01-01T00:00:00Z') });
    const d = effective.directives[0]!;
    assert.equal(d.time, '2010-06-25T23:00:00.000Z');
    assert.equal(d.expired, true);
    assert.match(effective.notes[0]!, /has passed/);
  });

  test('the chain of the crawler is reported', () => {
    const effective = effectiveDirectives(readPageDirectives({}), 'Googlebot-Image');
    assert.equal(effective.token, 'Googlebot-Image');
    assert.deepEqual(effective.chain, ['Googlebot-Image', 'Googlebot', '*']);
  });
});

describe('crawling vs indexing: never one for the other', () => {
  const noindex = effectiveDirectives(readPageDirectives({ headers: ['noindex'] }), 'Googlebot');
  const nothing = effectiveDirectives(readPageDirectives({}), 'Googlebot');
  const base = { crawler: 'Googlebot', pageStatus: 200, pageError: null };

  test('disallowed + noindex: the noindex is not seen; fix suggested', () => {
    const a = assessIndexing({ ...base, crawlAllowed: false, crawlDecidedBy: 'line 2: Disallow: /private/', directives: noindex });
    assert.equal(a.directivesSeen, false);
    assert.equal(a.pageSaysNoindex, true);
    assert.match(a.headline, /may not crawl this URL \(line 2: Disallow: \/private\/\), so it cannot see the noindex \(X-Robots-Tag #1\)/);
    assert.match(a.headline, /may still be indexed without its content/);
    assert.equal(a.advice.length, 2);
    assert.match(a.advice[0]!, /allow Googlebot to crawl it .* so that the noindex is seen/);
    assert.match(a.advice[1]!, /drop the noindex expectation/);
  });

  test('disallowed without noindex: disallowing is not noindex', () => {
    const a = assessIndexing({ ...base, crawlAllowed: false, crawlDecidedBy: 'robots.txt unreachable: HTTP 503', directives: nothing });
    assert.equal(a.pageSaysNoindex, false);
    assert.match(a.headline, /Disallowing is not noindex/);
    assert.match(a.advice[0]!, /allow crawling and add noindex/);
  });

  test('allowed + noindex: seen, kept out of the index', () => {
    const a = assessIndexing({ ...base, crawlAllowed: true, crawlDecidedBy: 'no rule matches', directives: noindex });
    assert.equal(a.directivesSeen, true);
    assert.match(a.headline, /may crawl this URL and sees the noindex/);
    assert.deepEqual(a.advice, []);
  });

  test('allowed without noindex: can be indexed', () => {
    const a = assessIndexing({ ...base, crawlAllowed: true, crawlDecidedBy: 'no rule matches', directives: nothing });
    assert.match(a.headline, /no noindex applies to it: the page can be indexed/);
  });

  test('allowed but the page answers 404', () => {
    const a = assessIndexing({ ...base, pageStatus: 404, crawlAllowed: true, crawlDecidedBy: 'no rule matches', directives: nothing });
    assert.match(a.headline, /answers HTTP 404/);
  });

  test('allowed but the page could not be fetched', () => {
    const a = assessIndexing({ ...base, pageStatus: null, pageError: 'No response within 200 ms.', crawlAllowed: true, crawlDecidedBy: 'no rule matches', directives: null });
    assert.match(a.headline, /could not be fetched \(No response within 200 ms\.\)/);
  });
});
