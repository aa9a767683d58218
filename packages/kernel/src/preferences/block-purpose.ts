/**
 * "Block AI training, keep search" (and "… and AI answers"): one group naming the
 * catalogue's crawlers of those purposes that the file does not govern yet, with a dated
 * comment and `Disallow: /`, and optionally a matching Content-Signal in the `*` group.
 * Running it again adds nothing. A token some search crawler looks for is never named, so
 * what any search crawler may fetch cannot change.
 *
 * It says what it did not do, and why: tokens the file already governs (their group stays the
 * file's choice), crawlers left to the other scope, generic framework names, a Content-Signal
 * that the rules would contradict. The dated comment claims only what the group does.
 */

import { CRAWLERS, isGenericFrameworkName, isOutsideGrammar } from '../crawlers';
import type { Crawler } from '../crawlers';
import { matcherFor } from '../match';
import { GOOGLE_SIZE_LIMIT_BYTES, parseRobots } from '../parse';
import type { RobotsFile, Span } from '../parse';
import { productToken, tokenKey } from '../product-token';
import { nameList } from '../words';
import { preferenceStatements } from './read';

/** What to block: AI training, or AI training and AI answers (grounding, AI search). */
export type BlockScope = 'ai-training' | 'ai-training-and-answers';

export interface BlockOptions {
  /** The day the block is added (`2026-12-03`), for its comment; the core reads no clock. */
  readonly date: string;
  /** Also state the matching Content-Signal in the `*` group, when it states none yet and the rules agree. */
  readonly contentSignal: boolean;
  /** Also name tokens that are generic framework names (`Spider`, `Scrapy`), which other software sends too. */
  readonly includeGeneric?: boolean;
}

/** A crawler of the scope the edit does not name, and why. */
export interface SkippedCrawler {
  readonly token: string;
  readonly reason: string;
}

export interface BlockEdit {
  /** Replacements in offsets of the file's text; empty when there is nothing to add. */
  readonly edits: readonly { readonly span: Span; readonly newText: string }[];
  /** The tokens the new group names. */
  readonly tokens: readonly string[];
  /** Crawlers of the scope not named, with the reason, in catalogue order. */
  readonly skipped: readonly SkippedCrawler[];
  /** The Content-Signal line added, if any. */
  readonly contentSignal: string | null;
  /** Why the Content-Signal asked for was not added; null when it was, or was not asked for. */
  readonly contentSignalSkipped: string | null;
  /** What the user must know about the file itself (an HTML page, a file past Google's limit). */
  readonly warnings: readonly string[];
}

const SCOPE_WORDS: Readonly<Record<BlockScope, string>> = { 'ai-training': 'AI training', 'ai-training-and-answers': 'AI training and AI answers' };

/** Tokens any search crawler looks for (its own, its fallbacks): naming one would move it. */
const SEARCH_TOKENS: ReadonlySet<string> = new Set(CRAWLERS.filter((c) => c.purposes.includes('search')).flatMap((c) => c.chain.filter((t) => t !== '*').map(tokenKey)));

/** The catalogue's crawlers a block of `scope` names, before looking at the file, and those it never names, with why. */
export function crawlersToBlock(scope: BlockScope, options: { readonly includeGeneric?: boolean } = {}): Crawler[] {
  return scopeCrawlers(scope, options.includeGeneric ?? false).named;
}

function scopeCrawlers(scope: BlockScope, includeGeneric: boolean): { named: Crawler[]; skipped: SkippedCrawler[] } {
  const named: Crawler[] = [];
  const skipped: SkippedCrawler[] = [];
  const seen = new Set<string>();
  for (const crawler of CRAWLERS) {
    const { purposes, token } = crawler;
    const training = purposes.includes('ai-training');
    const answers = purposes.includes('ai-search');
    if (!training && !(scope === 'ai-training-and-answers' && answers)) continue;
    if (crawler.retired !== null) continue;
    const key = tokenKey(token);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    if (purposes.includes('search')) {
      skipped.push({ token, reason: 'also a search crawler: naming it would change what a search engine may fetch' });
    } else if (scope === 'ai-training' && answers && !crawler.controlToken) {
      skipped.push({ token, reason: 'also used for AI answers — use "Block AI training and AI answers" to name it' });
    } else if (SEARCH_TOKENS.has(key) || SEARCH_TOKENS.has(tokenKey(productToken(token)))) {
      // A documented token outside the grammar (`AI2Bot`) is read by other parsers as its letters: those must not name a search crawler either.
      skipped.push({ token, reason: 'a search crawler looks for this token too: naming it would change what it may fetch' });
    } else if (isGenericFrameworkName(token) && !includeGeneric) {
      skipped.push({ token, reason: 'a generic name that other crawling software sends too (add it yourself, or ask for generic names)' });
    } else {
      named.push(crawler);
    }
  }
  return { named, skipped };
}

