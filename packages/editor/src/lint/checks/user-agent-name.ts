import { CRAWLERS, crawlerByToken } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { editDistance } from '../edit-distance';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'user-agent-retired', title: 'Retired crawler token', description: 'A source says this token was replaced by another; the current crawler looks for the new token, so a group naming only the old one does not govern it.' },
  { id: 'user-agent-near-miss', title: 'Token one or two edits from a well-known crawler', description: 'The token is not a crawler the catalogue knows but is one or two edits from a well-known one (Googelbot, GTPBot): likely a typo, and the crawler meant does not use this group.' },
] as const satisfies readonly RuleDescription<string>[];

/*
 * Typos are looked for only among the well-known crawlers: the catalogue's other tokens are
 * many and short, and a near miss of an obscure token is as likely a different crawler.
 */
const WELL_KNOWN = CRAWLERS.filter((c) => c.wellKnown && !c.controlToken);

/**
 * What a User-agent token names: a retired token (with its replacement and who says so), or
 * an unknown token one or two edits from a well-known crawler (with a fix that names it).
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  for (const group of file.groups) {
    const named = new Set(group.agents.map((a) => tokenKey(a.token)));
    for (const agent of group.agents) {
      const span = file.lines[agent.line]?.valueSpan;
      if (agent.isStar || agent.token === '' || !span) continue;
      const known = crawlerByToken(agent.token);
      if (known?.retired != null && known.retiredEvidence !== null && tokenKey(known.token) === tokenKey(agent.token)) {
        const also = named.has(tokenKey(known.retired)) ? ` This group names ${known.retired} too.` : ` ${known.retired} does not use this group unless it names ${known.retired} too.`;
        findings.push({
          id: 'user-agent-retired',
          span,
          message: `"${agent.token}" is a retired token, replaced by ${known.retired} (${known.retiredEvidence.source}: "${known.retiredEvidence.words}").${also}`,
        });
        continue;
      }
      if (known !== undefined) continue;
      const meant = nearMiss(agent.token);
      if (meant === undefined || named.has(tokenKey(meant.crawler.token))) continue;
      const edits = meant.distance === 1 ? '1 edit' : `${meant.distance} edits`;
      findings.push({
        id: 'user-agent-near-miss',
        span,
        message: `"${agent.token}" is not a crawler the catalogue knows; it is ${edits} from ${meant.crawler.token} (${meant.crawler.operator}), which does not use this line.`,
        fixes: [{ title: `Replace with "${meant.crawler.token}" (the group then applies to ${meant.crawler.token})`, edits: [{ span, newText: meant.crawler.token }], preferred: true, takesEffect: true }],
      });
    }
  }
  return fold(file, findings, (f) => f.message, { more: (n, lines) => `The same goes for ${n} more User-agent ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};

/** The well-known crawler a token is a typo of: one edit for short tokens, at most two. */
function nearMiss(token: string): { crawler: Crawler; distance: number } | undefined {
  const key = tokenKey(token);
  const allowed = Math.min(2, Math.max(1, Math.floor(key.length / 4)));
  let best: { crawler: Crawler; distance: number } | undefined;
  for (const crawler of WELL_KNOWN) {
    const candidate = tokenKey(crawler.token);
    if (Math.abs(candidate.length - key.length) > allowed) continue;
    const distance = editDistance(key, candidate);
    if (distance > 0 && distance <= allowed && (best === undefined || distance < best.distance)) best = { crawler, distance };
  }
  return best;
}
