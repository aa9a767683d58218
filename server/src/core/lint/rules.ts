/**
 * The lint rule table: stable ids (the `Diagnostic.code`), default severities, and what
 * each rule is about. Checks report by id; settings override severities by id; code
 * actions pick fixes by id.
 */

import type { LintId, LintRule } from './types';

export const LINT_RULES: readonly LintRule[] = [
  { id: 'detached-group', severity: 'warning', title: 'User-agent lines separated from their rules', description: 'RFC 9309 keeps User-agent lines separated by blank lines or comments in one group, but older parsers split records at blank lines, and authors often meant them apart.' },
  { id: 'empty-disallow-ignored', severity: 'warning', title: 'Empty Disallow beside other rules', description: 'An empty Disallow matches nothing: it does not undo the other Disallow rules of the group.' },
  { id: 'shadowed-rule', severity: 'warning', title: 'Rule that can never decide', description: 'Another rule of the same group always matches too and wins (longer, or as long and Allow).' },
  { id: 'redundant-rule', severity: 'hint', title: 'Rule whose removal changes nothing', description: 'Wherever this rule decides, the next rule in line gives the same verdict.' },
  { id: 'rule-outside-group', severity: 'error', title: 'Rule before any User-agent', description: 'Allow/Disallow lines before the first User-agent line belong to no group: every crawler ignores them.' },
  { id: 'unknown-directive', severity: 'warning', title: 'Unknown directive', description: 'Crawlers ignore keys they do not know.' },
  { id: 'google-only-spelling', severity: 'warning', title: 'Spelling only Google accepts', description: 'Google accepts some misspellings, a missing colon and keys that merely start with a known key; other crawlers ignore such lines.' },
  { id: 'pattern-never-matches', severity: 'error', title: 'Pattern that can never match', description: 'Paths start with "/": a pattern that starts with neither "/" nor "*" matches no URL.' },
  { id: 'user-agent-token', severity: 'warning', title: 'User-agent value is not a clean product token', description: 'Crawlers compare only the leading [A-Za-z_-] characters of a User-agent value.' },
  { id: 'star-rules-not-inherited', severity: 'information', title: 'Named group does not get the * rules', description: 'A crawler with its own group ignores every rule of the * group.' },
  { id: 'duplicate-group', severity: 'hint', title: 'Same crawler named in several groups', description: 'Groups naming the same token are merged (RFC 9309), which is easy to misread.' },
  { id: 'control-token', severity: 'information', title: 'Usage-control token', description: 'Google-Extended and Applebot-Extended control how content is used; they send no requests and do not change crawling or Search.' },
  { id: 'crawl-delay', severity: 'information', title: 'Crawl-delay support varies', description: 'Crawl-delay is not part of RFC 9309: some crawlers honour it, Google does not.' },
  { id: 'unsupported-directive', severity: 'warning', title: 'Directive most crawlers do not support', description: 'Noindex is unsupported by Google since 2019; Host and Clean-param are Yandex-only; Request-rate and Visit-time are not supported by major crawlers.' },
  { id: 'sitemap-not-absolute', severity: 'error', title: 'Sitemap is not an absolute URL', description: 'Sitemap values must be absolute http(s) URLs.' },
  { id: 'dollar-not-at-end', severity: 'warning', title: '$ inside a pattern', description: 'Only a final $ anchors the end of the URL; elsewhere it is a literal character.' },
  { id: 'percent-encoding', severity: 'hint', title: 'Percent-encoding that crawlers may read differently', description: 'Lower-case hex, encoded unreserved characters (Google compares them literally), raw non-ASCII, or a stray %.' },
  { id: 'blocks-everything', severity: 'information', title: 'Whole site closed to a crawler', description: 'Disallow: / closes the whole site to the crawlers of the group.' },
  { id: 'robots-txt-path', severity: 'hint', title: 'Rule on /robots.txt', description: '/robots.txt is always fetchable; a rule on it has no effect.' },
  { id: 'size-limit', severity: 'error', title: 'Content beyond 500 KiB', description: 'Google ignores everything after the first 500 KiB.' },
  { id: 'looks-like-html', severity: 'error', title: 'HTML instead of robots.txt', description: 'Crawlers take the valid lines of an HTML page and ignore the rest.' },
  { id: 'encoding', severity: 'warning', title: 'Byte order mark or invalid UTF-8', description: 'A BOM at the start is harmless; invalid UTF-8 bytes are compared as raw octets.' },
  { id: 'private-path-disclosure', severity: 'hint', title: 'Disallow that reveals a private path', description: 'robots.txt is public and is not access control: anyone can read the paths it names.' },
];

const BY_ID = new Map<LintId, LintRule>(LINT_RULES.map((rule) => [rule.id, rule]));

export function lintRule(id: LintId): LintRule {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`Unknown lint rule ${id}`);
  return rule;
}

export function isLintId(id: string): id is LintId {
  return BY_ID.has(id as LintId);
}
