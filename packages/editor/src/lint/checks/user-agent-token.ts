import { crawlerByToken, documentedCrawlerOf, identifyUserAgent, resolveAgent } from '@robots-lens/kernel/crawlers';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { AgentLine, Group } from '@robots-lens/kernel/parse';
import { tokenKey, productToken } from '@robots-lens/kernel/product-token';
import { fold } from '../fold';
import type { Check, Fix, Report, RuleDescription } from '../types';
import { agentKey } from './audience';

export const RULES = [
  { id: 'user-agent-token-misread', title: 'User-agent value read as another product token', description: 'Crawlers compare only the leading [A-Za-z_-] characters of a User-agent value: here that is not the crawler written (or no token at all), so the group may not apply to the crawler meant.' },
  { id: 'user-agent-token-documented', title: 'A token its operator documents outside the RFC grammar', description: 'The value is a token a crawler\'s operator documents (MJ12bot, AI2Bot, 360Spider): that crawler obeys the line, but RFC 9309\'s grammar and Google\'s parser read only its leading letters, "-" and "_" (or nothing), so parsers that follow them would not apply this group to it.' },
  { id: 'user-agent-token-version', title: 'Ignored text after the product token', description: 'Crawlers compare only the leading [A-Za-z_-] characters of a User-agent value: what follows the token (a version, a final "*", the rest of a User-Agent header) is ignored, and the token is the crawler meant.' },
] as const satisfies readonly RuleDescription<string>[];

/**
 * A User-agent value that is not a clean product token. Crawlers (RFC 9309, Google's parser,
 * this tool) compare only its leading run of letters, `-` and `_`: `Googlebot/2.1` and
 * `Mediapartners-Google*` are the crawlers written (user-agent-token-version: harmless),
 * `AB42bot` is AB, `123Spider` is nothing (user-agent-token-misread). A token its operator
 * documents with digits (`MJ12bot`) governs that crawler all the same, and the finding says
 * how other parsers read it (user-agent-token-documented).
 */
export const check: Check<typeof RULES> = ({ file }) => {
  const findings: Report<typeof RULES>[] = [];
  const kinds = new Map<Report<typeof RULES>, Kind>();
  for (const group of file.groups) {
    for (const agent of group.agents) {
      if (agent.isStar || agent.value === agent.token) continue;
      const span = file.lines[agent.line]?.valueSpan;
      if (!span) continue;
      const reading = read(agent, group);
      // A replacement that names another token than crawlers read gives the group to the
      // crawler meant, and takes it from the token read: the title says so.
      const retargets = reading.replacement !== undefined && tokenKey(productToken(reading.replacement)) !== tokenKey(agent.token);
      const note = retargets ? ` (the group then applies to "${reading.replacement}", not to "${agent.token}")` : reading.fixNote ?? '';
      const fixes: Fix[] = reading.replacement
        ? [
            {
              title: `Replace with "${reading.replacement}"${note}`,
              edits: [{ span, newText: reading.replacement }],
              preferred: reading.id === 'user-agent-token-version' || reading.fixNote === undefined,
              ...(retargets ? { takesEffect: true } : {}),
            },
          ]
        : [];
      const report: Report<typeof RULES> = { id: reading.id, span, message: reading.message, ...(fixes.length > 0 ? { fixes } : {}) };
      findings.push(report);
      kinds.set(report, reading.kind);
    }
  }
  // One finding per kind of mistake: a file that writes one value this way writes many so.
  return fold(file, findings, (report) => kinds.get(report), {
    more: (n, lines) => `The same goes for ${n} more User-agent ${n === 1 ? 'line' : 'lines'} (${lines}).`,
    fixTitle: (n) => `Replace the ${n} values`,
  });
};

/** What is wrong with a value, as one cause for many lines. */
type Kind = 'documented' | 'version' | 'header' | 'header-misread' | 'no-token' | 'digits' | 'star' | 'star-inside' | 'rule-on-line' | 'words';

interface Reading {
  /** Misread: crawlers read another token than the one written (or none); version: the right one, with more after it. */
  readonly id: (typeof RULES)[number]['id'];
  readonly kind: Kind;
  readonly message: string;
  readonly replacement?: string;
  /** Said after the fix title when the fix keeps the meaning rather than restoring the intent. */
  readonly fixNote?: string;
}

const TOKEN_RULE = 'only its leading letters, "-" and "_" count';
/** A rule written after the token on the same line: `AhrefsBot Disallow: /`. */
const RULE_ON_LINE = /\s((?:dis)?allow\s*:.*)$/i;

