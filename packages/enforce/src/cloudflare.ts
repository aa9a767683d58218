/**
 * Cloudflare: one WAF custom-rule expression (action Block) in the Rules language. The
 * language has no ordered first match, so the order is written out: a crawler is named when
 * one of its recognition entries matches and no entry before it does, and a robots.txt rule
 * decides when it matches and no rule ranked before it did. `raw.http.request.uri` is the
 * path and query as sent, before Cloudflare's URL normalisation. Cloudflare's expressions
 * are Rust's `regex` crate: RE2's flavour (no look-around, UTF-8).
 */

import type { EnforcePlan } from './plan';
import type { ServerText } from './server-text';

export const CLOUDFLARE_REGEX = { flavour: 're2', anyChar: '.', end: '$' } as const;

/** Cloudflare's documented limit on the length of one rule expression. */
export const CLOUDFLARE_EXPRESSION_LIMIT = 4096;

export function cloudflareText(plan: EnforcePlan, _status: number): ServerText {
  const expression = cloudflareExpression(plan);
  const serverLimits = [
    'The matches operator (regular expressions) needs a Business or Enterprise plan.',
    `An expression is at most ${CLOUDFLARE_EXPRESSION_LIMIT} characters; this one has ${expression.length}${expression.length > CLOUDFLARE_EXPRESSION_LIMIT ? ': too long, split the crawlers over several rules (--crawlers)' : ''}.`,
    'A custom rule blocks with 403 (or a custom response on paid plans): --status is not part of the expression.',
    ...(plan.verification ? ['--verified-only is not written for Cloudflare: its own verified-bot field (cf.client.bot) checks claims there.'] : []),
  ];
  return {
    body: [expression],
    usage: ['Cloudflare: Security > WAF > Custom rules > Create rule > Edit expression: paste the expression below (without these comment lines); action: Block.'],
    serverLimits,
  };
}

/** The expression alone. */
export function cloudflareExpression(plan: EnforcePlan): string {
  const perCrawler: string[] = [];
  for (const c of plan.crawlers) {
    if (c.rules.length === 0) continue;
    const who: string[] = [];
    plan.who.forEach((entry, i) => {
      if (entry.crawler !== c.crawler) return;
      const earlier = plan.who.slice(0, i).map((e) => `(?:${e.source})`);
      who.push(earlier.length === 0 ? uaMatches(entry.source) : `(${uaMatches(entry.source)} and not ${uaMatches(earlier.join('|'))})`);
    });
    if (who.length === 0) continue;
    let decision = '';
    for (let i = c.rules.length - 1; i >= 0; i--) {
      const rule = c.rules[i]!;
      const test = `raw.http.request.uri matches ${quoted(`^${rule.regex.source}`)}`;
      if (decision === '') {
        // Nothing ranked below decides: an Allow here decides what no rule would.
        if (!rule.allow) decision = test;
      }
      else decision = rule.allow ? `(not ${test} and ${decision})` : `(${test} or ${decision})`;
    }
    perCrawler.push(`(${who.length === 1 ? who[0] : `(${who.join(' or ')})`} and ${decision})`);
  }
  if (perCrawler.length === 0) return '(raw.http.request.uri eq "/robots.txt" and raw.http.request.uri ne "/robots.txt")';
  return `(raw.http.request.uri ne "/robots.txt" and (${perCrawler.join(' or ')}))`;
}

function uaMatches(source: string): string {
  return `http.user_agent matches ${quoted(`(?i)${source}`)}`;
}

/** A string literal of the Rules language: backslashes and quotes escaped. */
function quoted(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
