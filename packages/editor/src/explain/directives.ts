/**
 * What each directive does, with where RFC 9309 and Google (and other crawlers) differ.
 * Keys are the parser's `Line.directive`: the canonical directive for the four group
 * keys, the lower-cased key for every other line.
 */

import { CRAWLERS } from '@robots-lens/kernel/crawlers';

export interface DirectiveDoc {
  /** The canonical spelling. */
  readonly name: string;
  /** What the directive does. */
  readonly summary: string;
  /** Where the standard and the crawlers differ. */
  readonly nuance: string;
  /** Defined by RFC 9309 (the others are extensions some crawlers read). */
  readonly standard: boolean;
}

const DIRECTIVES: Readonly<Record<string, DirectiveDoc>> = {
  'user-agent': {
    name: 'User-agent',
    summary:
      'Starts a group: the rules that follow apply to the crawlers named by this and the adjacent User-agent lines. `*` is the fallback group for crawlers no group names.',
    nuance:
      'Crawlers compare only the product token (the leading letters, `-` and `_`) case-insensitively. Consecutive User-agent lines share one group even across blank lines (RFC 9309); older parsers ended a record at a blank line. Groups naming the same token are merged.',
    standard: true,
  },
  allow: {
    name: 'Allow',
    summary: 'Lets the group\'s crawlers fetch URLs whose path and query match the pattern.',
    nuance:
      'The longest matching pattern (in octets) decides; on a tie Allow wins. `*` matches any run of characters, a final `$` anchors the end. Google also reads `Allow: /dir/index.html` as allowing `/dir/` exactly.',
    standard: true,
  },
  disallow: {
    name: 'Disallow',
    summary: 'Asks the group\'s crawlers not to fetch URLs whose path and query match the pattern.',
    nuance:
      'The longest matching pattern (in octets) decides; on a tie Allow wins. An empty `Disallow:` matches nothing: alone it allows everything, beside other rules it undoes nothing. Disallow controls crawling, not indexing: a disallowed URL can still be indexed from links.',
    standard: true,
  },
  sitemap: {
    name: 'Sitemap',
    summary: 'Points crawlers to an XML sitemap. It belongs to the file, not to the group it sits in.',
    nuance: 'The value must be an absolute URL. Google, Bing, Yandex and Apple read it; RFC 9309 allows such extra records without defining them.',
    standard: false,
  },
  'crawl-delay': {
    name: 'Crawl-delay',
    summary: 'Asks for a pause (in seconds) between consecutive requests of the group\'s crawlers.',
    nuance: `Not in RFC 9309. Google ignores it; documented to honour it: ${CRAWLERS.filter((c) => c.crawlDelay === 'honoured').map((c) => c.token).join(', ')}. It neither starts nor ends a group.`,
    standard: false,
  },
  host: {
    name: 'Host',
    summary: 'Named the preferred mirror of a site.',
    nuance: 'Yandex-only and retired by Yandex; every other crawler ignores it.',
    standard: false,
  },
  'clean-param': {
    name: 'Clean-param',
    summary: 'Tells Yandex which query parameters do not change the page.',
    nuance: 'Yandex-only; every other crawler ignores it.',
    standard: false,
  },
  noindex: {
    name: 'Noindex',
    summary: 'Was an unofficial way to keep URLs out of an index.',
    nuance: 'Google stopped supporting it in 2019, and no major crawler reads it: use `<meta name="robots" content="noindex">` or `X-Robots-Tag` on the page, and let it be crawled.',
    standard: false,
  },
  'request-rate': {
    name: 'Request-rate',
    summary: 'Proposed a maximum request rate (`1/5` per second).',
    nuance: 'An old proposal that major crawlers do not support.',
    standard: false,
  },
  'visit-time': {
    name: 'Visit-time',
    summary: 'Proposed a time window for crawling.',
    nuance: 'An old proposal that major crawlers do not support.',
    standard: false,
  },
  'content-signal': {
    name: 'Content-Signal',
    summary: 'Expresses preferences on how content may be used after it is fetched (search, AI input, AI training), and in Cloudflare\'s managed robots.txt a `use` level (immediate, reference or full).',
    nuance: 'Cloudflare\'s Content Signals Policy; not part of RFC 9309, and it does not change what may be crawled.',
    standard: false,
  },
  'content-usage': {
    name: 'Content-Usage',
    summary: 'Attaches AI-use preferences (AIPREF vocabulary: `train-ai`, `search`) to the group\'s URLs, optionally under a path.',
    nuance: 'An IETF draft (AIPREF); not part of RFC 9309, and it does not change what may be crawled. Its path matches like Allow/Disallow.',
    standard: false,
  },
  license: {
    name: 'License',
    summary: 'Points to an RSL licence or feed that says on which terms the site\'s content may be used.',
    nuance: 'RSL 1.0; not part of RFC 9309. It belongs to the file, not to a group, and does not change what may be crawled.',
    standard: false,
  },
};

/** The documentation of a directive (`Line.directive`), or undefined for unknown keys. */
export function describeDirective(directive: string): DirectiveDoc | undefined {
  return Object.hasOwn(DIRECTIVES, directive) ? DIRECTIVES[directive] : undefined;
}

/** The directive keys an author may write, for completion. */
export const DIRECTIVE_KEYS: readonly string[] = ['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay'];
