/// <reference types="mocha" />
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RobotsDiff } from '@robots-lens/diff';
import { showExample } from './example';

interface CompareOutcome {
  readonly summary: string;
  readonly diff: RobotsDiff;
}

suite('compare with another version', () => {
  test("the workspace robots.txt against a version where GPTBot's group allowed everything: the summary names GPTBot", async () => {
    const document = await showExample();
    const text = document.getText();
    const lines = text.split('\n');
    const agent = lines.findIndex((line) => line.trim() === 'User-agent: GPTBot');
    assert.ok(agent >= 0, 'examples/robots.txt has a GPTBot group');
    const rule = lines.findIndex((line, i) => i > agent && line.trim() === 'Disallow: /');
    assert.ok(rule > agent, "the GPTBot group's Disallow: /");
    lines[rule] = lines[rule]!.replace('Disallow: /', 'Allow: /');
    const otherText = lines.join('\n');

    const result = await vscode.commands.executeCommand<CompareOutcome>('robotsLens.compare', { otherText, otherLabel: 'test version' });
    assert.match(result.summary, /GPTBot/);
    const gptbot = result.diff.crawlers.find((c) => c.token === 'GPTBot');
    assert.ok(gptbot && gptbot.changes.some((c) => c.kind === 'newly-disallowed'), JSON.stringify(result.diff.crawlers.map((c) => c.token)));

    // Identical text: nothing changes.
    const same = await vscode.commands.executeCommand<CompareOutcome>('robotsLens.compare', { otherText: text, uri: document.uri });
    assert.equal(same.diff.unchanged, true);
  });
});
