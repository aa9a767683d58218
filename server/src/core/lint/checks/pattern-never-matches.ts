import type { Rule } from '../../parse';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { statementText } from '../text';

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
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const checkRule = (rule: Rule): void => {
    if (rule.normalized === '' || rule.normalized.startsWith('/') || rule.normalized.startsWith('*')) return;
    const line = file.lines[rule.line];
    if (!line?.valueSpan || line.beyondLimit) return;
    const text = statementText(file, rule.line);
    const { why, fixes } = explain(rule.pattern);
    findings.push({
      id: 'pattern-never-matches',
      span: line.valueSpan,
      message: `"${text}" matches no URL: ${why}, so crawlers never apply it.`,
      unnecessary: true,
      fixes: fixes.map((fix) => ({ ...fix, edits: [{ span: line.valueSpan!, newText: fix.value }] })),
    });
  };
  for (const group of file.groups) group.rules.forEach(checkRule);
  file.orphanRules.forEach(checkRule);
  return findings;
};

interface Suggestion extends Omit<Fix, 'edits'> {
  readonly value: string;
}

function explain(pattern: string): { why: string; fixes: Suggestion[] } {
  const url = SCHEME_AND_HOST.exec(pattern);
  if (url) {
    const value = pathOf(pattern.slice(url[0].length));
    return {
      why: 'it is a full URL, but patterns are matched against the path only (which starts with "/")',
      fixes: [{ title: `Keep only the path: "${value}"`, value, preferred: true }],
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
    const value = pattern.slice(host[0].length);
    return {
      why,
      fixes: [
        { title: `Remove the host name: "${value}"`, value, preferred: true },
        { title: `Prefix "/": "/${pattern}"`, value: '/' + pattern },
      ],
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

