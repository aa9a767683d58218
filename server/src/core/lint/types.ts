import type { RobotsFile, Span } from '../parse';
import type { RuleAnalysis } from './rule-analysis';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
/** A user's setting for a rule: a severity, or `off`. */
export type SeveritySetting = Severity | 'off';

export type LintId =
  | 'detached-group'
  | 'empty-disallow-ignored'
  | 'shadowed-rule'
  | 'redundant-rule'
  | 'rule-outside-group'
  | 'unknown-directive'
  | 'google-only-spelling'
  | 'pattern-never-matches'
  | 'user-agent-token'
  | 'star-rules-not-inherited'
  | 'duplicate-group'
  | 'control-token'
  | 'crawl-delay'
  | 'unsupported-directive'
  | 'sitemap-not-absolute'
  | 'dollar-not-at-end'
  | 'percent-encoding'
  | 'blocks-everything'
  | 'robots-txt-path'
  | 'size-limit'
  | 'looks-like-html'
  | 'encoding'
  | 'private-path-disclosure';

/** A text replacement, in offsets of `RobotsFile.text`. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** The fix a user most likely wants (VS Code's "preferred" quick fix). */
  readonly preferred?: boolean;
}

export interface RelatedSpan {
  readonly span: Span;
  readonly message: string;
}

export interface Finding {
  readonly id: LintId;
  readonly severity: Severity;
  readonly span: Span;
  readonly message: string;
  readonly related?: readonly RelatedSpan[];
  /** The line does nothing: editors fade it (DiagnosticTag.Unnecessary). */
  readonly unnecessary?: boolean;
  readonly fixes?: readonly Fix[];
}

export interface LintContext {
  readonly file: RobotsFile;
  /** Shadowing and redundancy of every rule, computed once and shared with hover. */
  readonly rules: RuleAnalysis;
}

/** One check: reads the parsed file and reports findings of its rule(s). */
export type Check = (context: LintContext) => Finding[];

export interface LintRule {
  readonly id: LintId;
  readonly severity: Severity;
  /** One line: what the rule reports. */
  readonly title: string;
  /** Why it matters, for hover and docs. */
  readonly description: string;
}
