/**
 * Completion: directive keys at the start of a line, crawler tokens after `User-agent:`,
 * and common patterns plus the file's own paths after `Allow:`/`Disallow:`.
 */

import { CompletionItemKind, InsertTextFormat, MarkupKind } from 'vscode-languageserver';
import type { CompletionItem, CompletionList, Position, Range } from 'vscode-languageserver';
import { chainText, describeDirective, DIRECTIVE_KEYS, explainPattern, purposesText } from '@robots-lens/editor/explain';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { readKey } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import { lineAt } from '../documents';
import type { ParsedDocument } from '../documents';

const COMMON_PATTERNS: ReadonlyArray<readonly [pattern: string, what: string]> = [
  ['/', 'the whole site'],
  ['/*.pdf$', 'every PDF file'],
  ['/*?', 'every URL with a query string'],
  ['/*.php$', 'every .php URL without a query string'],
  ['/search', 'site search pages'],
];

export function doComplete(parsed: ParsedDocument, position: Position): CompletionList | null {
  const { document, file } = parsed;
  if (position.line < 0 || position.line >= document.lineCount) return null;
  const offset = document.offsetAt(position);
  const line = lineAt(file, offset);
  if (!line || offset > line.end) return null;
  if (line.comment && offset > line.comment.start) return null;

  const before = file.text.slice(line.start, offset);
  const colon = before.indexOf(':');
  const toRange = (from: number): Range => ({ start: document.positionAt(from), end: position });
  if (colon < 0) {
    // After a complete word and a space (`Disallow /x`, prose) there is no key left to complete.
    if (/\S\s/.test(before)) return null;
    const keyStart = line.start + (before.length - before.trimStart().length);
    // A colon already after the cursor (`Dis|: /x`) must not be typed twice.
    const rest = file.text.slice(offset, line.comment ? line.comment.start : line.end);
    return { isIncomplete: false, items: keyItems(toRange(keyStart), rest.includes(':')) };
  }
  const key = before.slice(0, colon).trim();
  const directive = readKey(key)?.directive ?? key.toLowerCase();
  const afterColon = line.start + colon + 1;
  const valueText = file.text.slice(afterColon, offset);
  const valueStart = afterColon + (valueText.length - valueText.trimStart().length);
  const range = toRange(valueStart);
  switch (directive) {
    case 'user-agent':
      return { isIncomplete: false, items: agentItems(range) };
    case 'allow':
    case 'disallow':
      return { isIncomplete: false, items: pathItems(file, line.index, range) };
    default:
      return null;
  }
}

function keyItems(range: Range, hasColon: boolean): CompletionItem[] {
  return DIRECTIVE_KEYS.map((directive, i): CompletionItem => {
    const doc = describeDirective(directive)!;
    return {
      label: doc.name,
      kind: CompletionItemKind.Keyword,
      detail: doc.standard ? 'RFC 9309' : 'not in RFC 9309',
      documentation: { kind: MarkupKind.Markdown, value: `${doc.summary}\n\n${doc.nuance}` },
      sortText: String(i).padStart(2, '0'),
      textEdit: { range, newText: hasColon ? doc.name : `${doc.name}: ` },
      insertTextFormat: InsertTextFormat.PlainText,
      // Typing the value right away is what comes next.
      ...(hasColon ? {} : { command: { title: 'Suggest', command: 'editor.action.triggerSuggest' } }),
    };
  });
}

function agentItems(range: Range): CompletionItem[] {
  const items: CompletionItem[] = [
    {
      label: '*',
      kind: CompletionItemKind.Value,
      detail: 'every crawler without a group of its own',
      sortText: '0000',
      textEdit: { range, newText: '*' },
    },
  ];
  CRAWLERS.forEach((crawler, i) => {
    items.push({
      label: crawler.token,
      kind: CompletionItemKind.Value,
      detail: `${purposesText(crawler.purposes)} · ${crawler.operator}`,
      documentation: {
        kind: MarkupKind.Markdown,
        value: `**${crawler.name}** — ${crawler.description}\n\nLooks for \`${chainText(crawler.chain)}\`.`,
      },
      // Well-known crawlers first, then catalogue order.
      sortText: `${crawler.wellKnown ? '1' : '2'}${String(i).padStart(3, '0')}`,
      textEdit: { range, newText: crawler.token },
    });
  });
  return items;
}

function pathItems(file: RobotsFile, currentLine: number, range: Range): CompletionItem[] {
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (pattern: string, detail: string, sortText: string): void => {
    if (seen.has(pattern)) return;
    seen.add(pattern);
    items.push({
      label: pattern,
      kind: CompletionItemKind.Value,
      detail,
      documentation: { kind: MarkupKind.Markdown, value: explainPattern(pattern).summary },
      sortText,
      textEdit: { range, newText: pattern },
    });
  };
  COMMON_PATTERNS.forEach(([pattern, what], i) => add(pattern, what, `1${String(i).padStart(4, '0')}`));
  let n = 0;
  const used = (rules: readonly { readonly line: number; readonly pattern: string }[]): void => {
    for (const rule of rules) {
      if (rule.line === currentLine || rule.pattern === '') continue;
      add(rule.pattern, `used on line ${rule.line + 1}`, `2${String(n++).padStart(4, '0')}`);
    }
  };
  used(file.orphanRules);
  for (const group of file.groups) used(group.rules);
  return items;
}
