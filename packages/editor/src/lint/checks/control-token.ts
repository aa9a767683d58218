import { crawlerByToken } from '@robots-lens/kernel/crawlers';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';
import { lineSpan } from '../text';

export const RULES = [
  { id: 'control-token', title: 'Usage-control token', description: 'Google-Extended and Applebot-Extended control how content is used; they send no requests and do not change crawling or Search.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * control-token: `Google-Extended`, `Applebot-Extended` — usage preferences, not crawlers.
 * Their groups decide how content fetched by the operator's real crawlers may be used.
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const group of file.groups) {
    for (const agent of group.agents) {
      const crawler = agent.token === '' ? undefined : crawlerByToken(agent.token);
      if (!crawler?.controlToken || tokenKey(crawler.token) !== tokenKey(agent.token)) continue;
      findings.push({
        id: 'control-token',
        span: lineSpan(file, agent.line),
        message: `${crawler.token}: ${lowerFirst(crawler.description)} It sends no requests: this group does not change what ${crawler.operator}'s crawlers fetch.`,
      });
    }
  }
  return fold(file, findings, (f) => f.message, { more: (n, lines) => `The same goes for ${n} more User-agent ${n === 1 ? 'line' : 'lines'} naming it (${lines}).` });
};

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
