import { normalizePattern } from '../../match/normalize';
import type { Rule } from '../../parse/model';
import { removeRule } from '../rule-removal';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { statementText } from '../text';
import { matchesEverything } from './audience';

export const RULES = [
  {
    id: 'pattern-never-matches',
    title: 'Pattern that can never match',
    description: 'Paths start with "/": a pattern that starts with neither "/" nor "*" matches no URL.',
  },
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
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    if (rule.normalized === '' || rule.normalized.startsWith('/') || rule.normalized.startsWith('*')) return;
    const line = file.lines[rule.line];
    if (!line?.valueSpan || line.beyondLimit) return;
    const text = statementText(file, rule.line);
    const { why, note, fixes: suggestions, remove } = explain(rule);
    const fixes: Fix[] = [];
    for (const s of suggestions) {
      // A quick fix never closes a whole site: that takes a line typed on purpose.
      if (matchesEverything(normalizePattern(s.value))) continue;
      fixes.push({ title: s.title, edits: [{ span: line.valueSpan, newText: s.value }], ...(s.preferred ? { preferred: true } : {}), takesEffect: true });
    }
    const removal = remove ? removeRule(file, rule) : undefined;
    // Not preferred: the line may say what the author meant for this host, which they should read first.
    if (removal && remove) fixes.push({ title: remove, edits: [removal], preferred: false });
    findings.push({
      id: 'pattern-never-matches',
      span: line.valueSpan,
      message: `"${text}" matches no URL: ${why}, so crawlers never apply it.${note ? ' ' + note : ''}`,
      unnecessary: true,
      ...(fixes.length > 0 ? { fixes } : {}),
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  file.orphanRules.forEach(checkRule);
  return findings;
};

/** The fix for a rule that names a host: it matches nothing, so removing it changes no verdict. */
const REMOVE_FOREIGN = 'Remove the rule (it matches nothing; a rule for another host belongs in that host\'s robots.txt)';

interface Suggestion {
  readonly title: string;
  readonly value: string;
  readonly preferred?: boolean;
}

interface Reading {
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
      why: 'it is a full URL, but patterns are matched against the path only (which starts with "/")',
      note: `A robots.txt governs only the host it is served from: if that is ${host || 'the host named'}, the rule meant ${meant}; a rule for another host belongs in that host's robots.txt.`,
      fixes: [],
      remove: REMOVE_FOREIGN,
    };
  }
  if (/^%2f/i.test(pattern)) {
    const value = '/' + pattern.slice(3);
    return {
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
      why,
      note: `If "${host[0]}" is a host name, a robots.txt governs only the host it is served from: on that host the rule would read "${kind}: ${pattern.slice(host[0].length)}"; a rule for another host belongs in that host's robots.txt.`,
      fixes: [{ title: `Prefix "/": "/${pattern}"`, value: '/' + pattern }],
      remove: REMOVE_FOREIGN,
    };
  }
  // `.pdf$`, `?sessionid=`: most likely meant anywhere in the URL.
  if (first === '.' || first === '?' || first === '&' || first === '=' || first === ';') {
    return {
      why,
      fixes: [
        { title: `Prefix "/*": "/*${pattern}"`, value: '/*' + pattern, preferred: true },
        { title: `Prefix "/": "/${pattern}"`, value: '/' + pattern },
      ],
    };
  }
  return { why, fixes: [{ title: `Prefix "/": "/${pattern}"`, value: '/' + pattern, preferred: true }] };
}

function pathOf(rest: string): string {
  if (rest === '') return '/';
  return rest.startsWith('/') ? rest : '/' + rest;
}