export function blockPurposeEdit(file: RobotsFile, scope: BlockScope, options: BlockOptions): BlockEdit {
  const eol = lineBreakOf(file.text);
  const matcher = matcherFor(file);
  const { named, skipped: outOfScope } = scopeCrawlers(scope, options.includeGeneric ?? false);
  const tokens: string[] = [];
  const governed: SkippedCrawler[] = [];
  for (const crawler of named) {
    const selected = matcher.select(matcher.resolve(crawler.token));
    if (selected?.group.via === 'own-token') {
      // The file already names it: its group stays the file's choice, and a second group would merge into it.
      const line = (selected.group.agentLines[0] ?? 0) + 1;
      const shared = selected.group.groups.some((g) => file.groups[g]?.agents.some((a) => a.isStar));
      const allowed = matcher.decide('/', crawler.token).allowed;
      // A control token fetches nothing: its group opts out, or does not.
      const decides = crawler.controlToken ? (allowed ? 'which does not opt it out' : 'which opts it out') : allowed ? 'which lets it fetch /' : 'which disallows /';
      governed.push({ token: crawler.token, reason: `the file already names it (line ${line}${shared ? ', in the * group' : ''}), ${decides}` });
    } else {
      tokens.push(crawler.token);
    }
  }
  const skipped = [...governed, ...outOfScope];
  const warnings = fileWarnings(file);
  const block = tokens.length > 0 ? insertBlock(file, blockLines(scope, options.date, tokens, skipped), eol) : undefined;

  let contentSignal: string | null = null;
  let contentSignalSkipped: string | null = null;
  let signalEdit: { span: Span; newText: string } | undefined;
  if (options.contentSignal) {
    const star = file.groupsByToken.get('*')?.[0];
    const statesSignal = preferenceStatements(file).contentSignals.some((line) => line.group >= 0 && file.groupsByToken.get('*')?.includes(line.group));
    const line = scope === 'ai-training' ? 'Content-Signal: search=yes, ai-train=no' : 'Content-Signal: search=yes, ai-input=no, ai-train=no';
    if (star === undefined) contentSignalSkipped = 'the file has no * group to state it in';
    else if (statesSignal) contentSignalSkipped = 'the * group states a Content-Signal already';
    else {
      const last = file.lines[file.groups[star]!.lastLine]!;
      const candidate = { span: { start: last.end, end: last.end }, newText: `${eol}${line}` };
      const contradicted = contradictedBy(editedText(file.text, block ? [candidate, block] : [candidate]), scope);
      if (contradicted.length > 0) {
        contentSignalSkipped = `${nameList(contradicted)} would still use the * group and may fetch /: the signal would contradict the rules`;
      } else {
        contentSignal = line;
        signalEdit = candidate;
      }
    }
  }
  // The Content-Signal first: at the same offset as the new group (a file ending in the * group), it must go before it.
  const edits = [...(signalEdit ? [signalEdit] : []), ...(block ? [block] : [])];
  return { edits: edits.sort((a, b) => a.span.start - b.span.start), tokens, skipped, contentSignal, contentSignalSkipped, warnings };
}

