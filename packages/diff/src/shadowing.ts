/**
 * Rules that became dead: shadowed (never decides) or redundant (removing it changes
 * nothing) in the new version, while the same rule — same token, kind and normalised
 * pattern — could still decide in the old one, or did not exist. Rules are compared by
 * what they say, not where they sit, so moving, reordering or duplicating lines reports
 * nothing; a duplicate is dead only when every copy is.
 */

import { analyzeRules } from '@robots-lens/editor/lint';
import type { RuleStatus } from '@robots-lens/editor/lint';
import { contains, patternLanguage, pooledRules } from '@robots-lens/kernel/match';
import type { RobotsFile, Rule } from '@robots-lens/kernel/parse';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { code, ruleRef } from './describe';
import type { ShadowingChange } from './types';

interface KeyStatus {
  /** Every rule stating it is shadowed or redundant. */
  readonly dead: boolean;
  /** The first rule stating it, with its status when dead. */
  readonly rule: Rule;
  readonly status?: RuleStatus;
}

export function shadowingChanges(oldFile: RobotsFile, newFile: RobotsFile): ShadowingChange[] {
  // The proofs depend only on each pool's rules: when no pool changed, nothing can have died.
  if (samePools(oldFile, newFile)) return [];
  const before = statusesByToken(oldFile);
  const after = statusesByToken(newFile);
  const byLine = new Map<number, { status: RuleStatus; rule: Rule; tokens: string[]; live: boolean }>();
  for (const [token, keys] of after) {
    for (const [key, now] of keys) {
      if (!now.dead || !now.status) continue;
      // Of two interchangeable rules (same kind, same length, same URLs) one is always dead,
      // and which one depends only on their order: that is no change.
      if (isTwin(now.rule, now.status.shadowedBy)) continue;
      const then = before.get(token)?.get(key);
      if (then?.dead) continue;
      const entry = byLine.get(now.rule.line);
      const written = writtenToken(newFile, token);
      if (entry) {
        if (!entry.tokens.includes(written)) entry.tokens.push(written);
        entry.live ||= then !== undefined;
      } else {
        byLine.set(now.rule.line, { status: now.status, rule: now.rule, tokens: [written], live: then !== undefined });
      }
    }
  }
  return [...byLine.values()]
    .sort((a, b) => a.rule.line - b.rule.line)
    .map(({ status, rule, tokens, live }) => {
      const ref = ruleRef(newFile, rule.line);
      const by = status.shadowedBy ? ruleRef(newFile, status.shadowedBy.line) : status.redundant?.fallback ? ruleRef(newFile, status.redundant.fallback.line) : null;
      const kind = status.shadowedBy ? 'shadowed' : 'redundant';
      const who = tokens.map((t) => `User-agent: ${t}`).join(', ');
      const head = live ? `Line ${ref.line} ${code(ref.text)} (${who}) is now ${kind}` : `New line ${ref.line} ${code(ref.text)} (${who}) is ${kind} from the start`;
      const why =
        kind === 'shadowed'
          ? `line ${by!.line} ${code(by!.text)} always matches too and wins`
          : by
            ? `wherever it decides, line ${by.line} ${code(by.text)} gives the same verdict`
            : 'wherever it decides, no other rule matches and the path is allowed anyway';
      return { status: kind, rule: ref, by, tokens, before: live ? 'live' : 'absent', description: `${head}: ${why}.` };
    });
}

/** For each token of the file, each (kind, pattern) of its pool: dead or live. */
function statusesByToken(file: RobotsFile): Map<string, Map<string, KeyStatus>> {
  const analysis = analyzeRules(file).byLine;
  const out = new Map<string, Map<string, KeyStatus>>();
  for (const [token, groups] of file.groupsByToken) {
    const keys = new Map<string, KeyStatus>();
    for (const rule of pooledRules(file, groups)) {
      if (rule.normalized === '') continue;
      const key = (rule.kind === 'allow' ? 'A' : 'D') + rule.normalized;
      const status = analysis.get(rule.line);
      const existing = keys.get(key);
      if (!existing) keys.set(key, { dead: status !== undefined, rule, ...(status ? { status } : {}) });
      else if (existing.dead && !status) keys.set(key, { dead: false, rule: existing.rule });
    }
    out.set(token, keys);
  }
  return out;
}

function isTwin(rule: Rule, winner: Rule | undefined): boolean {
  if (!winner || winner.kind !== rule.kind || winner.octets !== rule.octets) return false;
  const a = patternLanguage(rule.normalized);
  const b = patternLanguage(winner.normalized);
  return contains(a, b) === true && contains(b, a) === true;
}

function samePools(a: RobotsFile, b: RobotsFile): boolean {
  if (a.groupsByToken.size !== b.groupsByToken.size) return false;
  for (const [token, groups] of a.groupsByToken) {
    const other = b.groupsByToken.get(token);
    if (!other || poolSignature(a, groups) !== poolSignature(b, other)) return false;
  }
  return true;
}

/** The pool's rules in file order, by what they say: a reordering counts as a change, to be safe. */
function poolSignature(file: RobotsFile, groups: readonly number[]): string {
  return pooledRules(file, groups).map((rule) => (rule.kind === 'allow' ? 'A' : 'D') + rule.normalized).join('\u0000');
}

function writtenToken(file: RobotsFile, key: string): string {
  if (key === '*') return '*';
  for (const group of file.groups) for (const agent of group.agents) if (!agent.isStar && tokenKey(agent.token) === key) return agent.token;
  return key;
}
