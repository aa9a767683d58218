/**
 * `robotsLens/testUrl`: a URL decided for each agent with the one matcher, on the current
 * (possibly unsaved) buffer. The server asks through `FetchedDocuments`, which adds a
 * fetched document's origin and fetch state.
 */

import { decideUnderFetchState, effectivePreferences, matcherFor, plainVerdict } from '../core';
import type { FetchState } from '../core';
import type { ParsedDocument } from '../documents';
import type { TestUrlParams, TestUrlResult } from '../protocol';

/** `state`: how the document's robots.txt was fetched (it decides before the rules); `noRulesExplanation` says why when it does. */
export function testUrl(parsed: ParsedDocument, params: TestUrlParams, state: FetchState = 'rules', noRulesExplanation?: string): TestUrlResult {
  const matcher = matcherFor(parsed.file);
  const options = { ...(params.origin !== undefined ? { origin: params.origin } : {}), ...(noRulesExplanation !== undefined ? { noRulesExplanation } : {}) };
  const agents = Array.isArray(params.agents) ? params.agents : [];
  return {
    verdicts: agents.map((agent) => {
      const verdict = decideUnderFetchState(state, matcher, String(params.url), String(agent), options);
      // The preferences in effect beside the crawl verdict (contract ai-preferences.md §4).
      return { ...plainVerdict(verdict), preferences: effectivePreferences(parsed.file, verdict) };
    }),
  };
}
