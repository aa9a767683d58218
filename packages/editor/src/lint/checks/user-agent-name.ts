import { CRAWLERS, crawlerByToken } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import { tokenKey } from '@robots-lens/kernel/product-token';
import { editDistance } from '../edit-distance';
import { fold } from '../fold';
import type { Check, Report, RuleDescription } from '../types';

export const RULES = [
  { id: 'user-agent-retired', title: 'Retired crawler token', description: 'A source says this token was replaced by another; the current crawler looks for the new token, so a group naming only the old one does not govern it.' },
  { id: 'user-agent-near-miss', title: 'Token one or two edits from a well-known crawler, or a crawler\'s name without "bot"', description: 'The token is not a crawler the catalogue knows but is one or two edits from a well-known one (Googelbot, GTPBot), or a catalogued crawler\'s token without its "bot" (ImageSift for ImagesiftBot): likely a slip, and the crawler meant does not use this group.' },
] as const satisfies readonly RuleDescription<string>[];

/*
 * Typos are looked for only among the well-known crawlers: the catalogue's other tokens are
 * many and short, and a near miss of an obscure token is as likely a different crawler.
 */
const WELL_KNOWN = CRAWLERS.filter((c) => c.wellKnown && !c.controlToken);

/**
 * The catalogue's crawlers by their token without a final "bot" (`imagesift` → ImagesiftBot):
 * authors write the operator's or product's name where the crawler's token is that name and
 * "bot". Not a guess by distance: the token is the crawler's, short of its suffix, so every
 * catalogued crawler counts, well known or not. Well-known crawlers first, for a name two share.
 */
const MIN_NAME = 4;
const BY_NAME_WITHOUT_BOT: ReadonlyMap<string, Crawler> = (() => {
  const map = new Map<string, Crawler>();
  for (const crawler of [...WELL_KNOWN, ...CRAWLERS.filter((c) => !c.wellKnown && !c.controlToken)]) {
    const key = tokenKey(crawler.token);
    if (!key.endsWith('bot') || key.length <= 'bot'.length) continue;
    const name = key.slice(0, -'bot'.length).replace(/[-_]$/, '');
    // A name of two or three letters (`wp` of `wp.com`, wpbot's) is as likely another name.
    if (name.length >= MIN_NAME && !map.has(name)) map.set(name, crawler);
  }
  return map;
})();

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
      // A token the catalogue knows names that crawler, however close it is to another (MoodleBot is no Googlebot).
      if (known !== undefined) continue;
      const meant = nearMiss(agent.token);
      if (meant === undefined || named.has(tokenKey(meant.crawler.token))) continue;
      const { token, operator } = meant.crawler;
      const how =
        meant.distance === 0
          ? `it is ${token} (${operator}) without its "${token.slice(-'bot'.length)}", and ${token} does not use this line.`
          : `it is ${meant.distance === 1 ? '1 edit' : `${meant.distance} edits`} from ${token} (${operator}), which does not use this line.`;
      findings.push({
        id: 'user-agent-near-miss',
        span,
        message: `"${agent.token}" is not a crawler the catalogue knows; ${how}`,
        fixes: [{ title: `Replace with "${meant.crawler.token}" (the group then applies to ${meant.crawler.token})`, edits: [{ span, newText: meant.crawler.token }], preferred: true, takesEffect: true }],
      });
    }
  }
  return fold(file, findings, (f) => f.message, { more: (n, lines) => `The same goes for ${n} more User-agent ${n === 1 ? 'line' : 'lines'} (${lines}).` });
};

/**
 * The crawler a token most likely meant: a catalogued crawler whose token is this one and
 * "bot" (distance 0), else the well-known crawler it is a typo of — one edit for short
 * tokens, at most two, and the same first letter: a slip of the keyboard keeps the initial
 * (spell checkers rely on it), while a different initial is a different name (MoodleBot is
 * two edits from Googlebot and another crawler).
 */
function nearMiss(token: string): { crawler: Crawler; distance: number } | undefined {
  const key = tokenKey(token);
  const named = BY_NAME_WITHOUT_BOT.get(key.replace(/[-_]$/, ''));
  if (named !== undefined) return { crawler: named, distance: 0 };
  const allowed = Math.min(2, Math.max(1, Math.floor(key.length / 4)));
  let best: { crawler: Crawler; distance: number } | undefined;
  for (const crawler of WELL_KNOWN) {
    const candidate = tokenKey(crawler.token);
    if (candidate[0] !== key[0] || Math.abs(candidate.length - key.length) > allowed) continue;
    const distance = editDistance(key, candidate);
    if (distance > 0 && distance <= allowed && (best === undefined || distance < best.distance) && !addsAWord(token, candidate)) best = { crawler, distance };
  }
  return best;
}

/**
 * The token is the crawler's token with a whole word added (`AmazonAdBot`: Amazon·Ad·Bot is
 * Amazonbot and "Ad"): a name of its own, another crawler, not a slip of the keyboard. Words
 * start at the beginning, at a capital after a small letter, and after `-` or `_`.
 */
function addsAWord(token: string, candidate: string): boolean {
  const starts: number[] = [0];
  for (let i = 1; i < token.length; i++) {
    const c = token[i]!;
    const before = token[i - 1]!;
    if ((/[A-Z]/.test(c) && /[a-z]/.test(before)) || before === '-' || before === '_') starts.push(i);
  }
  starts.push(token.length);
  for (let w = 0; w + 1 < starts.length; w++) {
    const without = (token.slice(0, starts[w]) + token.slice(starts[w + 1])).replace(/[-_]+$/, '');
    if (tokenKey(without) === candidate || tokenKey(without.replace(/[-_]$/, '')) === candidate) return true;
  }
  return false;
}
