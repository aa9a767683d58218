/**
 * `robotsLens/testUrl`: a URL decided for each agent with the one matcher, on the current
 * (possibly unsaved) buffer. The server asks through `FetchedDocuments`, which adds a
 * fetched document's origin and fetch state.
 */

import { decideUnderFetchState } from '@robots-lens/fetch';
import { effectivePreferences } from '@robots-lens/kernel/preferences';
import { matcherFor } from '@robots-lens/kernel/match';
import type { FetchState } from '@robots-lens/fetch';
import type { ParsedDocument } from '../documents';
import type { TestUrlParams, TestUrlResult } from '../protocol';
import { optionalText, optionalTextList, paramsObject, requiredText } from './request-params';
import { preferencesDto, verdictDto } from './wire/verdicts';

/** `state`: how the document's robots.txt was fetched (it decides before the rules); `noRulesExplanation` says why when it does. */
export function testUrl(parsed: ParsedDocument, params: TestUrlParams, state: FetchState = 'rules', noRulesExplanation?: string): TestUrlResult {
  const checked = paramsObject(params, 'robotsLens/testUrl');
  const url = requiredText(checked, 'url');
  const agents = optionalTextList(checked, 'agents') ?? [];
  const origin = optionalText(checked, 'origin');
  const matcher = matcherFor(parsed.file);
  const options = { ...(origin !== undefined ? { origin } : {}), ...(noRulesExplanation !== undefined ? { noRulesExplanation } : {}) };
  return {
    verdicts: agents.map((agent) => {
      const verdict = decideUnderFetchState(state, matcher, url, agent, options);
      // The preferences in effect beside the crawl verdict (docs/spec/ai-preferences.md §4).
      return { ...verdictDto(verdict), preferences: preferencesDto(effectivePreferences(parsed.file, verdict)) };
    }),
  };
}
