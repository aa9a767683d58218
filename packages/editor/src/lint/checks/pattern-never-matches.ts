import type { Rule, RobotsFile, Span } from '@robots-lens/kernel/parse';
import type { Check, Fix, Report, RuleDescription, TextEdit } from '../types';
import { normalizePattern } from '@robots-lens/kernel/encoding';
import { removeRule, removeRules } from '../rule-removal';
import { someLines } from '../fold';
import { statementText } from '../text';
import { matchesEverything } from './audience';

export const RULES = [
  { id: 'pattern-never-matches', title: 'Pattern that can never match', description: 'Paths start with "/": a pattern that starts with neither "/" nor "*" matches no URL.' },
] as const satisfies readonly RuleDescription<string>[];

/** `https://host`, the part a path pattern must not contain. */
const SCHEME_AND_HOST = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
/** `www.example.com/` without a scheme: a dotted host name followed by a path. */
const BARE_HOST = /^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?(?=\/)/;

/**
 * ★ pattern-never-matches: every target starts with `/`, so a non-empty pattern that starts
 * with neither `/` nor `*` (after normalisation: `%2F` stays an encoded slash) matches nothing.
 * The fixes make the rule take effect, so they say what it will match; none writes a
 * pattern that matches every URL, and none turns a URL of some host into a path of this
 * one: which host a robots.txt is served from is not in the file, and a rule for another
 * host belongs in that host's robots.txt.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  // One finding per cause (a full URL, a host name, an encoded slash, a missing "/"), at the
  // first rule with it: the others are related locations, and the fixes do all of them.
  const byCause = new Map<Cause, Dead[]>();
  const checkRule = (rule: Rule): void => {
    if (rule.normalized === '' || rule.normalized.startsWith('/') || rule.normalized.startsWith('*')) return;
    const line = file.lines[rule.line];
    if (!line?.valueSpan || line.beyondLimit) return;
    const reading = explain(rule);
    const dead: Dead = { rule, span: line.valueSpan, reading, message: `"${statementText(file, rule.line)}" matches no URL: ${reading.why}, so crawlers never apply it.${reading.note ? ' ' + reading.note : ''}` };
    const list = byCause.get(reading.cause);
    if (list) list.push(dead);
    else byCause.set(reading.cause, [dead]);
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  file.orphanRules.forEach(checkRule);

  const findings: Report<typeof RULES>[] = [];
  for (const [cause, all] of byCause) {
    const list = all.sort((a, b) => a.rule.line - b.rule.line);
    const first = list[0]!;
    const rest = list.slice(1);
    const message =
      rest.length === 0
        ? first.message
        : `${first.message} So ${rest.length === 1 ? 'does 1 more rule' : `do ${rest.length} more rules`} ${CAUSE_WORDS[cause]} (${someLines(rest.map((d) => d.rule.line))}).`;
    findings.push({
      id: 'pattern-never-matches',
      span: first.span,
      message,
      ...(rest.length > 0 ? { related: rest.slice(0, MAX_RELATED).map((d) => ({ span: d.span, message: d.message })) } : {}),
      unnecessary: true,
      ...fixesFor(file, list),
    });
  }
  return findings;
};

/** Related locations listed at most; the message counts all. */
const MAX_RELATED = 500;

/** Why a pattern matches nothing, as one cause for many rules. */
type Cause = 'url' | 'host' | 'encoded-slash' | 'anywhere' | 'no-slash';

const CAUSE_WORDS: Readonly<Record<Cause, string>> = {
  url: 'written as a full URL',
  host: 'starting with a host name',
  'encoded-slash': 'starting with "%2F"',
  anywhere: 'starting with ".", "?", "&", "=" or ";"',
  'no-slash': 'starting without "/"',
};

/** The title of the fix that rewrites every pattern of one cause. */
const MANY_TITLE: Readonly<Record<Cause, (n: number) => string>> = {
  url: (n) => `Rewrite the ${n} patterns`,
  host: (n) => `Prefix "/" to the ${n} patterns`,
  'encoded-slash': (n) => `Start the ${n} patterns with a plain "/"`,
  anywhere: (n) => `Prefix "/*" to the ${n} patterns`,
  'no-slash': (n) => `Prefix "/" to the ${n} patterns`,
};

interface Dead {
  readonly rule: Rule;
  readonly span: Span;
  readonly reading: Reading;
  readonly message: string;
}

/**
 * The fixes of one rule, or of all the rules of one cause: each rule's suggestion (the
 * preferred one, for many), and the removal where that is what a fix may do.
 */
