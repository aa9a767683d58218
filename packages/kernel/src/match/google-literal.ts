/**
 * Google's literal reading, the second opinion: Google's open-source parser compares
 * percent-escapes as written (`%62` is not `b`), where RFC 9309 normalises both sides. A
 * verdict follows RFC 9309 and says when Google's parser would decide otherwise; these are
 * the tests of whether it could, cheapest first, and the other decision when it does.
 */

import { escapedOctet, googleLiteralPattern, googleLiteralTarget, HEX, isUnreserved } from '../encoding';
import type { RobotsFile } from '../parse';
import type { RuleIndex } from './rule-index';
import { compileRules, pooledRules } from './rule-pool';
import type { CompiledRule, RulePool } from './rule-pool';
import type { GoogleLiteralDifference } from './verdict';

/**
 * Google's literal comparison can only disagree when the target changes under
 * normalisation, or when a rule whose two forms differ matches in either form.
 */
export function googleDifference(pool: RulePool, path: string, target: string, winner: CompiledRule | undefined): GoogleLiteralDifference | undefined {
  const googleTarget = googleLiteralTarget(path);
  if (googleTarget === target && !differingRules(pool).best(target)) return undefined;
  const googleRules = (pool.googleRules ??= compileRules(pooledRules(pool.file, pool.groups), (rule) => googleLiteralPattern(rule.pattern)));
  const googleWinner = googleRules.best(googleTarget);
  const allowed = winner ? winner.allow : true;
  const googleAllowed = googleWinner ? googleWinner.allow : true;
  if (googleAllowed === allowed) return undefined;
  return {
    allowed: googleAllowed,
    rule: googleWinner ? googleWinner.decides : null,
    explanation:
      `Google's open-source parser compares percent-escapes literally and would say ${googleAllowed ? 'allowed' : 'disallowed'}` +
      (googleWinner ? ` (line ${googleWinner.decides.line + 1})` : ' (no rule matches)') +
      '. This verdict follows RFC 9309; write the plain characters to make both agree.',
  };
}

/**
 * The rules of the pool whose two forms differ, each in both forms, in one index: one
 * search says whether any of them matches in either form.
 */
export function differingRules(pool: RulePool): RuleIndex<CompiledRule> {
  return (pool.differing ??= compileDiffering(pool.file, pool.groups));
}

function compileDiffering(file: RobotsFile, groups: readonly number[]): RuleIndex<CompiledRule> {
  const differing = pooledRules(file, groups).filter((rule) => rule.normalized !== googleLiteralPattern(rule.pattern));
  // Each rule once in each form; which one ranks first does not matter, only whether any matches.
  return compileRules([...differing, ...differing], (rule, i) => (i < differing.length ? rule.normalized : googleLiteralPattern(rule.pattern)));
}

/**
 * Whether Google's literal reading of the path `bytes[from, end)`, which normalising leaves
 * as it is (`isOwnTargetBytes`) and so reads the same both ways, certainly agrees: no rule
 * of the pool whose two forms differ matches it. False when unsure.
 */
export function googleAgreesOnPlainPath(pool: RulePool, bytes: Uint8Array, from: number, end: number): boolean {
  if (!pool.googleMayDiffer) return true;
  return differingRules(pool).bestInBytes(bytes, from, end) === undefined;
}

/**
 * Whether the path `bytes[from, end)` (valid UTF-8), up to a `#`, reads as the same target
 * normalised and as Google reads it literally (which only encodes non-ASCII, as normalising
 * does): no `*` or `$`, and every escape written with upper-case hex and naming a character
 * that stays escaped (not an unreserved one). A `%` without two hex digits after it is a
 * literal `%` both ways. Paths of UTF-8 escapes, as browsers send non-ASCII, are such, and
 * so are their raw UTF-8 bytes.
 */
export function isOwnTargetBytes(bytes: Uint8Array, from: number, end: number): boolean {
  for (let i = from; i < end; i++) {
    const c = bytes[i]!;
    if (c === 0x23) return true;
    if (c === 0x2a || c === 0x24) return false;
    if (c !== 0x25 || i + 2 >= end) continue;
    const byte = escapedOctet(bytes[i + 1]!, bytes[i + 2]!);
    if (byte < 0) continue;
    // Normalising decodes an unreserved character and writes any other in upper-case hex.
    if (isUnreserved(byte) || bytes[i + 1] !== HEX.charCodeAt(byte >> 4) || bytes[i + 2] !== HEX.charCodeAt(byte & 15)) return false;
    i += 2;
  }
  return true;
}
