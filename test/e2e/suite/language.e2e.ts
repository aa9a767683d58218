/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LINT_RULES } from '@robots-lens/editor/lint';
import { waitFor } from './wait';

const EXTENSION_ID = 'robots-lens.robots-txt-lens';

function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded`);
  return found;
}

suite('language', () => {
  test('robots.txt in any folder and *.robots.txt open as robots-txt', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robots-lens-e2e-'));
    try {
      fs.mkdirSync(path.join(dir, 'nested'));
      fs.writeFileSync(path.join(dir, 'nested', 'robots.txt'), 'User-agent: *\n');
      fs.writeFileSync(path.join(dir, 'staging.robots.txt'), 'User-agent: *\n');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'User-agent: *\n');
      const language = async (name: string) => (await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(dir, name)))).languageId;
      assert.equal(await language('nested/robots.txt'), 'robots-txt');
      assert.equal(await language('staging.robots.txt'), 'robots-txt');
      assert.equal(await language('notes.txt'), 'plaintext');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Toggle Line Comment uses #', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'robots-txt', content: 'Disallow: /x\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('editor.action.commentLine');
    await waitFor(() => document.lineAt(0).text === '# Disallow: /x', 5_000, 'the line to be commented out');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('every lint rule has a documented robotsLens.lint.<id> setting with its default severity', () => {
    const configuration = (extension().packageJSON as { contributes: { configuration: Array<{ properties: Record<string, Record<string, unknown>> }> } }).contributes
      .configuration;
    const properties = Object.assign({}, ...configuration.map((section) => section.properties)) as Record<string, Record<string, unknown>>;
    const setting = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' } as const;
    for (const rule of LINT_RULES) {
      const property = properties[`robotsLens.lint.${rule.id}`];
      assert.ok(property, `robotsLens.lint.${rule.id} is contributed`);
      assert.deepEqual(property.enum, ['off', 'hint', 'info', 'warning', 'error']);
      assert.equal(property.default, setting[rule.severity], `default of robotsLens.lint.${rule.id}`);
    }
    const lintSettings = Object.keys(properties).filter((key) => key.startsWith('robotsLens.lint.'));
    assert.equal(lintSettings.length, LINT_RULES.length, 'no setting for a rule that does not exist');
    for (const [key, property] of Object.entries(properties)) {
      assert.ok(typeof (property.markdownDescription ?? property.description) === 'string', `${key} has a description`);
    }
    for (const key of ['robotsLens.testUrl.defaultCrawlers', 'robotsLens.matrix.crawlers', 'robotsLens.parserNotes', 'robotsLens.replay.cacheGraceHours', 'robotsLens.replay.lastLogFiles']) {
      assert.ok(properties[key], `${key} is contributed`);
    }
    assert.equal(properties['robotsLens.replay.cacheGraceHours']?.default, 24);
  });

  test('the grammar scopes keys, tokens, patterns, URLs, comments and misspellings', async () => {
    const scopes = await tokenizer(path.join(extension().extensionPath, 'syntaxes', 'robots-txt.tmLanguage.json'));
    const expect = (line: string, text: string, scope: string, nth = 0) => {
      const found = scopes(line, text, nth);
      assert.ok(found.includes(scope), `"${text}" in "${line}" has ${scope}; got ${found.join(' ')}`);
    };
    expect('User-agent: Googlebot/2.1', 'User-agent', 'keyword.control.directive.user-agent.robots-txt');
    expect('User-agent: Googlebot/2.1', 'Googlebot', 'entity.name.type.product-token.robots-txt');
    expect('User-agent: Googlebot/2.1', '/2.1', 'comment.other.ignored-by-crawlers.robots-txt');
    expect('User-agent: *', '*', 'constant.language.wildcard.all-crawlers.robots-txt');
    expect('Disallow: /*.pdf$  # PDFs', 'Disallow', 'keyword.control.directive.disallow.robots-txt');
    expect('Disallow: /*.pdf$  # PDFs', '*', 'keyword.operator.wildcard.robots-txt');
    expect('Disallow: /*.pdf$  # PDFs', '$', 'keyword.operator.anchor.end-of-url.robots-txt');
    expect('Disallow: /*.pdf$  # PDFs', '# PDFs', 'comment.line.number-sign.robots-txt');
    expect('Disallow: /a$b', '$', 'string.unquoted.path.robots-txt');
    expect('Allow: /%62log/', '%62', 'constant.character.escape.percent-encoded.robots-txt');
    expect('Disallow: private/', 'private/', 'invalid.illegal.pattern-never-matches.robots-txt');
    expect('Sitemap: https://www.example.test/sitemap.xml', 'https://www.example.test/sitemap.xml', 'markup.underline.link.sitemap.robots-txt');
    expect('Crawl-delay: 5', 'Crawl-delay', 'support.type.property-name.directive.crawl-delay.robots-txt');
    expect('Crawl-delay: 5', '5', 'constant.numeric.crawl-delay.robots-txt');
    expect('Host: www.example.test', 'Host', 'support.type.property-name.directive.other.robots-txt');
    expect('Dissallow: /print/', 'Dissallow', 'invalid.deprecated.google-only-spelling.disallow.robots-txt');
    expect('Disallow /tmp/', 'Disallow', 'invalid.deprecated.missing-colon.disallow.robots-txt');
    expect('Disalllow: /quickview/', 'Disalllow', 'invalid.illegal.unknown-directive.robots-txt');
  });
});

interface TextMateToken {
  readonly startIndex: number;
  readonly endIndex: number;
  readonly scopes: readonly string[];
}

/**
 * Tokenizes with the TextMate engine VS Code itself ships (vscode-textmate + vscode-oniguruma
 * from its app root), so the grammar is checked by the same code that colours the editor.
 */
async function tokenizer(grammarPath: string): Promise<(line: string, text: string, nth: number) => string[]> {
  const root = vscode.env.appRoot;
  const candidates = ['node_modules', 'node_modules.asar'].map((dir) => path.join(root, dir));
  const modules = candidates.find((dir) => fs.existsSync(path.join(dir, 'vscode-textmate')));
  assert.ok(modules, `vscode-textmate is not under ${candidates.join(' or ')}`);
  const load = createRequire(__filename);
  /* eslint-disable @typescript-eslint/no-explicit-any -- the engine's own typings are not a dependency of this project */
  const textmate: any = load(path.join(modules, 'vscode-textmate'));
  const oniguruma: any = load(path.join(modules, 'vscode-oniguruma'));
  /* eslint-enable @typescript-eslint/no-explicit-any */
  const wasm = fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => textmate.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath),
  });
  const grammar = await registry.loadGrammar('source.robots-txt');
  assert.ok(grammar, 'the grammar loads');
  return (line, text, nth) => {
    let start = -1;
    for (let i = 0; i <= nth; i++) start = line.indexOf(text, start + 1);
    assert.ok(start >= 0, `"${text}" occurs in "${line}"`);
    const { tokens } = grammar.tokenizeLine(line, textmate.INITIAL) as { tokens: TextMateToken[] };
    const token = tokens.find((t) => t.startIndex <= start && start < t.endIndex);
    return token ? [...token.scopes] : [];
  };
}
