/**
 * A verdict as plain JSON data: what `robots-lens test --json` prints for each URL, and the
 * rule-level part of Check URL's report. Lines are 1-based here, as a user reads them.
 */

import { statementText } from '../parse';
import type { RobotsFile } from '../parse';
import type { Verdict } from './verdict';

export interface VerdictJson {
  readonly url: string;
  readonly agent: string;
  /** The catalogue token of the crawler, when the catalogue knows it. */
  readonly crawler: string | null;
  readonly outcome: Verdict['outcome'];
  readonly allowed: boolean | null;
  /** Line of the deciding rule. */
  readonly line: number | null;
  /** The deciding rule as written, without its comment. */
  readonly rule: string | null;
  readonly group: string | null;
  readonly groupLines: readonly number[];
  readonly chain: readonly string[];
  readonly reason: Verdict['reason'];
  readonly explanation: string;
  readonly googleLiteral?: { readonly allowed: boolean; readonly line: number | null; readonly explanation: string };
}

/** The verdict on `robots` as JSON data. */
export function verdictJson(verdict: Verdict, robots: RobotsFile): VerdictJson {
  const json: VerdictJson = {
    url: verdict.url,
    agent: verdict.agent.input,
    crawler: verdict.agent.crawler?.token ?? null,
    outcome: verdict.outcome,
    allowed: verdict.allowed,
    line: verdict.rule ? verdict.rule.line + 1 : null,
    rule: verdict.rule ? statementText(robots, verdict.rule.line) : null,
    group: verdict.group ? verdict.group.token : null,
    groupLines: verdict.group ? verdict.group.agentLines.map((l) => l + 1) : [],
    chain: verdict.agent.chain,
    reason: verdict.reason,
    explanation: verdict.explanation,
  };
  if (!verdict.googleLiteral) return json;
  const literal = verdict.googleLiteral;
  return { ...json, googleLiteral: { allowed: literal.allowed, line: literal.rule ? literal.rule.line + 1 : null, explanation: literal.explanation } };
}
