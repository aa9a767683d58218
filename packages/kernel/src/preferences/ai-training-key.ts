/**
 * `DisallowAITraining:` and `AllowAITraining:` lines: a proposal to state AI-training
 * preferences with keys of their own, which no crawler operator documents reading. They are
 * never a preference here, since no crawler takes them as one.
 *
 * What they are instead is decided by how keys are read (docs/spec/robots-semantics.md §1:
 * keys that merely start with a known key count, because Googlebot obeys them). Google's
 * parser (google/robotstxt robots.cc, `ParsedRobotsKey::Parse`) tries `KeyIsAllow` —
 * `StartsWithIgnoreCase(key, "allow")` — then `KeyIsDisallow` — `StartsWithIgnoreCase(key,
 * "disallow")` — so `DisallowAITraining: /` is `Disallow: /` for Googlebot and
 * `AllowAITraining: /` is `Allow: /`. The verdicts follow Google there (the parser reads
 * them as rules with the `prefix` spelling), and the words must say exactly that: the line
 * is a rule for Google's reading and nothing for a parser that reads keys strictly.
 */

import type { Line } from '../parse';

export interface AiTrainingKey {
  /** The proposal's key, in its documented spelling. */
  readonly key: 'DisallowAITraining' | 'AllowAITraining';
  /** The rule Google's parser reads the line as. */
  readonly readAs: 'allow' | 'disallow';
}

const KEYS: Readonly<Record<string, AiTrainingKey>> = {
  disallowaitraining: { key: 'DisallowAITraining', readAs: 'disallow' },
  allowaitraining: { key: 'AllowAITraining', readAs: 'allow' },
};

/** The proposal's key a line is written with (any case), or undefined. */
export function aiTrainingKey(line: Line): AiTrainingKey | undefined {
  if (line.key === undefined || (line.kind !== 'allow' && line.kind !== 'disallow')) return undefined;
  const found = KEYS[line.key.toLowerCase()];
  return found !== undefined && found.readAs === line.kind ? found : undefined;
}
