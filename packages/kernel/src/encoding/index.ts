/**
 * How robots.txt text and URLs are encoded, below parsing and matching: invalid bytes kept
 * as surrogate escapes, and the percent-encoding normalisation applied alike to patterns and
 * targets (docs/spec/robots-semantics.md §4), so that equal URLs compare equal.
 */
export { escapeByte, escapedByte } from './surrogate-escape';
export { HEX, escapedByteAt, escapedOctet, googleLiteralPattern, googleLiteralTarget, isUnreserved, normalizePattern, normalizeTarget } from './normalize';
export { escapeStep, stepByte, stepConsumed, stepIsEscape } from './normalize';
