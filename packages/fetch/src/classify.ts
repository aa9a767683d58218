/**
 * Fetch outcome → what it means (docs/spec/robots-semantics.md §5): the state (`rules`, `unavailable`,
 * `unreachable`), the parsed rules when there are any, warnings about how the file is
 * served, and what each major crawler does. Pure: the HTTP layer supplies the outcome.
 */

import { parseRobots } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { GOOGLE_SIZE_LIMIT_BYTES } from '@robots-lens/kernel/parse';
import { siteOrigin } from '@robots-lens/kernel/match';
import { crawlerConsequences } from './consequences';
import type { CrawlerConsequence, FetchCause, FetchSituation } from './consequences';
import type { FetchHop, FetchOutcome, NetworkFailure } from './outcome';
import { MAX_ROBOTS_REDIRECTS } from './outcome';

/** RFC 9309's three answers to "what does this robots.txt say". */
export type FetchState =
  /** A 2xx response: its parseable rules apply. */
  | 'rules'
  /** 4xx (except 429) or too many redirects: everything is allowed. */
  | 'unavailable'
  /** 429, 5xx, network error or timeout: assume complete disallow. */
  | 'unreachable';

export type FetchWarningCode =
  | 'redirect'
  | 'too-many-redirects'
  | 'bad-redirect'
  | 'looks-like-html'
  | 'bom'
  | 'size-limit'
  | 'truncated'
  | 'content-type'
  | 'charset'
  | 'empty-body'
  | 'invalid-utf8'
  | 'access-denied'
  | 'rate-limited';

export interface FetchWarning {
  readonly code: FetchWarningCode;
  readonly message: string;
}

/** The meaning of one robots.txt fetch. */
export interface RobotsFetchResult {
  /** The origin the robots.txt governs; a redirect to another host does not change it. */
  readonly origin: string;
  /** The robots.txt URL requested first. */
  readonly url: string;
  /** The URL of the last response (or of the failed request). */
  readonly finalUrl: string;
  readonly chain: readonly FetchHop[];
  /** Status of the final response; null when no response arrived. */
  readonly status: number | null;
  readonly state: FetchState;
  readonly cause: FetchCause;
  /** One or two sentences: what happened and what it means for every URL of the origin. */
  readonly explanation: string;
  /** Bytes of the final response's body that were read, exactly; null without a final response. */
  readonly bytes: number | null;
  /** Reading stopped at the byte limit. */
  readonly truncated: boolean;
  /** `Content-Length` of the final response, when sent. */
  readonly declaredLength: number | null;
  readonly contentType: string | null;
  readonly warnings: readonly FetchWarning[];
  readonly error: NetworkFailure | null;
  /** The parsed file when the state is `rules`, else null. */
  readonly robots: RobotsFile | null;
  /** What each major crawler does with this outcome. */
  readonly consequences: readonly CrawlerConsequence[];
  /** The facts the crawler policies were applied to (for `consequenceForAgent`). */
  readonly situation: FetchSituation;
}

