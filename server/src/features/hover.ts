/**
 * Hover: on a rule, what it matches (in words and by verified example), who uses its
 * group, whether it is dead and why, and replay counts; on a `User-agent` line, the
 * crawler facts; on a directive key, what it does. The content comes from `core/explain`;
 * this file only lays it out as Markdown.
 */

import { MarkupKind } from 'vscode-languageserver';
import type { Hover, Position } from 'vscode-languageserver';
import { analyzeRules } from '@robots-lens/editor/lint';
import { CANONICAL_KEY, readKey } from '@robots-lens/kernel/parse';
import { chainText, codeSpan, crawlDelayText, describeDirective, explainPattern, groupAudience, patternExamples, purposesText, readAgentValue } from '@robots-lens/editor/explain';
import { countOf, plural, pluralNoun } from '@robots-lens/kernel/words';
import type { Crawler } from '@robots-lens/kernel/crawlers';
import type { GroupAudience } from '@robots-lens/editor/explain';
import type { Line, RobotsFile, Rule, Span } from '@robots-lens/kernel/parse';
import { lineAt, within } from '../documents';
import { groupEffect } from './group-effect';
import { preferenceHover } from './preference-hover';
import type { ParsedDocument } from '../documents';

/** How many replayed requests the rule on a line decided, when the client has sent counts. */
export type ReplayLookup = (line: number) => number | undefined;

export function doHover(parsed: ParsedDocument, position: Position, replay: ReplayLookup): Hover | null {
  const { document, file } = parsed;
  if (position.line < 0 || position.line >= document.lineCount || position.character < 0) return null;
  const offset = document.offsetAt(position);
  const line = lineAt(file, offset);
  if (!line || offset > line.end) return null;
  if (line.comment && offset > line.comment.start) return null;

  let markdown: string | undefined;
  let span: Span | undefined;
  if (line.key !== undefined && within(line.keySpan, offset)) {
    markdown = directiveHover(line);
    span = line.keySpan;
  } else if (line.kind === 'allow' || line.kind === 'disallow') {
    const rule = ruleOn(file, line);
    if (rule) markdown = ruleHover(file, rule, replay(rule.line));
    span = line.valueSpan;
  } else if (line.kind === 'user-agent') {
    markdown = agentHover(file, line);
    span = line.valueSpan;
  } else if (line.key !== undefined) {
    markdown = directiveHover(line);
    span = line.valueSpan;
  }
  if (markdown === undefined) return null;
  const preferences = preferenceHover(file, line);
  if (preferences !== undefined) markdown += `\n\n${preferences}`;
  const range = span && span.end > span.start ? { start: document.positionAt(span.start), end: document.positionAt(span.end) } : undefined;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, ...(range ? { range } : {}) };
}

function ruleOn(file: RobotsFile, line: Line): Rule | undefined {
  const rules = line.group !== undefined ? file.groups[line.group]?.rules : file.orphanRules;
  return rules?.find((rule) => rule.line === line.index);
}

function ruleHover(file: RobotsFile, rule: Rule, requests: number | undefined): string {
  const key = CANONICAL_KEY[rule.kind];
  const meaning = explainPattern(rule.pattern, rule.kind);
  const out: string[] = [`**${key}** ${code(rule.pattern === '' ? '(empty)' : rule.pattern)} — line ${rule.line + 1}`, '', meaning.summary];

  const examples = patternExamples(rule.pattern, rule.kind);
  const exampleLines: string[] = [];
  if (examples.matching.length > 0) exampleLines.push(`**Matches:** ${examples.matching.map(code).join(' · ')}`);
  if (examples.notMatching.length > 0) exampleLines.push(`**Does not match:** ${examples.notMatching.map(code).join(' · ')}`);
  if (exampleLines.length > 0) out.push('', exampleLines.join('  \n'));
  if (!meaning.matchesNothing) {
    out.push('', `**Normalised:** ${code(meaning.normalized)} — ${plural(meaning.octets, 'octet')} (the longest matching rule decides; on a tie Allow wins)`);
  }

  if (rule.group < 0) {
    out.push('', '**No crawler obeys this rule:** it comes before any `User-agent` line.');
  } else {
    out.push('', usedByText(groupAudience(file, rule.group)) + mergedText(file, rule.group));
    const status = analyzeRules(file).byLine.get(rule.line);
    if (status?.shadowedBy) {
      const by = status.shadowedBy;
      out.push('', `**Shadowed:** never decides any URL — line ${by.line + 1} ${code(`${CANONICAL_KEY[by.kind]}: ${by.pattern}`)} matches every URL this rule matches and wins.`);
    } else if (status?.redundant) {
      const fallback = status.redundant.fallback;
      out.push(
        '',
        fallback
          ? `**Redundant:** removing it changes no verdict — line ${fallback.line + 1} ${code(`${CANONICAL_KEY[fallback.kind]}: ${fallback.pattern}`)} would decide the same URLs the same way.`
          : '**Redundant:** removing it changes no verdict — no Disallow competes for the URLs it matches, and URLs no rule matches are allowed anyway.',
      );
    }
  }

  if (meaning.notes.length > 0) out.push('', meaning.notes.map((note) => `- ${note}`).join('\n'));
  if (requests !== undefined) {
    out.push('', `**Replay:** decided ${countOf(requests, 'replayed request')}.`);
  }
  return out.join('\n');
}

