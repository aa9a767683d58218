/**
 * Test URL's results as a table: one row per crawler with its verdict, the winning line
 * (quoted, to be revealed from the panel), the group it uses, its product-token chain and,
 * when Google's literal parser would decide otherwise, that note. Pure data built from the
 * server's verdicts; the webview inserts all of it as text.
 */

import type { FetchStateNote, TestUrlVerdict } from '../../../../server/src/protocol';
import { plural } from '@robots-lens/kernel/words';
import { purposesText } from '@robots-lens/editor/explain';
import { ignoreNote } from '@robots-lens/kernel/ai-access';
import { agentLabel, fetchStateText, groupInWords, verdictSummary } from '../../verdict-report';
import type { LineText, ReportOptions } from '../../verdict-report';
import type { SavedWords } from '../saved-state';

export interface TestUrlRowView {
  readonly agent: string;
  /** What the crawler is, or how a full User-Agent header was read. */
  readonly about: string;
  readonly state: TestUrlVerdict['outcome'];
  readonly verdict: string;
  /** The deciding rule as written, with its 1-based line; null when no rule decided. */
  readonly winning: { readonly line: number; readonly text: string; readonly note: string } | null;
  /** Why no rule decided, when none did. */
  readonly noRule: string;
  readonly group: string;
  /** 0-based line of the group's first User-agent line, to reveal when no rule decided. */
  readonly groupLine: number | null;
  readonly chain: string;
  readonly why: string;
  /** Google's literal parser decides otherwise, and why; null when it agrees or notes are off. */
  readonly google: string | null;
}

export interface TestUrlView {
  readonly url: string;
  readonly documentName: string;
  readonly version: number;
  /** Whether the answer is of the saved file or of unsaved edits (see saved-state.ts). */
  readonly saved: SavedWords;
  /** The one-line summary also kept in the output channel's history. */
  readonly summary: string;
  readonly fetchState: string | null;
  readonly rows: readonly TestUrlRowView[];
}

const VERDICT: Readonly<Record<TestUrlVerdict['outcome'], string>> = { allowed: 'Allowed', disallowed: 'Disallowed', 'not-applicable': 'Not applicable' };
const NO_RULE: Partial<Record<TestUrlVerdict['reason'], string>> = {
  'no-group': 'no group names it or *: everything is allowed',
  'no-matching-rule': 'no rule of its group matches',
  'fetch-state': 'how robots.txt was fetched decides, not its rules',
};

export interface TestUrlViewSource {
  readonly documentName: string;
  readonly version: number;
  readonly saved: SavedWords;
  readonly lineText: LineText;
  readonly fetchState?: FetchStateNote | undefined;
}

export function testUrlView(verdicts: readonly TestUrlVerdict[], source: TestUrlViewSource, options: ReportOptions): TestUrlView {
  const fetchState = source.fetchState ? fetchStateText(source.fetchState) : null;
  return {
    url: verdicts[0]?.url ?? '',
    documentName: source.documentName,
    version: source.version,
    saved: source.saved,
    summary: verdictSummary(verdicts, options) + (fetchState ? ` ${fetchState}` : ''),
    fetchState,
    rows: verdicts.map((verdict) => rowView(verdict, source.lineText, options)),
  };
}

function rowView(verdict: TestUrlVerdict, lineText: LineText, options: ReportOptions): TestUrlRowView {
  const { agent, group, rule } = verdict;
  const ignoring = agent.crawler ? ignoreNote(agent.crawler) : undefined;
  const crawler = agent.crawler ? `${agent.crawler.name} · ${agent.crawler.operator} · ${purposesText(agent.crawler.purposes)}${ignoring ? ` · ${ignoring}` : ''}` : 'not in the catalogue';
  const about = agent.kind === 'user-agent-header' ? `User-Agent: ${agent.input} — ${crawler}` : crawler;
  const winning = rule
    ? {
        line: rule.line + 1,
        text: lineText(rule.line)?.trim() ?? `${rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${rule.pattern}`,
        note: `longest match, ${plural(rule.octets, 'octet')}${rule.normalized !== rule.pattern ? `, normalised ${rule.normalized}` : ''}`,
      }
    : null;
  const groupText = group
    ? groupInWords(group, lineText)
    : verdict.reason === 'fetch-state'
      ? 'none in force'
      : verdict.outcome === 'not-applicable'
        ? '—'
        : 'none: no group names a token of its chain';
  return {
    agent: agentLabel(verdict),
    about,
    state: verdict.outcome,
    verdict: VERDICT[verdict.outcome],
    winning,
    noRule: winning ? '' : NO_RULE[verdict.reason] ?? '—',
    group: groupText,
    groupLine: group?.agentLines[0] ?? null,
    chain: `${agent.chain.length > 0 ? agent.chain.join(' → ') : '(no product token)'} — ${agent.explanation}`,
    why: verdict.explanation,
    google: verdict.googleLiteral && options.parserNotes ? verdict.googleLiteral.explanation : null,
  };
}
