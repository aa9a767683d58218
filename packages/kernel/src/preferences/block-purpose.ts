/**
 * "Block AI training, keep search" (and "… and AI answers"): one group naming the
 * catalogue's crawlers of those purposes that the file does not govern yet, with a dated
 * comment and `Disallow: /`, and optionally a matching Content-Signal in the `*` group.
 * Running it again adds nothing. A token some search crawler looks for is never named, so
 * what any search crawler may fetch cannot change.
 */

import { CRAWLERS } from '../crawlers';
import type { Crawler } from '../crawlers';
import type { RobotsFile, Span } from '../parse';
import { productToken, tokenKey } from '../product-token';
import { preferenceStatements } from './read';

/** What to block: AI training, or AI training and AI answers (grounding, AI search). */
export type BlockScope = 'ai-training' | 'ai-training-and-answers';

export interface BlockOptions {
  /** The day the block is added (`2026-12-03`), for its comment; the core reads no clock. */
  readonly date: string;
  /** Also state the matching Content-Signal in the `*` group, when it states none yet. */
  readonly contentSignal: boolean;
}

export interface BlockEdit {
  /** Replacements in offsets of the file's text; empty when there is nothing to add. */
  readonly edits: readonly { readonly span: Span; readonly newText: string }[];
  /** The tokens the new group names. */
  readonly tokens: readonly string[];
  /** The Content-Signal line added, if any. */
  readonly contentSignal: string | null;
}

/** The catalogue's crawlers a block of `scope` names, before looking at the file. */
export function crawlersToBlock(scope: BlockScope): Crawler[] {
  const wanted = scope === 'ai-training' ? ['ai-training'] : ['ai-training', 'ai-search'];
  // Tokens any search crawler looks for (its own, its fallbacks): naming one would move it.
  const searchTokens = new Set(CRAWLERS.filter((c) => c.purposes.includes('search')).flatMap((c) => c.chain.filter((t) => t !== '*').map(tokenKey)));
  const seen = new Set<string>();
  return CRAWLERS.filter((crawler) => {
    const purposes = crawler.purposes;
    if (!purposes.some((p) => wanted.includes(p)) || purposes.includes('search')) return false;
    if (crawler.retired !== null) return false;
    const key = tokenKey(crawler.token);
    // A token with a digit (`AI2Bot`) is read as its letters (`AI`): its line would name another crawler, not this one.
    if (tokenKey(productToken(crawler.token)) !== key) return false;
    if (key === '' || searchTokens.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function blockPurposeEdit(file: RobotsFile, scope: BlockScope, options: BlockOptions): BlockEdit {
  const eol = lineBreakOf(file.text);
  const tokens = crawlersToBlock(scope)
    .map((crawler) => crawler.token)
    .filter((token) => !file.groupsByToken.has(tokenKey(token)));
  const edits: { span: Span; newText: string }[] = [];
  let contentSignal: string | null = null;
  // First the Content-Signal: at the same offset as the new group (a file ending in the * group), it goes before it.
  if (options.contentSignal) {
    const star = file.groupsByToken.get('*')?.[0];
    const statesSignal = preferenceStatements(file).contentSignals.some((line) => line.group >= 0 && file.groupsByToken.get('*')?.includes(line.group));
    if (star !== undefined && !statesSignal) {
      contentSignal = scope === 'ai-training' ? 'Content-Signal: search=yes, ai-train=no' : 'Content-Signal: search=yes, ai-input=no, ai-train=no';
      const last = file.lines[file.groups[star]!.lastLine]!;
      edits.push({ span: { start: last.end, end: last.end }, newText: `${eol}${contentSignal}` });
    }
  }
  if (tokens.length > 0) {
    const what = scope === 'ai-training' ? 'AI training' : 'AI training and AI answers';
    const block = [
      `# Block ${what}, keep search (added ${options.date}): crawlers the catalogue lists for ${what}, none of them a search crawler, may fetch nothing.`,
      ...tokens.map((token) => `User-agent: ${token}`),
      'Disallow: /',
    ];
    edits.push(insertBlock(file, block, eol));
  }
  return { edits: edits.sort((a, b) => a.span.start - b.span.start), tokens, contentSignal };
}

/**
 * The new group goes at the end, after a blank line. When the last group has no rule yet, a
 * User-agent line after it would join it: the block then goes before that group instead.
 */
function insertBlock(file: RobotsFile, block: readonly string[], eol: string): { span: Span; newText: string } {
  const last = file.groups[file.groups.length - 1];
  if (last && last.rules.length === 0) {
    const first = file.lines[last.firstLine]!;
    return { span: { start: first.start, end: first.start }, newText: `${block.join(eol)}${eol}${eol}` };
  }
  // Only inserted, never replacing the file's own line breaks: edits must not overlap.
  const text = file.text;
  const end = text.length;
  const breaks = /[\r\n]*$/.exec(text)![0];
  const lineBreaks = breaks.replace(/\r\n/g, '\n').length;
  let before = `${eol}${eol}`;
  if (text.trim().length === 0) before = '';
  else if (lineBreaks >= 2) before = '';
  else if (lineBreaks === 1) before = eol;
  return { span: { start: end, end }, newText: `${before}${block.join(eol)}${eol}` };
}

function lineBreakOf(text: string): string {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  return '\n';
}
