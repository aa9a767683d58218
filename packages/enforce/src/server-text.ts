/** What a server's writer gives back, and the pieces every writer shares. */

import type { RuleSet } from './plan';

export interface ServerText {
  /** The configuration lines after the header. */
  readonly body: readonly string[];
  /** How the text plugs in, for the header. */
  readonly usage: readonly string[];
  /** What this server cannot express, beyond the plan's limits. */
  readonly serverLimits: readonly string[];
  /** The status a refused request really gets, when the server cannot give the one asked. */
  readonly status?: number;
}

/** Said by every server that reads the request-target as sent. */
export const ABSOLUTE_FORM = 'A request line in absolute form (GET http://host/path, as sent to a proxy) is read as written, so no rule starting with / applies to it; crawlers send the path.';

/** `<rule set> /robots.txt` exactly, whoever asks: the one target never refused. */
export const ROBOTS_TXT_REGEX = '^[^\\x20]*\\x20/robots\\.txt$';

/** Who a rule set is for, for the comment above it. */
export function setComment(set: RuleSet): string {
  const group = set.crawlers[0]!.group!;
  return `${set.key}: ${set.crawlers.map((c) => c.crawler.token).join(', ')} (the ${group.token} group)`;
}
