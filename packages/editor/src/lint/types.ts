import type { RobotsFile, Span } from '@robots-lens/kernel/parse';
import type { RuleAnalysis } from './rule-analysis';
import type { LintId } from './rules';

export type Severity = 'error' | 'warning' | 'information' | 'hint';
/** A user's setting for a rule: a severity, or `off`. */
export type SeveritySetting = Severity | 'off';

export type { LintId };

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
  /**
   * The fix sets out to make rules take effect that do not today (a pattern that matches
   * nothing, a line crawlers do not read, rules a crawler does not get), and its title says
   * which: it may disallow URLs that are allowed now, but only through the lines it writes.
   * Every other fix never turns an allowed URL disallowed. No fix closes a whole site or
   * moves a rule onto another host.
   */
  readonly takesEffect?: boolean;
}

export interface RelatedSpan {
  readonly span: Span;
  readonly message: string;
}

/**
 * What a check reports: a finding of one of its rules (`Rules`), by id and without a
 * severity — `lint()` stamps the severity of the table or of the user's setting.
 */
export interface Report<Rules extends readonly RuleDescription<string>[] = readonly RuleDescription[]> {
  readonly id: Rules[number]['id'];
  readonly span: Span;
  readonly message: string;
  readonly related?: readonly RelatedSpan[];
  /** The line does nothing: editors fade it (DiagnosticTag.Unnecessary). */
  readonly unnecessary?: boolean;
  readonly fixes?: readonly Fix[];
}

/** A report with the severity in effect: the table's default, or the user's setting. */
export interface Finding extends Report {
  readonly severity: Severity;
}

export interface LintContext {
  readonly file: RobotsFile;
  /** Shadowing and redundancy of every rule, computed once and shared with hover. */
  readonly rules: RuleAnalysis;
}

/** One check: reads the parsed file and reports findings of its rules (`Rules`), by id. */
export type Check<Rules extends readonly RuleDescription<string>[]> = (context: LintContext) => Report<Rules>[];

/** What a check file says of each rule it reports; the table adds the default severity. */
export interface RuleDescription<Id extends string = LintId> {
  readonly id: Id;
  /** One line: what the rule reports. */
  readonly title: string;
  /** Why it matters, for hover and docs. */
  readonly description: string;
}

/** A row of the lint table: a rule as its check file describes it, with its default severity. */
export interface LintRule extends RuleDescription {
  /** From the one severity table (`severities.ts`). */
  readonly severity: Severity;
}

/** What a check file exports: the rows of the rules it reports, and the check that reports them. */
export interface CheckFile {
  readonly RULES: readonly RuleDescription<string>[];
  readonly check: Check<readonly RuleDescription<string>[]>;
}
