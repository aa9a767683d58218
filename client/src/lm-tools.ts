/**
 * The checks as language-model tools (`contributes.languageModelTools`), so an agent in the
 * editor gets the answers the panels give, from the same requests to the language server:
 * test URLs, lint, AI access, and the difference from another version. Each answers in plain
 * text, the answer first; rule text from the file is quoted as text, never as Markdown.
 */

import * as vscode from 'vscode';
import { isPlainObject } from './command-arguments';
import type { RobotsServer } from './language-client';
import { resolveRobotsDocument } from './robots-document';
import { readSettings } from './settings';
import { verdictSummary } from './verdict-report';

export const LM_TOOLS = {
  testUrls: 'robots-lens_test_urls',
  lint: 'robots-lens_lint',
  aiAccess: 'robots-lens_ai_access',
  diff: 'robots-lens_diff',
} as const;

/** URLs answered per call: an agent asking about a whole sitemap should use the CLI. */
const MAX_URLS = 50;

export function registerLanguageModelTools(server: RobotsServer): vscode.Disposable {
  // Older hosts without the API (and the web without it) simply offer no tools.
  if (typeof vscode.lm?.registerTool !== 'function') return new vscode.Disposable(() => undefined);
  return vscode.Disposable.from(
    tool(LM_TOOLS.testUrls, async (input, token) => {
      const document = await documentOf(input);
      const urls = stringList(input['urls'], 'urls');
      if (urls.length === 0 || urls.length > MAX_URLS) throw new Error(`"urls" must list 1 to ${MAX_URLS} URLs or paths.`);
      const given = input['agents'] === undefined ? [] : stringList(input['agents'], 'agents');
      const agents = given.length > 0 ? given : [...readSettings(document.uri).defaultCrawlers];
      const lines: string[] = [];
      for (const url of urls) {
        const result = await server.testUrl(document.uri, { url, agents }, token);
        lines.push(verdictSummary(result.verdicts, { parserNotes: true }));
      }
      return lines;
    }),
    tool(LM_TOOLS.lint, async (input) => {
      const document = await documentOf(input);
      const findings = await diagnosticsOf(document.uri);
      const counted = `${findings.length} finding${findings.length === 1 ? '' : 's'} in ${vscode.workspace.asRelativePath(document.uri)}.`;
      return [counted, ...findings.map((d) => `line ${d.range.start.line + 1}: ${SEVERITY[d.severity]} ${String(typeof d.code === 'object' ? d.code.value : d.code ?? '')}: ${d.message}`)];
    }),
    tool(LM_TOOLS.aiAccess, async (input, token) => {
      const document = await documentOf(input);
      const result = await server.aiAccess(document.uri, token);
      return result.purposes.map((purpose) => purpose.summary);
    }),
    tool(LM_TOOLS.diff, async (input, token) => {
      const document = await documentOf(input);
      const otherText = input['otherText'];
      if (typeof otherText !== 'string') throw new Error('"otherText" must be the text of the other version of the robots.txt.');
      const otherLabel = typeof input['otherLabel'] === 'string' ? input['otherLabel'] : 'the other version';
      const result = await server.compare(document.uri, { otherText, otherLabel }, token);
      const changed = result.diff.crawlers.map((c) => `${c.token}: ${c.changes.length} path${c.changes.length === 1 ? '' : 's'} change verdict`);
      return [result.summary, ...changed];
    }),
  );
}

type ToolRun = (input: Record<string, unknown>, token: vscode.CancellationToken) => Promise<readonly string[]>;

function tool(name: string, run: ToolRun): vscode.Disposable {
  return vscode.lm.registerTool<unknown>(name, {
    async invoke(options, token) {
      const input = isPlainObject(options.input) ? options.input : {};
      const lines = await run(input, token);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(lines.join('\n'))]);
    },
  });
}

async function documentOf(input: Record<string, unknown>): Promise<vscode.TextDocument> {
  const uri = input['uri'];
  if (uri !== undefined && typeof uri !== 'string') throw new Error('"uri" must be the URI of a robots.txt document.');
  return resolveRobotsDocument(uri);
}

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) throw new Error(`"${name}" must be a list of strings.`);
  return value;
}

const SEVERITY: Readonly<Record<vscode.DiagnosticSeverity, string>> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** The server's diagnostics of the document, once it has published them for its current version. */
async function diagnosticsOf(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
  const ours = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === DIAGNOSTIC_SOURCE);
  if (ours().length > 0) return ours();
  // A document just opened: its first diagnostics come with the server's first publication.
  await new Promise<void>((resolve) => {
    const done = () => {
      listener.dispose();
      clearTimeout(timer);
      resolve();
    };
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) done();
    });
    // A file with no finding may publish an empty list, which is no change: do not wait for ever.
    const timer = setTimeout(done, PUBLISH_WAIT_MS);
  });
  return ours();
}

const PUBLISH_WAIT_MS = 5_000;
const DIAGNOSTIC_SOURCE = 'robots.txt Lens';