/** Gives a fetch outcome its meaning. Never throws. */
export function classifyFetch(outcome: FetchOutcome): RobotsFetchResult {
  const warnings: FetchWarning[] = [];
  const { origin, end } = outcome;
  const status = end.kind === 'response' ? end.status : lastStatus(outcome.chain);
  const finalUrl = end.url;

  // Scheme, host and port define the scope: a redirect elsewhere never moves the rules. The
  // URLs fetched are absolute, so the kernel's `siteOrigin` reads them as they are.
  const elsewhere = outcome.chain.map((hop) => hop.url).concat(end.kind === 'response' ? [] : [end.url]).find((u) => siteOrigin(u) !== origin);
  const redirects = outcome.chain.filter((hop) => hop.location !== undefined).length;
  if (redirects > 0 && end.kind !== 'too-many-redirects') {
    warnings.push({
      code: 'redirect',
      message:
        elsewhere !== undefined
          ? `robots.txt redirects to ${finalUrl} (another origin); its rules still apply to ${origin}, not to the redirect target (RFC 9309 §2.3.1.2).`
          : `robots.txt is reached through ${redirects} redirect${redirects > 1 ? 's' : ''}; crawlers follow up to ${MAX_ROBOTS_REDIRECTS}.`,
    });
  }

  let cause: FetchCause;
  let state: FetchState;
  let explanation: string;
  let robots: RobotsFile | null = null;
  let htmlLike = false;
  let overLimit = false;
  let bytes: number | null = null;
  let truncated = false;
  let declaredLength: number | null = null;
  let contentType: string | null = null;
  let error: NetworkFailure | null = null;

  switch (end.kind) {
    case 'network-error': {
      cause = 'network-error';
      state = 'unreachable';
      error = end.error;
      explanation = `${end.error.message} robots.txt is "unreachable", so every URL of ${origin} is disallowed (RFC 9309 §2.3.1.4: assume complete disallow).`;
      break;
    }
    case 'too-many-redirects': {
      cause = 'too-many-redirects';
      state = 'unavailable';
      explanation = `More than ${end.maxRedirects} consecutive redirects (the last one points to ${end.url}): robots.txt is "unavailable", so every URL of ${origin} is allowed (RFC 9309 §2.3.1.2; Google treats it as a 404).`;
      warnings.push({
        code: 'too-many-redirects',
        message: `robots.txt redirects more than ${end.maxRedirects} times; crawlers give up and behave as if there were no robots.txt. Serve it directly or with fewer redirects.`,
      });
      break;
    }
    case 'bad-redirect': {
      cause = 'bad-redirect';
      state = 'unavailable';
      explanation = `HTTP ${status ?? '3xx'} redirects nowhere usable (${end.message}): robots.txt is treated as "unavailable", so every URL of ${origin} is allowed.`;
      warnings.push({ code: 'bad-redirect', message: `The redirect from ${end.url} cannot be followed: ${end.message}` });
      break;
    }
    case 'response': {
      bytes = end.body.length;
      truncated = end.truncated;
      declaredLength = end.declaredLength;
      contentType = end.contentType;
      const s = end.status;
      if (s >= 200 && s <= 299) {
        cause = 'success';
        state = 'rules';
        const body = truncated ? withoutPartialLastLine(end.body) : end.body;
        robots = parseRobots(body);
        htmlLike = robots.problems.some((p) => p.code === 'looks-like-html');
        overLimit = bytes > GOOGLE_SIZE_LIMIT_BYTES || (truncated && outcome.maxBytes >= GOOGLE_SIZE_LIMIT_BYTES);
        explanation = `HTTP ${s}: the rules in this file apply to every URL of ${origin}.`;
        addBodyWarnings(warnings, robots, end, outcome.maxBytes, htmlLike, overLimit);
      } else if (s === 429) {
        cause = 'rate-limited';
        state = 'unreachable';
        explanation = `HTTP 429 (too many requests) is read as a server error, as Google does: robots.txt is "unreachable", so every URL of ${origin} is disallowed.`;
        warnings.push({
          code: 'rate-limited',
          message: 'robots.txt answered 429. Google treats it like a 5xx and stops crawling the site; a crawler reading RFC 9309 literally treats it as a 4xx and crawls everything. Never rate-limit robots.txt itself.',
        });
      } else if (s >= 400 && s <= 499) {
        cause = 'client-error';
        state = 'unavailable';
        explanation = `HTTP ${s}: robots.txt is "unavailable", so every URL of ${origin} is allowed (RFC 9309 §2.3.1.3; Google treats every 4xx except 429 this way).`;
        if (s === 401 || s === 403) {
          warnings.push({
            code: 'access-denied',
            message: `robots.txt answered ${s}. This does not block crawlers: under RFC 9309 and for Google it means "no robots.txt", so everything is allowed. A firewall or login in front of robots.txt is the usual cause.`,
          });
        }
      } else if (s >= 300 && s <= 399) {
        cause = 'bad-redirect';
        state = 'unavailable';
        explanation = `HTTP ${s} has no redirect target to follow: robots.txt is treated as "unavailable", so every URL of ${origin} is allowed.`;
        warnings.push({ code: 'bad-redirect', message: `robots.txt answered ${s}, a 3xx status with nothing to follow.` });
      } else if (s >= 500 && s <= 599) {
        cause = 'server-error';
        state = 'unreachable';
        explanation = `HTTP ${s}: a server error, so robots.txt is "unreachable" and every URL of ${origin} is disallowed (RFC 9309 §2.3.1.4: assume complete disallow).`;
      } else {
        cause = 'unexpected-status';
        state = 'unreachable';
        explanation = `HTTP ${s} is not a definite answer for robots.txt: it is treated as "unreachable", so every URL of ${origin} is disallowed.`;
      }
      if (state !== 'rules' && bytes > 0) explanation += ` The ${bytes}-byte body is not read as rules.`;
      break;
    }
  }

  const situation: FetchSituation = { cause, status, htmlLike, overLimit };
  return {
    origin,
    url: outcome.robotsUrl,
    finalUrl,
    chain: outcome.chain,
    status,
    state,
    cause,
    explanation,
    bytes,
    truncated,
    declaredLength,
    contentType,
    warnings,
    error,
    robots,
    consequences: crawlerConsequences(situation),
    situation,
  };
}

