/** What a server's writer gives back, and the pieces every writer shares. */

import { literal } from './uri-regex';

export interface ServerText {
  /** The configuration lines after the header. */
  readonly body: readonly string[];
  /** How the text plugs in, for the header. */
  readonly usage: readonly string[];
  /** What this server cannot express, beyond the plan's limits. */
  readonly serverLimits: readonly string[];
}

/** `<crawler> /robots.txt` exactly, whoever asks: the one target never refused. */
export const ROBOTS_TXT_REGEX = '^[^\\x20]*\\x20/robots\\.txt$';

/** A catalogue id (kebab-case) as a regular expression. */
export function crawlerKey(id: string): string {
  return id.split('').map(literal).join('');
}
