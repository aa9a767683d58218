/**
 * Document symbols: each group named by its agents, with its rules as children; sitemaps
 * and rules outside any group at the top level, in file order.
 */

import { SymbolKind } from 'vscode-languageserver';
import type { DocumentSymbol, Range } from 'vscode-languageserver';
import { CANONICAL_KEY } from '@robots-lens/kernel/parse';
import { analyzeRules } from '@robots-lens/editor/lint';
import { plural } from '@robots-lens/kernel/words';
import type { Rule } from '@robots-lens/kernel/parse';
import type { ParsedDocument } from '../documents';

export function documentSymbols(parsed: ParsedDocument): DocumentSymbol[] {
  const { document, file } = parsed;
  const lineRange = (first: number, last = first): Range => ({
    start: document.positionAt(file.lines[first]?.start ?? 0),
    end: document.positionAt(file.lines[last]?.end ?? 0),
  });
  const analysis = analyzeRules(file);
  const ruleSymbol = (rule: Rule, detail: string): DocumentSymbol => {
    const status = analysis.byLine.get(rule.line);
    const state = status?.shadowedBy ? 'shadowed' : status?.redundant ? 'redundant' : '';
    const range = lineRange(rule.line);
    return {
      name: `${CANONICAL_KEY[rule.kind]}: ${rule.pattern}`,
      detail: [detail, state].filter((s) => s !== '').join(' · '),
      kind: rule.kind === 'allow' ? SymbolKind.Boolean : SymbolKind.Property,
      range,
      selectionRange: range,
    };
  };

  const symbols: Array<{ line: number; symbol: DocumentSymbol }> = [];
  for (const group of file.groups) {
    const first = group.agents[0];
    const agents = group.agents.map((agent) => (agent.value === '' ? '(empty)' : agent.value));
    symbols.push({
      line: group.firstLine,
      symbol: {
        name: agents.join(', ') || '(no agent)',
        detail: plural(group.rules.length, 'rule'),
        kind: SymbolKind.Namespace,
        range: lineRange(group.firstLine, group.lastLine),
        selectionRange: lineRange(first ? first.line : group.firstLine),
        children: group.rules.map((rule) => ruleSymbol(rule, '')),
      },
    });
  }
  for (const rule of file.orphanRules) symbols.push({ line: rule.line, symbol: ruleSymbol(rule, 'outside any group: ignored') });
  for (const sitemap of file.sitemaps) {
    const range = lineRange(sitemap.line);
    symbols.push({ line: sitemap.line, symbol: { name: `Sitemap: ${sitemap.url}`, kind: SymbolKind.File, range, selectionRange: range } });
  }
  return symbols.sort((a, b) => a.line - b.line).map((entry) => entry.symbol);
}