/** Crawlers named at most this many times per category before "and N more". */
const MAX_NAMES = 10;

function usedByText(audience: GroupAudience): string {
  const own = audience.crawlers.filter((user) => user.via === 'own-token').map((user) => user.crawler.token);
  const fallback = audience.crawlers.filter((user) => user.via === 'fallback');
  const star = audience.crawlers.filter((user) => user.via === 'star').map((user) => user.crawler.token);
  const parts: string[] = [];
  if (own.length > 0) parts.push(names(own));
  if (audience.otherTokens.length > 0) parts.push(`${names(audience.otherTokens)} (not in the catalogue)`);
  if (fallback.length > 0) {
    const byToken = new Map<string, string[]>();
    for (const user of fallback) byToken.set(user.token, [...(byToken.get(user.token) ?? []), user.crawler.token]);
    for (const [token, crawlers] of byToken) parts.push(`${names(crawlers)} (by fallback to ${token}, having no group of their own)`);
  }
  if (audience.everyOtherCrawler) {
    parts.push(
      star.length > 0
        ? `every crawler without a group of its own, such as ${names(star)}`
        : 'every crawler without a group of its own',
    );
  }
  let text = parts.length > 0 ? `**Used by:** ${parts.join('; ')}.` : '**Used by:** no crawler — no catalogue crawler selects this group.';
  if (audience.linesWithoutToken.length > 0) {
    text += `  \n${pluralNoun(audience.linesWithoutToken.length, 'Line')} ${audience.linesWithoutToken.map((l) => l + 1).join(', ')} name${audience.linesWithoutToken.length === 1 ? 's' : ''} no product token and govern${audience.linesWithoutToken.length === 1 ? 's' : ''} nobody.`;
  }
  return text;
}

/** Groups naming the same token are pooled (RFC 9309); say which, since it is easy to miss. */
function mergedText(file: RobotsFile, group: number): string {
  const others = new Set<number>();
  for (const groups of file.groupsByToken.values()) {
    if (groups.includes(group)) for (const g of groups) if (g !== group) others.add(g);
  }
  if (others.size === 0) return '';
  const lines = [...others].sort((a, b) => a - b).map((g) => (file.groups[g]?.firstLine ?? 0) + 1);
  return `  \nIts rules are pooled with the ${pluralNoun(lines.length, 'group')} at ${pluralNoun(lines.length, 'line')} ${lines.join(', ')}, which name${lines.length === 1 ? 's' : ''} the same crawler.`;
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, MAX_NAMES).map(plainText).join(', ');
  return list.length > MAX_NAMES ? `${shown} and ${list.length - MAX_NAMES} more` : shown;
}

/**
 * On a User-agent line: first one line that answers (who the crawler is, what its group does),
 * then, below a rule, how the value is read, the crawler's facts and who else uses the group.
 * A hover box is short: the answer must not wait behind the facts.
 */
function agentHover(file: RobotsFile, line: Line): string {
  const reading = readAgentValue(line.value);
  const crawler = reading.crawler ?? reading.missed;
  const effect = groupEffect(file, line);
  const headline = [agentIdentity(reading), ...(effect !== undefined && reading.token !== '' ? [effect] : [])].join(' ');
  const out: string[] = [headline, '', '---', '', `**User-agent** ${code(line.value === '' ? '(empty)' : line.value)}${reading.differs && reading.token !== '' && !reading.isStar ? ` — read as ${code(reading.token)}` : ''}`, '', reading.reading];
  if (crawler) {
    if (!reading.crawler) out.push('', `You may mean **${crawler.name}**:`);
    out.push('', crawlerFacts(crawler, { named: reading.crawler !== undefined }));
  } else if (!reading.isStar && reading.token !== '') {
    out.push('', `${code(reading.token)} is not in the crawler catalogue: a crawler sending this token uses this group, else \`*\`.`);
  }
  if (line.group !== undefined) {
    out.push('', usedByText(groupAudience(file, line.group)).replace('**Used by:**', '**This group is used by:**') + mergedText(file, line.group));
  }
  return out.join('\n');
}

