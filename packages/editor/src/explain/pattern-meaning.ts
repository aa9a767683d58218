/**
 * What a robots.txt pattern matches, in words. The sentences follow the matcher's reading
 * of the normalised pattern (docs/spec/robots-semantics.md §4): a prefix match, `*` as any run of characters,
 * a final `$` as the end of the target, any other `$` as a literal character.
 */

import { googleLiteralPattern, normalizePattern } from '@robots-lens/kernel/encoding';
import { compilePattern, indexHtmlPattern, matches, patternLanguage } from '@robots-lens/kernel/match';
import type { RuleKind } from '@robots-lens/kernel/parse';
import { codeSpan } from './code-span';

export interface PatternMeaning {
  /** The pattern as written. */
  readonly pattern: string;
  /** The normalised pattern the matcher compares. */
  readonly normalized: string;
  /** Specificity: octets of the normalised pattern. */
  readonly octets: number;
  /** One sentence: which targets (path + query) the pattern matches. */
  readonly summary: string;
  /** The pattern matches no URL at all (empty, or it starts with neither `/` nor `*`). */
  readonly matchesNothing: boolean;
  /** Further facts a reader needs: literal `$`, case, Google's readings. */
  readonly notes: readonly string[];
}

/** Explains a pattern as written in an `Allow`/`Disallow` line of the given kind. */
export function explainPattern(pattern: string, kind: RuleKind = 'disallow'): PatternMeaning {
  const normalized = normalizePattern(pattern);
  const base = { pattern, normalized, octets: normalized.length };
  if (normalized === '') {
    return {
      ...base,
      summary: `Matches nothing: an empty ${kind === 'allow' ? 'Allow' : 'Disallow'} is ignored.`,
      matchesNothing: true,
      notes: kind === 'disallow' ? ['Alone in its group it means "allow everything"; next to other rules it does not undo them.'] : [],
    };
  }
  if (!normalized.startsWith('/') && !normalized.startsWith('*')) {
    return { ...base, summary: neverMatchesSummary(pattern), matchesNothing: true, notes: [] };
  }
  return { ...base, summary: summarize(normalized), matchesNothing: false, notes: notesFor(pattern, normalized, kind) };
}

function neverMatchesSummary(pattern: string): string {
  const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*(\/.*)?$/.exec(pattern);
  if (url) {
    const path = url[1] ?? '/';
    return `Matches no URL: patterns are compared with the path only, never with a scheme and host. Write ${codeSpan(path)} instead.`;
  }
  return `Matches no URL: every path starts with "/", and this pattern starts with neither "/" nor "*". Did you mean ${codeSpan(`/${pattern}`)}?`;
}

function summarize(normalized: string): string {
  const anchored = normalized.endsWith('$');
  const body = anchored ? normalized.slice(0, -1) : normalized;
  if (!body.includes('*')) {
    if (anchored) {
      return body === '/'
        ? 'Only the home page `/` itself, without a query string.'
        : `Only the URL ${codeSpan(body)} exactly: not ${codeSpan(`${body}?…`)} and nothing longer.`;
    }
    if (body === '/') return 'Every URL on the site: every path starts with `/`.';
    // A prefix without a final slash is the classic surprise: `/private` also matches `/private-old`.
    const surprise = /[A-Za-z0-9]$/.test(body) ? ` (${codeSpan(`${body}-old`)} and ${codeSpan(`${body}/x`)} too)` : '';
    return `Every URL whose path and query start with ${codeSpan(body)}${surprise}.`;
  }
  // `*` is any run of characters, so the glob's pieces must appear in order.
  const pieces = body.split('*');
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  const parts: string[] = [];
  if (first !== '' && first !== '/') parts.push(`start with ${codeSpan(first)}`);
  for (const piece of middle) parts.push(`contain ${codeSpan(piece)}`);
  // A final `*$` anchors nothing: the star already reaches the end.
  if (last !== '') parts.push(anchored ? `end with ${codeSpan(last)}` : `contain ${codeSpan(last)}`);
  if (parts.length === 0) return 'Every URL on the site: `*` matches any run of characters, `/` included.';
  const sentence = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', then ')}, and then ${parts[parts.length - 1]!}`;
  return `Every URL whose path and query ${sentence} (\`*\` stands for any run of characters, \`/\` included).`;
}

function notesFor(pattern: string, normalized: string, kind: RuleKind): string[] {
  const notes: string[] = [];
  const body = normalized.endsWith('$') ? normalized.slice(0, -1) : normalized;
  if (body.includes('$')) notes.push('Only a final `$` anchors the end; the `$` inside this pattern is a literal character.');
  if (/[A-Za-z]/.test(body.replace(/%[0-9A-F]{2}/g, ''))) notes.push('Matching is case-sensitive.');
  if (body.includes('?')) notes.push('The query string is part of what is matched.');
  if (normalized !== pattern) notes.push(`Compared in its normalised form ${codeSpan(normalized)} (percent-escapes of unreserved characters decoded, other hex upper-cased, non-ASCII encoded).`);
  const literal = googleLiteralPattern(pattern);
  if (literal !== normalized) {
    notes.push(
      `Google's open-source parser compares percent-escapes literally and reads this as ${codeSpan(literal)}, so it may decide differently; write the plain characters to make both agree.`,
    );
  }
  // Only worth saying for a rule aimed at it, not for every `Disallow: /`.
  if (patternLanguage(normalized).literalPrefix.length > 1 && matches(compilePattern(normalized), '/robots.txt')) {
    notes.push('`/robots.txt` itself is always fetchable: this rule never applies to it.');
  }
  if (kind === 'allow') {
    const implicit = indexHtmlPattern(normalized);
    if (implicit !== undefined) {
      notes.push(`Google also allows ${codeSpan(implicit.slice(0, -1))} exactly (an Allow on an \`index.htm(l)\` file covers its directory URL).`);
    }
  }
  return notes;
}
