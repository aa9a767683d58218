/**
 * The open robots.txt documents, each parsed once per version (docs/architecture.md, "Parse once") and
 * linted once per version and settings; every feature receives the same `RobotsFile`.
 * Replay counts sent by the client are kept here too, tied to the version they describe.
 */

import { TextDocuments } from 'vscode-languageserver';
import type { TextDocumentsConfiguration } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';
import type { Finding, LintId, SeveritySetting } from '@robots-lens/editor/lint';
import type { Line, RobotsFile } from '@robots-lens/kernel/parse';
import { DocumentState } from './document-state';
import type { ReplayCount } from './protocol';
import type { Log } from './run-safe';

export type LintSeverities = Partial<Record<LintId, SeveritySetting>>;

export interface ParsedDocument {
  readonly uri: string;
  readonly version: number;
  /** The LSP document: the only place offsets become lines and columns. */
  readonly document: TextDocument;
  readonly file: RobotsFile;
}

interface CacheEntry {
  readonly parsed: ParsedDocument;
  findings?: { readonly generation: number; readonly list: readonly Finding[] };
}

interface ReplayEntry {
  /** The document version the counts were computed for; null until the document is seen. */
  version: number | null;
  readonly requests: ReadonlyMap<number, number>;
}

export class RobotsDocuments {
  /** The synced text documents (incremental sync). */
  readonly documents = new TextDocuments(CLAMPED_EDITS);
  private readonly cache = new Map<string, CacheEntry>();
  /** Counts are kept for open documents (and a few about to open), never for every URI ever named. */
  private readonly replay = new DocumentState<ReplayEntry>((uri) => this.documents.get(uri) !== undefined);
  private severities: LintSeverities = {};
  private generation = 0;

  constructor(private readonly log: Log) {}

  /** The parsed current version of an open document; parses only when the version is new. */
  get(uri: string): ParsedDocument | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const cached = this.cache.get(uri);
    if (cached && cached.parsed.version === document.version) return cached.parsed;
    const parsed: ParsedDocument = { uri, version: document.version, document, file: parseRobots(document.getText()) };
    this.cache.set(uri, { parsed });
    return parsed;
  }

  /** The lint findings of a parsed version under the current settings, computed once. */
  findings(parsed: ParsedDocument): readonly Finding[] {
    const entry = this.cache.get(parsed.uri);
    if (!entry || entry.parsed !== parsed) return this.lint(parsed);
    if (!entry.findings || entry.findings.generation !== this.generation) {
      entry.findings = { generation: this.generation, list: this.lint(parsed) };
    }
    return entry.findings.list;
  }

  /** New severities invalidate every cached lint result. */
  setSeverities(severities: LintSeverities): void {
    this.severities = severities;
    this.generation++;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.replay.delete(uri);
  }

  setReplayCounts(uri: string, counts: readonly ReplayCount[]): void {
    if (typeof uri !== 'string') return;
    if (counts.length === 0) {
      this.replay.delete(uri);
      return;
    }
    const requests = new Map<number, number>();
    for (const count of counts) {
      // The client is trusted for shapes, but a malformed entry is skipped, never a crash.
      if (typeof count !== 'object' || count === null) continue;
      const { line, requests: n } = count;
      if (Number.isInteger(line) && line >= 0 && Number.isFinite(n)) requests.set(line, (requests.get(line) ?? 0) + n);
    }
    this.replay.set(uri, { version: this.documents.get(uri)?.version ?? null, requests });
  }

  /**
   * How many replayed requests the rule on `line` decided, when counts exist for this very
   * version: after an edit, line numbers may point at other rules, so stale counts are hidden.
   */
  replayCount(parsed: ParsedDocument, line: number): number | undefined {
    const entry = this.replay.get(parsed.uri);
    if (!entry) return undefined;
    entry.version ??= parsed.version;
    return entry.version === parsed.version ? entry.requests.get(line) ?? 0 : undefined;
  }

  private lint(parsed: ParsedDocument): readonly Finding[] {
    return lint(parsed.file, {
      severities: this.severities,
      onCheckError: (error) => this.log(`A lint check failed on ${parsed.uri}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`),
    });
  }
}

/**
 * Documents whose edits are clamped to the text first. The text document library applies a
 * range past the end (or before the start) to the text correctly but not to its line index,
 * and every position computed afterwards is wrong (line 1,000,000, character null). Edits
 * are applied one at a time, since each change's range speaks of the text the previous
 * change left.
 */
const CLAMPED_EDITS: TextDocumentsConfiguration<TextDocument> = {
  create: (uri, languageId, version, content) => TextDocument.create(uri, languageId, version, content),
  update: (document, changes, version) => {
    let updated = document;
    for (const change of changes) updated = TextDocument.update(updated, [clampedChange(updated, change)], version);
    return changes.length === 0 ? TextDocument.update(document, [], version) : updated;
  },
};

function clampedChange(document: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent {
  if (!('range' in change)) return change;
  const clamp = (position: Range['start']): Range['start'] => document.positionAt(document.offsetAt(position));
  return { range: { start: clamp(change.range.start), end: clamp(change.range.end) }, text: change.text };
}

/** The line containing `offset` (a line's break belongs to it). Undefined for an empty model. */
export function lineAt(file: RobotsFile, offset: number): Line | undefined {
  const lines = file.lines;
  let lo = 0;
  let hi = lines.length - 1;
  if (hi < 0) return undefined;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lines[lo];
}

/** True when `offset` lies within `[start, end]` (an end-of-span cursor counts). */
export function within(span: { readonly start: number; readonly end: number } | undefined, offset: number): boolean {
  return span !== undefined && offset >= span.start && offset <= span.end;
}
