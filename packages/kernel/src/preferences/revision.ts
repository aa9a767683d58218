/**
 * The revisions of the documents this folder implements, pinned: the AIPREF drafts still
 * change their vocabulary, so hovers say which reading they give.
 */

/** The attachment draft read for Content-Usage in robots.txt. */
export const CONTENT_USAGE_REVISION =
  'draft-ietf-aipref-attach-05 (editor\'s copy at ietf-wg-aipref/drafts 7ca0afce, 2026-08-19) with the labels of draft-ietf-aipref-vocab from the same commit';

/** The policy read for Content-Signal. */
export const CONTENT_SIGNAL_POLICY = 'Cloudflare\'s Content Signals Policy (CC0, September 2025)';

/** The standard read for License. */
export const LICENSE_STANDARD = 'RSL (Really Simple Licensing) 1.0';
