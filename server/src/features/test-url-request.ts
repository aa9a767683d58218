/**
 * `robotsLens/testUrl`: a URL decided for each agent with the one matcher, on the current
 * (possibly unsaved) buffer. The server asks through `FetchedDocuments`, which adds a
 * fetched document's origin and fetch state.
 */

import { matcherFor } from '../core';
import type { ParsedDocument } from '../documents';
import type { TestUrlParams, TestUrlResult } from '../protocol';

export function testUrl(parsed: ParsedDocument, params: TestUrlParams): TestUrlResult {
  const matcher = matcherFor(parsed.file);
  const options = params.origin !== undefined ? { origin: params.origin } : {};
  const agents = Array.isArray(params.agents) ? params.agents : [];
  return { verdicts: agents.map((agent) => matcher.decide(String(params.url), String(agent), options)) };
}
