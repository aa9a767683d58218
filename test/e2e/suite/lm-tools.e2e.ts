/// <reference types="mocha" />
// The checks as language-model tools, invoked as an agent in the editor would (vscode.lm.invokeTool):
// each answers what the panels and commands answer for the same document.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Verdict } from '@robots-lens/kernel/match';
import type { AiAccessResult, CompareResult } from '../../../server/src/protocol';
import { showExample } from './example';
import { waitFor } from './wait';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

suite('Language-model tools', () => {
  test('the four tools are registered, as the manifest declares them', () => {
    const names = vscode.lm.tools.map((tool) => tool.name);
    for (const name of ['robots-lens_test_urls', 'robots-lens_lint', 'robots-lens_ai_access', 'robots-lens_diff']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  test('test URLs: the verdicts and deciding lines of Test URL', async () => {
    const document = await showExample();
    const text = await invoke('robots-lens_test_urls', { uri: document.uri.toString(), urls: ['/cart/'], agents: ['GPTBot', 'Googlebot'] });
    const verdicts = await vscode.commands.executeCommand<Verdict[]>('robotsLens.testUrl', { url: '/cart/', agents: ['GPTBot', 'Googlebot'], uri: document.uri });
    assert.equal(verdicts[0]?.outcome, 'disallowed');
    assert.equal(text, `/cart/: GPTBot disallowed by line ${verdicts[0]!.rule!.line + 1} · Googlebot allowed (no rule matches).`);
  });

  test('lint: the diagnostics of the Problems view, one line each', async () => {
    const document = await showExample();
    await waitFor(() => vscode.languages.getDiagnostics(document.uri).some((d) => d.source === 'robots.txt Lens'), 30_000, 'diagnostics of examples/robots.txt');
    const ours = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'robots.txt Lens');
    const lines = (await invoke('robots-lens_lint', { uri: document.uri.toString() })).split('\n');
    assert.equal(lines[0], `${ours.length} findings in robots.txt.`);
    assert.equal(lines.length, ours.length + 1);
    assert.ok(lines.includes('line 67: information user-agent-token-documented: ' + ours.find((d) => d.code === 'user-agent-token-documented')!.message));
  });

  test('AI access: the sentences of the AI access view', async () => {
    const document = await showExample();
    const result = await vscode.commands.executeCommand<AiAccessResult>('robotsLens.showAiAccess', { uri: document.uri });
    const text = await invoke('robots-lens_ai_access', { uri: document.uri.toString() });
    assert.equal(text, result.purposes.map((p) => p.summary).join('\n'));
    assert.match(text, /^AI training: \d+ of \d+ crawlers kept out/m);
  });

  test('diff: the summary of Compare, and a line per crawler that changes', async () => {
    const document = await showExample();
    // The other version lacks the GPTBot opt-out group: GPTBot's verdicts change.
    const otherText = document.getText().replace(/^User-agent: GPTBot\n/m, '');
    const compared = await vscode.commands.executeCommand<CompareResult>('robotsLens.compare', { uri: document.uri, otherText, otherLabel: 'before' });
    const lines = (await invoke('robots-lens_diff', { uri: document.uri.toString(), otherText, otherLabel: 'before' })).split('\n');
    // Compare adds a sentence on the workspace's latest replayed log, when there is one; the tool names no log.
    assert.ok(lines[0] && compared.summary.startsWith(lines[0]), `${lines[0]} / ${compared.summary}`);
    assert.ok(lines.some((line) => /^GPTBot: \d+ paths? change verdict$/.test(line)), lines.join('\n'));
  });

  test('bad input is an error that says which field, never a guess', async () => {
    const document = await showExample();
    await assert.rejects(invoke('robots-lens_test_urls', { uri: document.uri.toString(), urls: 'not a list' }), /"urls" must be a list of strings/);
    await assert.rejects(invoke('robots-lens_diff', { uri: document.uri.toString() }), /"otherText" must be the text/);
  });
});
