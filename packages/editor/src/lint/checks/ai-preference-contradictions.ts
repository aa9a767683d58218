import { CRAWLERS, isGenericFrameworkName, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { matcherFor } from '@robots-lens/kernel/match';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { preferenceStatements, signalFor } from '@robots-lens/kernel/preferences';
import { statementSpan } from '../text';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'ai-train-no-but-allowed', title: 'Training refused by preference, allowed by rules', description: 'A group asks for no AI training (ai-train=no, train-ai=n) yet lets crawlers whose only purpose is AI training fetch: preferences are requests, rules are what a compliant crawler enforces.' },
  { id: 'ai-train-yes-but-disallowed', title: 'Training welcomed by preference, disallowed by rules', description: 'The signals say ai-train=yes while a crawler whose only purpose is AI training may fetch nothing: the rule decides, the preference never applies.' },
  { id: 'content-signal-conflict', title: 'Conflicting Content-Signal for one crawler', description: 'Merged groups give a crawler Content-Signal lines that say yes and no for the same key; the most restrictive reading is no.' },
] as const satisfies readonly RuleDescription<string>[];

/** Crawlers named at most this many times before "and N more". */
const MAX_NAMES = 8;

/**
 * Crawlers whose only purpose is AI training (control tokens fetch nothing, so they are not
 * among them; nor are generic framework names, which many tools send, not one operator).
 */
const TRAINING_ONLY: readonly Crawler[] = CRAWLERS.filter(
  (c) => c.purposes.length > 0 && c.purposes.every((p) => p === 'ai-training') && c.retired === null && !isGenericFrameworkName(c.token),
);

/** ai-train-no-but-allowed, ai-train-yes-but-disallowed, content-signal-conflict. */
export const check: Check<typeof RULES> = ({ file }) => {
  const statements = preferenceStatements(file);
  if (statements.contentSignals.length === 0 && statements.contentUsage.length === 0) return [];
  const findings: Report<typeof RULES>[] = [];
  const matcher = matcherFor(file);
  // Each training crawler's group (pooled) and whether it may fetch `/`.
  const readings = TRAINING_ONLY.map((crawler) => {
    const resolved = resolveAgent(crawler.token);
    const verdict = matcher.decide('/', resolved);
    return { crawler, groups: verdict.group?.groups ?? null, allowed: verdict.outcome === 'allowed', decidedBy: verdict.rule?.line ?? null };
  });

  // A group refusing training: a Content-Signal ai-train=no or a Content-Usage (no path) train-ai=n.
  const refusals = [
    ...statements.contentSignals.filter((s) => s.group >= 0 && s.signals['ai-train'] === 'no').map((s) => ({ line: s.line, group: s.group })),
    ...statements.contentUsage.filter((r) => r.group >= 0 && r.path === null && r.preferences['train-ai'] === 'disallowed').map((r) => ({ line: r.line, group: r.group })),
  ];
  for (const refusal of refusals) {
    const allowed = readings.filter((r) => r.allowed && r.groups?.includes(refusal.group)).map((r) => r.crawler.token);
    if (allowed.length === 0) continue;
    findings.push({
      id: 'ai-train-no-but-allowed',
      span: statementSpan(file.lines[refusal.line]!),
      message: `This asks for no AI training, yet ${names(allowed)}, whose only purpose is AI training, may fetch / under this group's rules. The preference is a request; to keep a compliant crawler out, disallow it (e.g. its own group with "Disallow: /").`,
    });
  }

  // A group welcoming training while some training crawler is shut out by a rule.
  for (const signal of statements.contentSignals) {
    if (signal.group < 0 || signal.signals['ai-train'] !== 'yes') continue;
    const shutOut = readings.filter((r) => !r.allowed && r.decidedBy !== null && (r.groups?.includes(signal.group) || starGroupOf(file, signal.group)));
    if (shutOut.length === 0) continue;
    findings.push({
      id: 'ai-train-yes-but-disallowed',
      span: statementSpan(file.lines[signal.line]!),
      message: `This says ai-train=yes, yet ${names(shutOut.map((r) => r.crawler.token))}, whose only purpose is AI training, may not fetch / (${decidingLines(shutOut.map((r) => r.decidedBy!))}): the rule decides, and a preference applies only to URLs a crawler may fetch.`,
    });
  }

  // Merged groups: one crawler's pool with yes and no for the same key.
  const reported = new Set<number>();
  for (const pool of file.groupsByToken.values()) {
    if (pool.length < 2) continue;
    const lines = statements.contentSignals.filter((s) => pool.includes(s.group));
    for (const key of ['search', 'ai-input', 'ai-train'] as const) {
      const yes = lines.find((s) => s.signals[key] === 'yes');
      const no = lines.find((s) => s.signals[key] === 'no');
      if (!yes || !no) continue;
      const later = yes.line > no.line ? yes : no;
      const earlier = later === yes ? no : yes;
      if (reported.has(later.line)) continue;
      reported.add(later.line);
      const combined = signalFor(file, pool)!;
      findings.push({
        id: 'content-signal-conflict',
        span: statementSpan(file.lines[later.line]!),
        message: `The groups at these lines name the same crawler and are merged: line ${earlier.line + 1} says ${key}=${earlier.signals[key]}, this line says ${key}=${later.signals[key]}. Read most restrictively, ${key}=${combined.signals[key]}.`,
        related: [{ span: statementSpan(file.lines[earlier.line]!), message: `${key}=${earlier.signals[key]}` }],
      });
    }
  }
  return findings;
};

/** Whether `group` is a `*` group: its signals speak for every crawler without a group of its own. */
function starGroupOf(file: RobotsFile, group: number): boolean {
  return file.groups[group]?.agents.some((a) => a.isStar) ?? false;
}

function decidingLines(lines: readonly number[]): string {
  const unique = [...new Set(lines)].sort((a, b) => a - b).map((l) => l + 1);
  return unique.length === 1 ? `line ${unique[0]} decides` : `lines ${unique.join(', ')} decide`;
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, MAX_NAMES).join(', ');
  return list.length > MAX_NAMES ? `${shown} and ${list.length - MAX_NAMES} more` : shown;
}
