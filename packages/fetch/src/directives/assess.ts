/**
 * Crawling and indexing are separate questions (docs/spec/robots-semantics.md §8). This puts the two answers
 * side by side for one URL and one crawler, and says what follows when they interact:
 * a crawler that may not fetch a page never sees its noindex.
 */

import type { EffectiveDirectives } from './combine';

export interface IndexingQuestion {
  /** The crawler as shown to the user (`Googlebot`). */
  readonly crawler: string;
  /** Crawl permission: true, false, or null when the robots.txt does not govern the URL. */
  readonly crawlAllowed: boolean | null;
  /** What decided crawling, as a phrase: `line 2: Disallow: /private/`, `robots.txt unreachable (HTTP 503)`. */
  readonly crawlDecidedBy: string;
  /** How robots.txt was fetched; `unreachable` means no rule but the fetch itself blocks crawling. */
  readonly robotsState?: 'rules' | 'unavailable' | 'unreachable';
  /** The page's directives for this crawler; null when the page could not be fetched. */
  readonly directives: EffectiveDirectives | null;
  readonly pageStatus: number | null;
  /** Why the page could not be fetched, when it could not. */
  readonly pageError: string | null;
}

export interface IndexingAssessment {
  /** Whether the crawler gets to see the page's directives at all. */
  readonly directivesSeen: boolean;
  /** The page asks this crawler not to index it (whether or not the crawler can see that). */
  readonly pageSaysNoindex: boolean;
  /** One or two sentences: what the crawler can and cannot know about this page. */
  readonly headline: string;
  /** What to change, when something does not do what a site owner likely expects. */
  readonly advice: readonly string[];
}

export function assessIndexing(q: IndexingQuestion): IndexingAssessment {
  const d = q.directives;
  const noindex = d?.noindex === true;
  const noindexFrom = noindex ? sourcesOf(d!, 'noindex') : '';
  const pageProblem = pageStatusProblem(q.pageStatus, q.pageError);

  if (q.crawlAllowed === null) {
    return {
      directivesSeen: false,
      pageSaysNoindex: noindex,
      headline: `This robots.txt does not govern the URL (${q.crawlDecidedBy}), so crawl permission is unknown here.`,
      advice: [],
    };
  }

  if (!q.crawlAllowed) {
    if (noindex) {
      return {
        directivesSeen: false,
        pageSaysNoindex: true,
        headline:
          `${q.crawler} may not crawl this URL (${q.crawlDecidedBy}), so it cannot see the noindex (${noindexFrom}). ` +
          'The URL may still be indexed without its content, for example from links to it.',
        advice: [
          q.robotsState === 'unreachable'
            ? `To keep the page out of the index: make robots.txt answer (200 with rules, or 404) so that ${q.crawler} may crawl the page and see the noindex.`
            : `To keep the page out of the index: allow ${q.crawler} to crawl it (remove or narrow what blocks it: ${q.crawlDecidedBy}) so that the noindex is seen.`,
          'Or, if blocking crawling is what you want, drop the noindex expectation: a disallowed URL can still appear in results as a bare link.',
        ],
      };
    }
    return {
      directivesSeen: false,
      pageSaysNoindex: false,
      headline:
        `${q.crawler} may not crawl this URL (${q.crawlDecidedBy}), so it sees none of the page's directives. ` +
        'Disallowing is not noindex: the URL may still be indexed without its content.',
      advice: ['To keep the page out of the index, allow crawling and add noindex (a robots meta tag or an X-Robots-Tag header).'],
    };
  }

  if (pageProblem !== null) {
    return {
      directivesSeen: false,
      pageSaysNoindex: noindex,
      headline: `${q.crawler} may crawl this URL, but ${pageProblem}`,
      advice: [],
    };
  }
  if (noindex) {
    return {
      directivesSeen: true,
      pageSaysNoindex: true,
      headline: `${q.crawler} may crawl this URL and sees the noindex (${noindexFrom}): it keeps the page out of its index.`,
      advice: [],
    };
  }
  return {
    directivesSeen: true,
    pageSaysNoindex: false,
    headline: `${q.crawler} may crawl this URL and no noindex applies to it: the page can be indexed.`,
    advice: [],
  };
}

function sourcesOf(d: EffectiveDirectives, name: string): string {
  const directive = d.directives.find((x) => x.name === name);
  if (!directive) return '';
  const labels = [...new Set(directive.from.map((u) => u.source.label))];
  return labels.join(', ');
}

function pageStatusProblem(status: number | null, error: string | null): string | null {
  if (error !== null) return `the page could not be fetched (${error}), so its directives are unknown.`;
  if (status === null) return null;
  if (status >= 400 && status <= 499) return `the page answers HTTP ${status}: it is not indexed whatever its directives say.`;
  if (status >= 500) return `the page answers HTTP ${status}: crawlers retry later and see no directives now.`;
  return null;
}