/** The comment says what the group does, what it cannot do, and who it leaves out. */
function blockLines(scope: BlockScope, date: string, tokens: readonly string[], skipped: readonly SkippedCrawler[]): string[] {
  const what = SCOPE_WORDS[scope];
  const comment = [`# Block ${what}, keep search (added ${date}): these crawlers, none of them a search crawler, may fetch nothing here.`];
  const ignoring = CRAWLERS.filter((c) => tokens.includes(c.token) && c.honoursRobotsTxt === 'no').map((c) => c.token);
  if (ignoring.length > 0) comment.push(`# ${nameList(ignoring)} ${ignoring.length === 1 ? 'does' : 'do'} not honour robots.txt: only the server can stop ${ignoring.length === 1 ? 'it' : 'them'}.`);
  if (tokens.some(isOutsideGrammar)) comment.push("# Tokens with digits are named as their operators document them; RFC 9309's grammar and Google's parser read them otherwise.");
  if (skipped.length > 0) comment.push(`# Not named here: ${nameList(skipped.map((s) => s.token))} (see the edit's message for why).`);
  return [...comment, ...tokens.map((token) => `User-agent: ${token}`), 'Disallow: /'];
}

/** The crawlers whose only purpose is in the scope (generic framework names aside) that still use the `*` group and may fetch `/` in `text`. */
function contradictedBy(text: string, scope: BlockScope): string[] {
  const file = parseRobots(text);
  const matcher = matcherFor(file);
  const wanted = scope === 'ai-training' ? ['ai-training'] : ['ai-training', 'ai-search'];
  return CRAWLERS.filter((c) => c.retired === null && !c.controlToken && !isGenericFrameworkName(c.token) && c.purposes.length > 0 && c.purposes.every((p) => wanted.includes(p)))
    .filter((c) => {
      const verdict = matcher.decide('/', c.token);
      return verdict.allowed && verdict.group !== null && verdict.group.groups.some((g) => file.groups[g]?.agents.some((a) => a.isStar));
    })
    .map((c) => c.token);
}

function fileWarnings(file: RobotsFile): string[] {
  const warnings: string[] = [];
  if (file.problems.some((p) => p.code === 'looks-like-html')) {
    warnings.push('This looks like an HTML page, not a robots.txt: crawlers read what lines they can from it, so check the server returns the real file.');
  }
  if (file.byteLength > GOOGLE_SIZE_LIMIT_BYTES) {
    warnings.push(`The file is larger than Google's 500 KiB limit: lines past it are never read, so the group goes before the first group, where it is read.`);
  }
  return warnings;
}

/**
 * The new group goes at the end, after a blank line. When the last group has no rule yet, a
 * User-agent line after it would join it: the block then goes before that group instead. In a
 * file past Google's 500 KiB limit, the end is never read: it goes before the first group.
 */
function insertBlock(file: RobotsFile, block: readonly string[], eol: string): { span: Span; newText: string } {
  const last = file.groups[file.groups.length - 1];
  const first = file.groups[0];
  const beyond = file.byteLength > GOOGLE_SIZE_LIMIT_BYTES;
  const before = beyond ? first : last && last.rules.length === 0 ? last : undefined;
  if (before) {
    const line = file.lines[before.firstLine]!;
    return { span: { start: line.start, end: line.start }, newText: `${block.join(eol)}${eol}${eol}` };
  }
  // Only inserted, never replacing the file's own line breaks: edits must not overlap.
  const text = file.text;
  const end = text.length;
  const breaks = /[\r\n]*$/.exec(text)![0];
  const lineBreaks = breaks.replace(/\r\n/g, '\n').length;
  let lead = `${eol}${eol}`;
  if (text.trim().length === 0) lead = '';
  else if (lineBreaks >= 2) lead = '';
  else if (lineBreaks === 1) lead = eol;
  return { span: { start: end, end }, newText: `${lead}${block.join(eol)}${eol}` };
}

/** `text` with the block's edits made: what the file reads after the edit (the CLI prints it; the signal check parses it). */
export function editedText(text: string, edits: readonly { readonly span: Span; readonly newText: string }[]): string {
  let out = text;
  // From the last to the first, so earlier offsets stay valid; an insertion at the same offset keeps its order.
  const sorted = edits.map((edit, i) => ({ edit, i })).sort((a, b) => b.edit.span.start - a.edit.span.start || b.i - a.i);
  for (const { edit } of sorted) out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.end);
  return out;
}


function lineBreakOf(text: string): string {
  const lf = text.indexOf('\n');
  if (lf > 0 && text[lf - 1] === '\r') return '\r\n';
  return '\n';
}
