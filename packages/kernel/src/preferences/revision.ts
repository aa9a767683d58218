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

/** A Content-Usage label earlier revisions of draft-ietf-aipref-vocab defined and a later one removed. */
export interface RemovedUsageLabel {
  /** The category the label stood for. */
  readonly category: string;
  /** The revisions that defined it: `draft-ietf-aipref-vocab-02`, or `-03 and -04`. */
  readonly definedIn: string;
  /** The first revision without it: `draft-ietf-aipref-vocab-03`. */
  readonly removedIn: string;
  /** The sentence: `"ai-use" was the AI Use label of draft-ietf-aipref-vocab-02, removed in draft-ietf-aipref-vocab-03`. */
  readonly text: string;
}

const VOCAB = 'draft-ietf-aipref-vocab';

/**
 * Labels of draft-ietf-aipref-vocab that later revisions removed, read from the mapping table
 * ("Mappings for Categories") of each revision tagged in ietf-wg-aipref/drafts: -01 had tdm,
 * ai, genai, search, inference; -02 all, train-ai, train-genai, ai-use, search; -03 bots,
 * train-ai, train-genai, search; -04 bots, train-ai, ai-output, search; -05 to -07 train-ai
 * and search. Each entry: category, first and last revision that had it. A label listed here
 * is still ignored, like any unknown label; hovers and lint say where it came from, so an
 * author knows it is no typo but an old revision's word.
 */
const REMOVED_USAGE_LABELS: Readonly<Record<string, readonly [category: string, first: number, last: number]>> = {
  tdm: ['Text and Data Mining', 1, 1],
  ai: ['AI Training', 1, 1],
  genai: ['Generative AI Training', 1, 1],
  inference: ['AI Inference', 1, 1],
  all: ['Automated Processing', 2, 2],
  'ai-use': ['AI Use', 2, 2],
  'train-genai': ['Generative AI Training', 2, 3],
  bots: ['Automated Processing', 3, 4],
  'ai-output': ['AI Output', 4, 4],
};

const revision = (n: number): string => `-${String(n).padStart(2, '0')}`;

/** Where a label the pinned revision does not know came from, when earlier revisions defined it. */
export function removedUsageLabel(label: string): RemovedUsageLabel | undefined {
  if (!Object.hasOwn(REMOVED_USAGE_LABELS, label)) return undefined;
  const [category, first, last] = REMOVED_USAGE_LABELS[label]!;
  const definedIn = `${VOCAB}${revision(first)}${last === first ? '' : ` to ${revision(last)}`}`;
  const removedIn = `${VOCAB}${revision(last + 1)}`;
  return { category, definedIn, removedIn, text: `"${label}" was the ${category} label of ${definedIn}, removed in ${removedIn}` };
}
