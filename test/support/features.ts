/**
 * One `assertX` helper per editor feature, each calling the feature function directly on a
 * parsed inline fixture (no language server in between). A `|` in the fixture marks the
 * cursor. Lines are counted from 1 and columns from 1, as the editor's status bar shows
 * them, so expectations can be checked by eye against the fixture.
 */

import assert from 'node:assert/strict';
import { SymbolKind } from 'vscode-languageserver';
import type { CompletionItem, DocumentSymbol, MarkupContent, Position, Range, SelectionRange } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { ParsedDocument } from '../../server/src/documents';
import { doComplete } from '../../server/src/features/completion';
import { foldingRanges } from '../../server/src/features/folding';
import { doHover } from '../../server/src/features/hover';
import { selectionRanges } from '../../server/src/features/selection';
import { documentSymbols } from '../../server/src/features/symbols';
import { cursorIn } from './cursor';

const URI = 'file:///site/robots.txt';

/** A document parsed the way the server parses an open document's version. */
export function parsedDocument(text: string): ParsedDocument {
  return { uri: URI, version: 1, document: TextDocument.create(URI, 'robots-txt', 1, text), file: parseRobots(text) };
}

function atCursor(marked: string): { parsed: ParsedDocument; position: Position } {
  const { text, offset } = cursorIn(marked);
  const parsed = parsedDocument(text);
  return { parsed, position: parsed.document.positionAt(offset) };
}

function textOf(parsed: ParsedDocument, range: Range): string {
  return parsed.document.getText(range);
}

/** `line:column` of a position, both from 1. */
function at(position: Position): string {
  return `${position.line + 1}:${position.character + 1}`;
}

function span(range: Range): string {
  return `${at(range.start)}-${at(range.end)}`;
}

function contains(text: string, fact: string | RegExp): boolean {
  return typeof fact === 'string' ? text.includes(fact) : fact.test(text);
}

export interface HoverExpect {
  /** The first line of the Markdown: what the hover is about. */
  readonly title: string;
  /** Facts the Markdown states: strings verbatim, patterns matched. */
  readonly says: readonly (string | RegExp)[];
  /** Facts it must not state. */
  readonly never?: readonly (string | RegExp)[];
  /** The text the hover range covers (the key or value under the cursor); null for no range. */
  readonly range: string | null;
}

/**
 * The hover at the `|` cursor: its title line, the facts it states, and what its range
 * covers; `null` asserts no hover. `replay` gives replayed request counts by line (from 1).
 */
export function assertHover(marked: string, expected: HoverExpect | null, replay: Readonly<Record<number, number>> = {}): void {
  const { parsed, position } = atCursor(marked);
  const hover = doHover(parsed, position, (line) => replay[line + 1]);
  if (expected === null) {
    assert.equal(hover, null, `expected no hover; got:\n${hover ? (hover.contents as MarkupContent).value : ''}`);
    return;
  }
  assert.ok(hover, 'expected a hover');
  const markdown = (hover.contents as MarkupContent).value;
  assert.equal(markdown.split('\n')[0], expected.title, markdown);
  for (const fact of expected.says) assert.ok(contains(markdown, fact), `the hover does not say ${fact}:\n${markdown}`);
  for (const fact of expected.never ?? []) assert.ok(!contains(markdown, fact), `the hover says ${fact}:\n${markdown}`);
  assert.equal(hover.range ? textOf(parsed, hover.range) : null, expected.range, 'the hover range');
}

export interface CompletionExpect {
  /** The labels in the order the editor lists them before the user filters (by sort text). */
  readonly labels: readonly string[];
  /** `labels` are only the first of a longer list (the crawler catalogue). */
  readonly andMore?: boolean;
  /** Labels that must not be offered. */
  readonly absent?: readonly string[];
  /** The detail shown beside these labels. */
  readonly details?: Readonly<Record<string, string>>;
  /** The documentation of these labels states this. */
  readonly documentation?: Readonly<Record<string, string | RegExp>>;
  /**
   * Accepting the item `label` turns the fixture into `after`; `suggestsAgain` says
   * whether the editor is asked to open the suggestions once more (for the value).
   */
  readonly accept?: { readonly label: string; readonly after: string; readonly suggestsAgain: boolean };
}