function fixesFor(file: RobotsFile, list: readonly Dead[]): { fixes?: Fix[] } {
  const fixes: Fix[] = [];
  const one = list.length === 1;
  const suggestions = one ? list[0]!.reading.fixes : (list[0]!.reading.fixes.filter((f) => f.preferred).slice(0, 1));
  for (const suggestion of suggestions) {
    const edits: TextEdit[] = [];
    for (const d of list) {
      const own = one ? suggestion : d.reading.fixes.find((f) => f.title.startsWith(suggestion.title.slice(0, suggestion.title.indexOf(':'))));
      // A quick fix never closes a whole site: that takes a line typed on purpose.
      if (own && !matchesEverything(normalizePattern(own.value))) edits.push({ span: d.span, newText: own.value });
    }
    if (edits.length === 0) continue;
    const title = one ? suggestion.title : MANY_TITLE[list[0]!.reading.cause](edits.length);
    fixes.push({ title, edits, ...(suggestion.preferred ? { preferred: true } : {}), takesEffect: true });
  }
  const remove = list[0]!.reading.remove;
  if (remove) {
    const edits = one ? [removeRule(file, list[0]!.rule)].filter((e): e is TextEdit => e !== undefined) : removeRules(file, list.map((d) => d.rule));
    // Not preferred: the line may say what the author meant for this host, which they should read first.
    if (edits.length > 0) fixes.push({ title: one ? remove : `Remove the ${list.length} rules (they match nothing; a rule for another host belongs in that host's robots.txt)`, edits, preferred: false });
  }
  return fixes.length > 0 ? { fixes } : {};
}

/** The fix for a rule that names a host: it matches nothing, so removing it changes no verdict. */
const REMOVE_FOREIGN = 'Remove the rule (it matches nothing; a rule for another host belongs in that host\'s robots.txt)';

interface Suggestion {
  readonly title: string;
  readonly value: string;
  readonly preferred?: boolean;
}

interface Reading {
  readonly cause: Cause;
  readonly why: string;
  /** What the author may have meant, said in words where no fix can be sure of it. */
  readonly note?: string;
  /** Fixes that rewrite the pattern so that it takes effect. */
  readonly fixes: readonly Suggestion[];
  /** The title of a fix that removes the rule, when that is the fix to offer. */
  readonly remove?: string;
}

function explain(rule: Rule): Reading {
  const pattern = rule.pattern;
  const kind = rule.kind === 'allow' ? 'Allow' : 'Disallow';
  const url = SCHEME_AND_HOST.exec(pattern);
  if (url) {
    const host = url[0].replace(/^[^:]*:\/\//, '');
    const path = pathOf(pattern.slice(url[0].length));
    const meant = matchesEverything(normalizePattern(path))
      ? `"${kind}: ${path}", which ${rule.kind === 'allow' ? 'allows' : 'closes'} the whole site`
      : `"${kind}: ${path}"`;
    return {
      cause: 'url',
      why: 'it is a full URL, but patterns are matched against the path only (which starts with "/")',
      note: `A robots.txt governs only the host it is served from: if that is ${host || 'the host named'}, the rule meant ${meant}; a rule for another host belongs in that host's robots.txt.`,
      fixes: [],
      remove: REMOVE_FOREIGN,
    };
  }
  if (/^%2f/i.test(pattern)) {
    const value = '/' + pattern.slice(3);
    return {
      cause: 'encoded-slash',
      why: 'it starts with "%2F", an encoded slash, which never equals the "/" every path starts with',
      fixes: [{ title: `Start with a plain "/": "${value}"`, value, preferred: true }],
    };
  }
  const first = pattern[0] ?? '';
  const why = `every path starts with "/", and this pattern starts with "${first}"`;
  const host = BARE_HOST.exec(pattern);
  if (host) {
    // `www.example.com/private` names a host, or `index.php/private` a path: only the author knows.
    return {
      cause: 'host',
      why,
      note: `If "${host[0]}" is a host name, a robots.txt governs only the host it is served from: on that host the rule would read "${kind}: ${pattern.slice(host[0].length)}"; a rule for another host belongs in that host's robots.txt.`,
      fixes: [{ title: `Prefix "/": "/${pattern}"`, value: '/' + pattern }],
      remove: REMOVE_FOREIGN,
    };
  }
  // `.pdf$`, `?sessionid=`: most likely meant anywhere in the URL.
  if (first === '.' || first === '?' || first === '&' || first === '=' || first === ';') {
    return {
      cause: 'anywhere',
      why,
      fixes: [
        { title: `Prefix "/*": "/*${pattern}"`, value: '/*' + pattern, preferred: true },
        { title: `Prefix "/": "/${pattern}"`, value: '/' + pattern },
      ],
    };
  }
  return { cause: 'no-slash', why, fixes: [{ title: `Prefix "/": "/${pattern}"`, value: '/' + pattern, preferred: true }] };
}

function pathOf(rest: string): string {
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : '/' + rest;
}