/** Who the line names, in a few words: the catalogue's crawler, the fallback, or a token it does not know. */
function agentIdentity(reading: ReturnType<typeof readAgentValue>): string {
  if (reading.isStar) return `${code('*')} — the fallback: every crawler without a group of its own.`;
  if (reading.token === '') return 'No product token: this line governs nobody.';
  if (reading.crawler) return `${crawlerIdentity(reading.crawler)}${reading.differs ? ` (read as ${code(reading.token)})` : ''}.`;
  const missed = reading.missed ? `; ${plainText(reading.missed.name)} does not obey this line` : '';
  return `${code(reading.token)}${reading.differs ? ' (the token read)' : ''} — not in the crawler catalogue${missed}.`;
}

function crawlerIdentity(crawler: Crawler): string {
  return `**${plainText(crawler.name)}** — ${plainText(crawler.operator)}, ${purposesText(crawler.purposes)}`;
}

/** The catalogue's facts; `named`: the first line already says who it is, so the facts do not again. */
function crawlerFacts(crawler: Crawler, { named }: { named: boolean }): string {
  const facts = [
    ...(named ? [] : [crawlerIdentity(crawler), '']),
    plainText(crawler.description),
    '',
    `- **Looks for:** ${code(chainText(crawler.chain))} — the first token that names a group selects it${crawler.ignoresStar ? '; it ignores the `*` group' : ''}`,
    `- **Honours robots.txt:** ${robotsTxtFact(crawler)}`,
    ...(crawler.userInitiated ? ['- **User-initiated:** it fetches a page when a person asks it to, not on a crawl schedule'] : []),
    ...(crawler.retired !== null ? [`- **Retired:** replaced by ${code(crawler.retired)}${quoted(crawler.retiredEvidence)}`] : []),
    `- **Crawl-delay:** ${crawlDelayFact(crawler)}`,
    `- **Verification:** ${plainText(crawler.verification.method)}`,
  ];
  if (crawler.notes) facts.push(`- **Note:** ${plainText(crawler.notes)}`);
  facts.push(`- **Facts checked:** ${crawler.checked}`);
  return facts.join('\n');
}

const RESPECT: Readonly<Record<Crawler['honoursRobotsTxt'], string>> = {
  yes: 'yes',
  no: 'no',
  partly: 'partly',
  unknown: 'unknown: nobody documents it',
};

/** Whether the crawler follows robots.txt, with the words that say so and where they were read. */
function robotsTxtFact(crawler: Crawler): string {
  const evidence = crawler.honoursRobotsTxtEvidence;
  return (evidence !== null && crawler.honoursRobotsTxt === 'unknown' ? 'unknown' : RESPECT[crawler.honoursRobotsTxt]) + quoted(evidence);
}

function quoted(evidence: Crawler['honoursRobotsTxtEvidence']): string {
  return evidence === null ? '' : ` — “${plainText(evidence.words)}” (${plainText(evidence.source)})`;
}

/** Support and evidence, said once: a note that starts by saying the support ("Not documented in…") stands alone. */
function crawlDelayFact(crawler: Crawler): string {
  const support = crawlDelayText(crawler.crawlDelay);
  const note = crawler.crawlDelayNote;
  const said = note.toLowerCase().startsWith(support.toLowerCase()) ? `${support}${note.slice(support.length)}` : `${support} — ${note}`;
  return plainText(said);
}

function directiveHover(line: Line): string | undefined {
  if (line.key === undefined || line.directive === undefined) return undefined;
  const doc = describeDirective(line.directive);
  const out: string[] = [];
  if (doc) {
    out.push(`**${doc.name}**${doc.standard ? ' — RFC 9309' : ' — not in RFC 9309'}`, '', doc.summary, '', doc.nuance);
  } else {
    out.push(`**${plainText(line.key)}** — not a directive crawlers know`, '', 'Crawlers ignore lines whose key they do not know.');
  }
  const reading = readKey(line.key);
  if (reading && reading.spelling !== 'exact') {
    out.push('', `Google reads ${code(line.key)} as ${code(CANONICAL_KEY[reading.directive])}${reading.spelling === 'prefix' ? ' (a key that starts with a known key)' : ' (a misspelling it accepts)'}; other crawlers ignore this line.`);
  }
  if (line.missingColon && reading) {
    out.push('', 'Google accepts this line without a colon; other crawlers ignore it.');
  }
  return out.join('\n');
}

/**
 * Data shown as text: the catalogue's facts and the tokens of the file are not Markdown, so
 * `crawl-*.googlebot.com` keeps its asterisk instead of turning the rest into italics.
 */
function plainText(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|~&!]/g, (c) => `\\${c}`);
}

/** An inline code span that no backticks in the text can close: rule text is remote content, never Markdown. */
function code(text: string): string {
  return codeSpan(text);
}
