/**
 * Lint findings as LSP diagnostics, and the settings that tune them. Publishing follows
 * the user's typing with a short debounce, but an opened document is published at once.
 */

import { DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver';
import type { Diagnostic, DiagnosticRelatedInformation, PublishDiagnosticsParams } from 'vscode-languageserver';
import { isLintId } from '@robots-lens/editor/lint';
import type { Finding, Severity, SeveritySetting } from '@robots-lens/editor/lint';
import type { LintSeverities, ParsedDocument, RobotsDocuments } from '../documents';
import { runSafeVoid } from '../run-safe';
import type { Log } from '../run-safe';

export const DIAGNOSTIC_SOURCE = 'robots.txt Lens';

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * Related locations shown one by one; the rest are folded into one more entry that counts them and
 * names their lines. The editor's hover lists every related location above the hover text, so 19
 * "Does not apply to Googlebot." lines would push the crawler facts of a User-agent line out of
 * sight; the finding itself (CLI, SARIF) keeps them all.
 */
const RELATED_SHOWN = 3;

/** The finding's offsets become a range here, at the LSP edge. */
export function toDiagnostic(parsed: ParsedDocument, finding: Finding): Diagnostic {
  const { document, uri } = parsed;
  const diagnostic: Diagnostic = {
    range: { start: document.positionAt(finding.span.start), end: document.positionAt(finding.span.end) },
    severity: SEVERITY[finding.severity],
    code: finding.id,
    source: DIAGNOSTIC_SOURCE,
    message: finding.message,
  };
  if (finding.related && finding.related.length > 0) {
    const entries = finding.related.map(
      (related): DiagnosticRelatedInformation => ({
        location: { uri, range: { start: document.positionAt(related.span.start), end: document.positionAt(related.span.end) } },
        message: related.message,
      }),
    );
    diagnostic.relatedInformation = entries.length > RELATED_SHOWN + 1 ? foldRelated(entries) : entries;
  }
  if (finding.unnecessary) diagnostic.tags = [DiagnosticTag.Unnecessary];
  return diagnostic;
}

/** The first few entries, then one at the next location that counts the rest and names their lines. */
function foldRelated(entries: readonly DiagnosticRelatedInformation[]): DiagnosticRelatedInformation[] {
  const shown = entries.slice(0, RELATED_SHOWN);
  const rest = entries.slice(RELATED_SHOWN);
  const lines = rest.map((entry) => entry.location.range.start.line + 1).join(', ');
  const alike = rest.every((entry) => entry.message === rest[0]!.message);
  const message = alike ? `${rest.length} more lines (${lines}): ${rest[0]!.message}` : `${rest.length} more lines: ${lines}.`;
  return [...shown, { location: rest[0]!.location, message }];
}

export function toDiagnostics(parsed: ParsedDocument, findings: readonly Finding[]): Diagnostic[] {
  return findings.map((finding) => toDiagnostic(parsed, finding));
}

const SETTING_VALUES: Readonly<Record<string, SeveritySetting>> = {
  off: 'off',
  hint: 'hint',
  info: 'information',
  information: 'information',
  warning: 'warning',
  error: 'error',
};

/**
 * Reads `robotsLens.lint.<id>` (`off|hint|info|warning|error`) from the `robotsLens`
 * settings section. Unknown ids and values are reported and ignored, never fatal.
 */
export function readLintSeverities(section: unknown, log: Log): LintSeverities {
  const severities: LintSeverities = {};
  if (!isRecord(section)) return severities;
  const entries: Array<[string, unknown]> = [];
  if (isRecord(section.lint)) entries.push(...Object.entries(section.lint));
  // A client may also send the flattened form `{ "lint.shadowed-rule": "off" }`.
  for (const [key, value] of Object.entries(section)) if (key.startsWith('lint.')) entries.push([key.slice(5), value]);
  for (const [id, value] of entries) {
    const setting = typeof value === 'string' ? SETTING_VALUES[value.toLowerCase()] : undefined;
    if (!isLintId(id)) log(`robotsLens.lint.${id}: there is no lint rule "${id}"; the setting is ignored.`);
    else if (setting === undefined) log(`robotsLens.lint.${id}: "${String(value)}" is not one of off, hint, info, warning, error; the default is kept.`);
    else severities[id] = setting;
  }
  return severities;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Publishes diagnostics: at once for an opened document, debounced while typing. */
export class DiagnosticsPublisher {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The version last published or scheduled, so the change event of an open is not published twice. */
  private readonly scheduled = new Map<string, number>();
  /** Diagnostics beside the lint findings (the hints a Check Sitemaps left). */
  private readonly extras: ((parsed: ParsedDocument) => Diagnostic[])[] = [];

  constructor(
    private readonly documents: RobotsDocuments,
    private readonly send: (params: PublishDiagnosticsParams) => Promise<void>,
    /** Resolves once the settings are known; the first publish must use them. */
    private readonly settingsReady: () => Promise<void>,
    private readonly log: Log,
    private readonly debounceMs = 150,
  ) {}

  opened(uri: string): void {
    this.cancel(uri);
    const version = this.documents.documents.get(uri)?.version;
    if (version !== undefined) this.scheduled.set(uri, version);
    this.publishNow(uri);
  }

  changed(uri: string): void {
    const version = this.documents.documents.get(uri)?.version;
    if (version === undefined || this.scheduled.get(uri) === version) return;
    this.scheduled.set(uri, version);
    this.cancel(uri);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.publishNow(uri);
      }, this.debounceMs),
    );
  }

  closed(uri: string): void {
    this.cancel(uri);
    this.scheduled.delete(uri);
    runSafeVoid(this.log, `Clearing diagnostics for ${uri}`, () => this.send({ uri, diagnostics: [] }));
  }

  /** Adds diagnostics of another source to every publish. */
  addSource(source: (parsed: ParsedDocument) => Diagnostic[]): void {
    this.extras.push(source);
  }

  /** Publishes one document at once (after a check whose hints it shows). */
  refresh(uri: string): void {
    this.cancel(uri);
    this.publishNow(uri);
  }

  /** After a settings change: every open document, at once. */
  refreshAll(): void {
    for (const document of this.documents.documents.all()) {
      this.cancel(document.uri);
      this.publishNow(document.uri);
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private publishNow(uri: string): void {
    runSafeVoid(this.log, `Publishing diagnostics for ${uri}`, async () => {
      await this.settingsReady();
      // The document may have changed or closed while the settings were loading.
      const parsed = this.documents.get(uri);
      if (!parsed) return;
      const extra = this.extras.flatMap((source) => source(parsed));
      await this.send({ uri, version: parsed.version, diagnostics: [...toDiagnostics(parsed, this.documents.findings(parsed)), ...extra] });
    });
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