function read(agent: AgentLine, group: Group): Reading {
  const { value, token } = agent;
  const rest = value.slice(token.length);
  // `Mozilla/5.0 (…)`, `FooBot/1.0 (+https://…)`: a product/version followed by more.
  const header = /^[^\s/]+\/\S*[\s(]/.test(value) || /\(compatible;/i.test(value);
  // The crawler the author most likely meant: the one a full header names, or the one
  // whose catalogue token is the leading run of letters and digits (`MJ12bot`).
  const meant: Crawler | undefined = header ? identifyUserAgent(value) ?? knownToken(resolveAgent(value).token) : knownToken(/^[A-Za-z0-9_-]+/.exec(value)?.[0] ?? '');
  const meantElsewhere = meant !== undefined && tokenKey(meant.token) !== tokenKey(token);

  const documented = documentedCrawlerOf(value);
  if (documented !== undefined) {
    // docs/spec/robots-semantics.md §3: the crawler obeys its documented token; other parsers read less.
    const grammar = token === '' ? 'no product token' : `only "${token}"`;
    return {
      id: 'user-agent-token-documented',
      kind: 'documented',
      message:
        `${documented.operator} documents "${documented.token}" as the token of ${documented.name}, so ${documented.name} obeys this line. ` +
        `RFC 9309's grammar and Google's parser read ${grammar} from it: a parser that follows them would not apply this group to ${documented.name}.`,
    };
  }
  if (token === '') {
    const alone = !group.agents.some((a) => a !== agent && agentKey(a) !== '');
    return {
      id: 'user-agent-token-misread',
      kind: 'no-token',
      message:
        `"${value}" does not start with a letter, "-" or "_": crawlers read no product token from it, so this line names no crawler` +
        (alone ? ' and the rules of this group apply to nobody.' : '.') +
        (meant ? ` ${meant.token} does not use this group.` : ''),
    };
  }
  const rule = RULE_ON_LINE.exec(rest);
  if (rule) {
    // `User-agent: AhrefsBot Disallow: /`: the line breaks of the file were lost.
    return {
      id: 'user-agent-token-misread',
      kind: 'rule-on-line',
      message:
        `"User-agent: ${value}" is one User-agent line, not a User-agent line and a rule: crawlers read only the token "${token}", ` +
        `and "${rule[1]!.trim()}" applies to nobody. Put the rule on a line of its own.`,
    };
  }
  if (header) {
    const suggestion = meant?.token ?? (resolveAgent(value).token || token);
    if (tokenKey(suggestion) === tokenKey(token)) {
      return {
        id: 'user-agent-token-version',
        kind: 'header',
        message: `This is a full User-Agent header, not a product token; crawlers read only "${token}" from it, which is the crawler it names.`,
        replacement: token,
      };
    }
    return {
      id: 'user-agent-token-misread',
      kind: 'header-misread',
      message:
        `This is a full User-Agent header, not a product token: crawlers read only "${token}" from it, ` +
        `so the group does not apply to ${suggestion}${meant ? `, which looks for "${meant.token}"` : ''}.`,
      replacement: suggestion,
    };
  }
  if (meantElsewhere) {
    // `MJ12bot`: the crawler's own token has a digit, which the product-token rule cuts off.
    return {
      id: 'user-agent-token-misread',
      kind: 'digits',
      message:
        `"${value}" is read as the product token "${token}" (${TOKEN_RULE}), which does not name ${meant.token}: ` +
        `under RFC 9309 and Google's parser, ${meant.token} does not use this group.`,
    };
  }
  if (rest.startsWith('/')) {
    return { id: 'user-agent-token-version', kind: 'version', message: `"${value}" is matched as "${token}": the version after "/" is ignored.`, replacement: token };
  }
  if (rest.trim() === '*') {
    // `Mediapartners-Google*`: read up to the `*`, which is the crawler written — as harmless as a version.
    return {
      id: 'user-agent-token-version',
      kind: 'star',
      message: `"${value}" is matched as "${token}": "*" is a wildcard only as the whole value, and here it is ignored.`,
      replacement: token,
    };
  }
  if (rest.includes('*')) {
    return {
      id: 'user-agent-token-misread',
      kind: 'star-inside',
      message: `"${value}" is read as "${token}": "*" is a wildcard only as the whole value; here it and what follows are ignored.`,
      replacement: token,
    };
  }
  return {
    id: 'user-agent-token-misread',
    kind: 'words',
    message: `"${value}" is read as "${token}" (${TOKEN_RULE}): the group applies to crawlers whose token is ${token}, not ${value}.`,
    replacement: token,
    fixNote: ' (what crawlers read)',
  };
}

function knownToken(token: string): Crawler | undefined {
  return token === '' ? undefined : crawlerByToken(token);
}
