/**
 * A verdict as the replay keeps it (cached per URL and crawler), and the small judgements
 * about a request that need no state: is it a fetch of robots.txt, what its X-Robots-Tag says.
 */

import type { ResolvedAgent } from '@robots-lens/kernel/crawlers';
import { effectiveDirectives, readPageDirectives } from '@robots-lens/fetch/directives';
import type { FetchState } from '@robots-lens/fetch';
import { parseTarget } from '@robots-lens/kernel/match';
import type { PreferencesJson } from '@robots-lens/kernel/preferences';
import type { RobotsState } from './fetch-state';
import type { AuditReason, AuditRecord } from './record';

/** A verdict as a record carries it, with the state it was judged in and, in `grace`, the version before's. */
export interface Judgement {
  readonly allowed: boolean | null;
  readonly line: number | null;
  readonly rule: string | null;
  readonly group: string | null;
  readonly reason: AuditReason;
  readonly googleLiteral?: { readonly allowed: boolean; readonly line: number | null };
  readonly state: RobotsState;
  readonly grace?: AuditRecord['grace'];
  /** The preferences in effect beside the verdict, when the version states any. */
  readonly preferences?: PreferencesJson;
}

/** A crawler's own fetch of /robots.txt is allowed, whatever state it is in. */
export const ROBOTS_TXT: Readonly<Record<FetchState, Judgement>> = {
  rules: { allowed: true, line: null, rule: null, group: null, reason: 'robots-txt', state: 'rules' },
  unavailable: { allowed: true, line: null, rule: null, group: null, reason: 'robots-txt', state: 'unavailable' },
  unreachable: { allowed: true, line: null, rule: null, group: null, reason: 'robots-txt', state: 'unreachable' },
};

/** Where the verdicts of a version under a fetch state are cached in an identity's `verdicts`. */
export function verdictSlot(index: number, state: FetchState): number {
  return index * 3 + (state === 'rules' ? 0 : state === 'unavailable' ? 1 : 2);
}

export function isRobotsTxt(url: string): boolean {
  if (url === '/robots.txt') return true;
  if (!url.endsWith('/robots.txt')) return false;
  const parsed = parseTarget(url);
  return parsed.ok && parsed.target.path === '/robots.txt';
}

/** What a logged X-Robots-Tag header means for this crawler (generic parts plus its own). */
export function directivesFor(header: string, agent: ResolvedAgent): NonNullable<AuditRecord['directives']> {
  const effective = effectiveDirectives(readPageDirectives({ headers: [header] }), agent);
  return { header, effective: effective.summary, noindex: effective.noindex };
}
