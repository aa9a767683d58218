/**
 * The default severity of every lint rule, in one table: the only place a rule's severity is
 * written. Check files report findings by id and never say how serious they are; `lint()`
 * stamps the severity from here, or from the user's `robotsLens.lint.<id>` setting. TypeScript
 * keeps the table complete: a rule without a row here, or a row for no rule, does not compile.
 */

import type { LintId, Severity } from './types';

export const DEFAULT_SEVERITIES = {
  'detached-group': 'warning',
  'detached-group-blocks-site': 'error',
  'empty-disallow-ignored': 'warning',
  'shadowed-rule': 'warning',
  'redundant-rule': 'hint',
  'rule-outside-group': 'error',
  'unknown-directive': 'warning',
  'google-only-spelling': 'warning',
  'pattern-never-matches': 'error',
  'user-agent-token-misread': 'warning',
  'user-agent-token-version': 'hint',
  'star-rules-not-inherited': 'information',
  'duplicate-group': 'hint',
  'control-token': 'information',
  'crawl-delay-support': 'information',
  'crawl-delay-invalid': 'error',
  'crawl-delay-conflict': 'warning',
  'unsupported-directive': 'warning',
  'sitemap-not-absolute': 'error',
  'dollar-not-at-end': 'warning',
  'pattern-space': 'warning',
  'pattern-regex': 'warning',
  'pattern-mojibake': 'warning',
  'percent-encoding-stray-percent': 'warning',
  'percent-encoding-unreserved': 'warning',
  'percent-encoding-lower-case': 'hint',
  'percent-encoding-double': 'warning',
  'percent-encoding-non-ascii': 'hint',
  'blocks-everything': 'information',
  'robots-txt-path': 'hint',
  'size-limit-file': 'error',
  'size-limit-line': 'warning',
  'looks-like-html': 'error',
  'encoding-bom': 'hint',
  'encoding-invalid': 'warning',
  'private-path-disclosure': 'hint',
  'section-without-user-agent': 'information',
  'content-signal-unknown': 'warning',
  'content-usage-invalid': 'warning',
  'content-usage-unknown-label': 'information',
  'content-usage-repeated-label': 'warning',
  'content-usage-no-effect': 'information',
  'license-not-absolute': 'warning',
  'preference-outside-group': 'warning',
  'ai-train-no-but-allowed': 'information',
  'ai-train-yes-but-disallowed': 'information',
  'content-signal-conflict': 'information',
} as const satisfies Record<LintId, Severity>;
