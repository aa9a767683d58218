/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { showExample } from './example';
import { waitFor } from './wait';

const SOURCE = 'robots.txt Lens';

/** The server's diagnostics for a document, once it has published some. */
async function serverDiagnostics(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
  return waitFor(() => {
    const ours = vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
    return ours.length > 0 ? ours : undefined;
  }, 30_000, `diagnostics for ${uri.toString(true)}`);
}

/** `id@line` with 1-based lines, as the examples README lists them. */
const idsAt = (diagnostics: readonly vscode.Diagnostic[]): string[] => diagnostics.map((d) => `${String(d.code)}@${d.range.start.line + 1}`);

suite('diagnostics', () => {
  test('examples/robots.txt gets the documented diagnostics, with the lint id as code', async () => {
    const document = await showExample();
    const ids = idsAt(await serverDiagnostics(document.uri));
    const expected = [
      'rule-outside-group@5',
      'redundant-rule@11',
      'shadowed-rule@18',
      'private-path-disclosure@21',
      'google-only-spelling@22',
      'google-only-spelling@23',
      'pattern-never-matches@24',
      'pattern-never-matches@25',
      'dollar-not-at-end@27',
      'percent-encoding-lower-case@29',
      'percent-encoding-unreserved@30',
      'robots-txt-path@31',
      'unsupported-directive@32',
      'unknown-directive@33',
      'shadowed-rule@35',
      'star-rules-not-inherited@39',
      'empty-disallow-ignored@40',
      'user-agent-token-version@45',
      'duplicate-group@45',
      'crawl-delay-support@49',
      'detached-group@54',
      'unsupported-directive@57',
      'unsupported-directive@58',
      'detached-group-blocks-site@61',
      'blocks-everything@65',
      'user-agent-token-documented@67',
      'control-token@72',
      'control-token@73',
      'crawl-delay-invalid@87',
      'sitemap-not-absolute@89',
    ];
    const missing = expected.filter((id) => !ids.includes(id));
    assert.deepEqual(missing, [], `missing diagnostics; got ${ids.join(', ')}`);
    // Dead-rule claims must be exact: never a rule reported shadowed or redundant that is not.
    assert.deepEqual(ids.filter((id) => id.startsWith('shadowed-rule@')).sort(), ['shadowed-rule@18', 'shadowed-rule@35']);
    assert.deepEqual(ids.filter((id) => id.startsWith('redundant-rule@')), ['redundant-rule@11']);
    // One finding per cause: the GPTBot group, shut out like PetalBot's, is a related location of line 65.
    assert.ok(!ids.includes('blocks-everything@74'), 'blocks-everything of line 74 is folded into line 65');
  });

  test('severities, related information and the faded tag reach the editor', async () => {
    const document = await showExample();
    const diagnostics = await serverDiagnostics(document.uri);
    const at = (id: string, line: number): vscode.Diagnostic => {
      const found = diagnostics.find((d) => d.code === id && d.range.start.line === line - 1);
      assert.ok(found, `${id} on line ${line}`);
      return found;
    };
    assert.equal(at('rule-outside-group', 5).severity, vscode.DiagnosticSeverity.Error);
    assert.equal(at('detached-group-blocks-site', 61).severity, vscode.DiagnosticSeverity.Error, 'Baiduspider is shut out across a blank line');
    assert.equal(at('star-rules-not-inherited', 39).severity, vscode.DiagnosticSeverity.Information);
    const shadowed = at('shadowed-rule', 18);
    assert.equal(shadowed.severity, vscode.DiagnosticSeverity.Warning);
    // The winner is named: Allow: /wishlist/ on line 36 wins the tie.
    assert.ok(shadowed.relatedInformation?.some((info) => info.location.range.start.line === 35), 'related information points at line 36');
    // VS Code sends the manifest's defaults as if the user had set them: each must be the table's.
    assert.equal(at('crawl-delay-support', 49).severity, vscode.DiagnosticSeverity.Information, 'a valid Crawl-delay');
    assert.equal(at('crawl-delay-invalid', 87).severity, vscode.DiagnosticSeverity.Error, 'Crawl-delay: 1s is not a number');
    assert.equal(at('user-agent-token-version', 45).severity, vscode.DiagnosticSeverity.Hint, 'Googlebot/2.1 is still read as Googlebot');
    assert.equal(at('user-agent-token-documented', 67).severity, vscode.DiagnosticSeverity.Information, '360Spider is the token its operator documents');
    assert.ok(at('blocks-everything', 65).relatedInformation?.some((info) => info.location.range.start.line === 73), 'the other group shut out is related: line 74');
    const redundant = at('redundant-rule', 11);
    assert.equal(redundant.severity, vscode.DiagnosticSeverity.Hint);
    assert.ok(redundant.tags?.includes(vscode.DiagnosticTag.Unnecessary), 'a redundant rule is faded');
  });

  test('robotsLens.lint.<id> turns a rule off or changes its severity', async () => {
    const document = await showExample();
    await serverDiagnostics(document.uri);
    const config = vscode.workspace.getConfiguration('robotsLens');
    const shadowed = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.code === 'shadowed-rule');
    try {
      // User settings of the throwaway profile: nothing is written into the workspace.
      await config.update('lint.shadowed-rule', 'off', vscode.ConfigurationTarget.Global);
      await waitFor(() => shadowed().length === 0, 30_000, 'shadowed-rule to disappear when set to off');
      await config.update('lint.shadowed-rule', 'error', vscode.ConfigurationTarget.Global);
      await waitFor(
        () => shadowed().length === 2 && shadowed().every((d) => d.severity === vscode.DiagnosticSeverity.Error),
        30_000,
        'shadowed-rule to come back as errors',
      );
    } finally {
      await config.update('lint.shadowed-rule', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(
      () => shadowed().length === 2 && shadowed().every((d) => d.severity === vscode.DiagnosticSeverity.Warning),
      30_000,
      'shadowed-rule back at its default severity',
    );
  });
});