/** The completion at the `|` cursor; `null` asserts that nothing is offered. */
export function assertCompletion(marked: string, expected: CompletionExpect | null): void {
  const { parsed, position } = atCursor(marked);
  const list = doComplete(parsed, position);
  if (expected === null) {
    assert.equal(list, null, `expected no completion; got ${list?.items.map((item) => item.label).join(', ')}`);
    return;
  }
  assert.ok(list, 'expected a completion list');
  const items = [...list.items].sort((a, b) => compare(a.sortText ?? a.label, b.sortText ?? b.label));
  const labels = items.map((item) => item.label);
  assert.deepEqual(expected.andMore ? labels.slice(0, expected.labels.length) : labels, expected.labels);
  if (expected.andMore) assert.ok(labels.length > expected.labels.length, 'a longer list');
  for (const label of expected.absent ?? []) assert.ok(!labels.includes(label), `${label} is offered`);
  const item = (label: string): CompletionItem => {
    const found = items.find((i) => i.label === label);
    assert.ok(found, `${label} is not offered`);
    return found;
  };
  for (const [label, detail] of Object.entries(expected.details ?? {})) assert.equal(item(label).detail, detail, `detail of ${label}`);
  for (const [label, fact] of Object.entries(expected.documentation ?? {})) {
    const documentation = item(label).documentation;
    const text = typeof documentation === 'string' ? documentation : (documentation?.value ?? '');
    assert.ok(contains(text, fact), `the documentation of ${label} does not say ${fact}:\n${text}`);
  }
  if (expected.accept) {
    const accepted = item(expected.accept.label);
    const edit = accepted.textEdit;
    assert.ok(edit && 'range' in edit, `${expected.accept.label} carries a text edit`);
    assert.equal(TextDocument.applyEdits(parsed.document, [edit]), expected.accept.after, `accepting ${expected.accept.label}`);
    assert.equal(accepted.command?.command === 'editor.action.triggerSuggest', expected.accept.suggestsAgain, 'suggests again');
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const SYMBOL_KINDS = new Map<number, string>(Object.entries(SymbolKind).map(([name, kind]) => [kind, name]));

/**
 * The document symbols of `text`, one string each, children indented by two spaces:
 * `Kind name (detail) range`, and `selects range` when the name's range is narrower.
 */
export function assertSymbols(text: string, expected: readonly string[]): void {
  const out: string[] = [];
  const render = (symbol: DocumentSymbol, depth: number): void => {
    const detail = symbol.detail ? ` (${symbol.detail})` : '';
    const selects = span(symbol.selectionRange) === span(symbol.range) ? '' : ` selects ${span(symbol.selectionRange)}`;
    out.push(`${'  '.repeat(depth)}${SYMBOL_KINDS.get(symbol.kind)} ${symbol.name}${detail} ${span(symbol.range)}${selects}`);
    for (const child of symbol.children ?? []) render(child, depth + 1);
  };
  for (const symbol of documentSymbols(parsedDocument(text))) render(symbol, 0);
  assert.deepEqual(out, expected);
}

/** The folding ranges of `text` in order: `first-last` lines, with ` comment` for comment blocks. */
export function assertFolding(text: string, expected: readonly string[]): void {
  const ranges = foldingRanges(parsedDocument(text));
  assert.deepEqual(
    ranges.map((r) => `${r.startLine + 1}-${r.endLine + 1}${r.kind ? ` ${r.kind}` : ''}`),
    expected,
  );
}

/** The expand-selection chain at the `|` cursor, innermost first, as the texts selected. */
export function assertSelection(marked: string, expected: readonly string[]): void {
  const { parsed, position } = atCursor(marked);
  const [range, ...others] = selectionRanges(parsed, [position]);
  assert.equal(others.length, 0, 'one chain per position');
  const chain: string[] = [];
  for (let step: SelectionRange | undefined = range; step; step = step.parent) {
    chain.push(textOf(parsed, step.range));
    if (step.parent) assert.ok(encloses(parsed, step.parent.range, step.range), `${span(step.parent.range)} encloses ${span(step.range)}`);
  }
  assert.deepEqual(chain, expected);
}

/** Whether `outer` contains `inner` and is larger: each expand-selection step must grow. */
function encloses(parsed: ParsedDocument, outer: Range, inner: Range): boolean {
  const offset = (position: Position): number => parsed.document.offsetAt(position);
  const [os, oe, is, ie] = [offset(outer.start), offset(outer.end), offset(inner.start), offset(inner.end)];
  return os <= is && ie <= oe && oe - os > ie - is;
}
