/**
 * The verdict of one robots.txt version under one fetch state for a crawler's chain and a URL,
 * from the one matcher through the one fetch-state decision (`decideUnderFetchState`), as a
 * record carries it; cached per (version, state, crawler) and URL, since logs repeat both.
 */

import { decideUnderFetchState } from '@robots-lens/fetch';
import type { FetchState } from '@robots-lens/fetch';
import { matcherFor, parseTarget } from '@robots-lens/kernel/match';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { effectivePreferences, preferencesJson, statesPreferences } from '@robots-lens/kernel/preferences';
import type { Identity } from './identities';
import { verdictSlot } from './judgement';
import type { Judgement } from './judgement';
import type { RobotsTimeline } from './versions';

/** Verdicts remembered across all caches; past it they all start again. */
const MAX_VERDICTS = 500_000;

export class Verdicts {
  private readonly caches = new Map<string, Map<string, Judgement>>();
  private count = 0;
  private readonly ruleTexts = new Map<RobotsFile, Map<number, string>>();

  constructor(
    private readonly timeline: RobotsTimeline,
    private readonly origin: string | undefined,
  ) {}

  /** The verdict of the version at `index` under a fetch state for this identity's chain, cached per URL. */
  of(index: number, state: FetchState, identity: Identity, url: string): Judgement {
    const slot = verdictSlot(index, state);
    let cache = identity.verdicts[slot];
    if (cache === undefined) {
      // Shared by every User-Agent string of the crawler: its identities find the same cache.
      const key = `${slot}\u0000${identity.selectionKey}`;
      cache = this.caches.get(key);
      if (cache === undefined) {
        cache = new Map();
        this.caches.set(key, cache);
      }
      identity.verdicts[slot] = cache;
    }
    let verdict = cache.get(url);
    if (verdict !== undefined) return verdict;
    if (this.count >= MAX_VERDICTS) {
      for (const c of this.caches.values()) c.clear();
      this.count = 0;
    }
    verdict = this.decide(this.timeline.versions[index]!.file, state, identity, url);
    cache.set(url, verdict);
    this.count++;
    return verdict;
  }

  private decide(file: RobotsFile, state: FetchState, identity: Identity, url: string): Judgement {
    const decided = decideUnderFetchState(state, matcherFor(file), url, identity.resolved!, this.origin !== undefined ? { origin: this.origin } : {});
    if (decided.outcome === 'not-applicable') {
      return { allowed: null, line: null, rule: null, group: null, reason: parseTarget(url).ok ? 'other-origin' : 'bad-url', state };
    }
    if (decided.reason === 'fetch-state') {
      // A record names the state that decided: `unavailable` or `unreachable`.
      return { allowed: decided.allowed, line: null, rule: null, group: null, reason: state === 'unavailable' ? 'unavailable' : 'unreachable', state };
    }
    const rule = decided.rule;
    const google = decided.googleLiteral;
    return {
      allowed: decided.allowed,
      line: rule ? rule.line + 1 : null,
      rule: rule ? this.ruleText(file, rule.line) : null,
      group: decided.group ? decided.group.token : null,
      reason: decided.reason,
      ...(google ? { googleLiteral: { allowed: google.allowed, line: google.rule ? google.rule.line + 1 : null } } : {}),
      // Worked out once per URL and crawler, like the verdict, and only for versions that state preferences.
      ...(statesPreferences(file) ? { preferences: preferencesJson(effectivePreferences(file, decided)) } : {}),
      state,
    };
  }

  private ruleText(file: RobotsFile, line: number): string {
    let texts = this.ruleTexts.get(file);
    if (!texts) {
      texts = new Map();
      this.ruleTexts.set(file, texts);
    }
    let text = texts.get(line);
    if (text === undefined) {
      text = statementText(file, line);
      texts.set(line, text);
    }
    return text;
  }
}