function addBodyWarnings(
  warnings: FetchWarning[],
  robots: RobotsFile,
  end: Extract<FetchOutcome['end'], { kind: 'response' }>,
  maxBytes: number,
  htmlLike: boolean,
  overLimit: boolean,
): void {
  const bytes = end.body.length;
  if (bytes === 0) {
    warnings.push({ code: 'empty-body', message: 'The file is empty (0 bytes): it has no rules, so everything is allowed.' });
  }
  if (htmlLike) {
    warnings.push({
      code: 'looks-like-html',
      message: 'The body looks like an HTML page, not a robots.txt (a soft 404 or an error page served with 200?). Crawlers take the valid lines and ignore the rest.',
    });
  }
  if (robots.hadBom) {
    warnings.push({ code: 'bom', message: 'The file starts with a UTF-8 byte order mark; crawlers skip it, but other tools may read the first line wrongly.' });
  }
  const invalid = robots.problems.filter((p) => p.code === 'invalid-utf8').length;
  if (invalid > 0) {
    warnings.push({
      code: 'invalid-utf8',
      message: `${invalid}${invalid >= 100 ? '+' : ''} invalid UTF-8 byte${invalid > 1 ? 's' : ''}: crawlers read robots.txt as UTF-8 and compare such bytes as %XX octets.`,
    });
  }
  const declared = end.declaredLength !== null ? ` (Content-Length: ${end.declaredLength})` : '';
  if (end.truncated && maxBytes < GOOGLE_SIZE_LIMIT_BYTES) {
    warnings.push({
      code: 'truncated',
      message: `Reading stopped after ${bytes} bytes (the byte limit)${declared}; the incomplete last line was dropped and the rest of the file was not read, so the rules shown may be incomplete. Google reads up to ${GOOGLE_SIZE_LIMIT_BYTES} bytes.`,
    });
  } else if (overLimit) {
    const size = end.truncated ? `larger than ${bytes} bytes${declared}; reading stopped there` : `${bytes} bytes`;
    warnings.push({
      code: 'size-limit',
      message: `The file is ${size}. Google ignores everything after the first ${GOOGLE_SIZE_LIMIT_BYTES} bytes (500 KiB): rules past that take no part in verdicts.`,
    });
  }
  const type = mediaType(end.contentType);
  if (type === null) {
    warnings.push({ code: 'content-type', message: 'The response has no Content-Type; robots.txt should be served as text/plain.' });
  } else if (type !== 'text/plain') {
    warnings.push({
      code: 'content-type',
      message: `The response is served as ${type}, not text/plain. This tool reads the body as robots.txt anyway, as Google extracts the valid lines, but some crawlers may not.`,
    });
  }
  const charset = charsetOf(end.contentType);
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') {
    warnings.push({ code: 'charset', message: `The response declares charset=${charset}; crawlers read robots.txt as UTF-8 regardless.` });
  }
}

/** A body cut at the byte limit ends in a partial line, which could read as a different rule. */
function withoutPartialLastLine(body: Uint8Array): Uint8Array {
  for (let i = body.length - 1; i >= 0; i--) {
    const b = body[i];
    if (b === 0x0a || b === 0x0d) return body.subarray(0, i + 1);
  }
  return body.subarray(0, 0);
}

function lastStatus(chain: readonly FetchHop[]): number | null {
  const last = chain[chain.length - 1];
  return last === undefined ? null : last.status;
}

/** `text/plain; charset=utf-8` → `text/plain`. */
export function mediaType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === '' ? null : type;
}

function charsetOf(contentType: string | null): string | null {
  if (contentType === null) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match ? match[1]!.toLowerCase() : null;
}
