/**
 * Hovers of the real bundled server over stdio: on a rule, on a User-agent line (crawler facts,
 * purposes, robots.txt respect, retirement), on a directive key, and with replay counts.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HoverRequest } from 'vscode-languageserver-protocol/node';
import { ReplayCountsNotification } from '../../server/src/protocol';
import { SHOP, markdown, suiteSession } from '../support/lsp-session';

describe('language server over stdio: hovers', () => {
  const lsp = suiteSession();

  test('hover on a rule explains what it matches, by verified example, and who uses it', async () => {
    const { uri } = await lsp.open(SHOP);
    const text = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } }));
    assert.match(text, /Every URL whose path and query start with `\/private\/`/);
    assert.match(text, /\*\*Matches:\*\* `\/private\/` · `\/private\/page\.html`/);
    assert.match(text, /\*\*Does not match:\*\* `\/private` · `\/Private\/`/);
    assert.match(text, /`\/private\/` — 9 octets/);
    assert.match(text, /\*\*Used by:\*\* Googlebot; .*Googlebot-Image.*\(by fallback to Googlebot/);
    assert.match(text, /Applebot/);

    const shadowed = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 12 } }));
    assert.match(shadowed, /\*\*Shadowed:\*\* never decides any URL — line 3 `Disallow: \/admin\*`/);
    assert.match(shadowed, /every crawler without a group of its own/);
  });

  test('hover on a User-agent line gives the crawler facts and the token read', async () => {
    const { uri } = await lsp.open('User-agent: Googlebot/2.1\nDisallow: /x\n');
    const text = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 15 } }));
    // First one line that answers: who it is and what its group does; the rest below a rule.
    assert.equal(text.split('\n')[0], '**Googlebot** — Google, search indexing (read as `Googlebot`). **This group** disallows `/x`; a URL no Disallow matches is allowed.');
    assert.match(text, /\n\n---\n\n\*\*User-agent\*\* `Googlebot\/2\.1` — read as `Googlebot`/);
    assert.match(text, /\*\*Looks for:\*\* `Googlebot → \*`/);
    assert.match(text, /\*\*Crawl-delay:\*\* ignored/);
    assert.match(text, /\*\*Verification:\*\* Forward-confirmed reverse DNS/);
  });

  test("hover on a User-agent line gives the crawler's purposes and whether it honours robots.txt, in its operator's words", async () => {
    const { uri } = await lsp.open('User-agent: ChatGPT-User\nUser-agent: GPTBot\nUser-agent: anthropic-ai\nDisallow: /\n');
    const user = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 15 } }));
    assert.match(user, /\*\*ChatGPT-User\*\* — OpenAI, fetching pages a user asked for \(user-initiated\); AI search and answers/);
    assert.match(user, /\*\*Honours robots\.txt:\*\* partly — “Because these actions are initiated by a user, robots\.txt rules may not apply” \(https:\/\/developers\.openai\.com\/api\/docs\/bots\)/);
    assert.match(user, /\*\*User-initiated:\*\* it fetches a page when a person asks it to/);
    assert.match(user, /\*\*Facts checked:\*\* \d{4}-\d{2}-\d{2}/);
    const gpt = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 14 } }));
    assert.match(gpt, /\*\*GPTBot\*\* — OpenAI, collecting data to train AI models/);
    assert.match(gpt, /\*\*Honours robots\.txt:\*\* yes/);
    assert.doesNotMatch(gpt, /User-initiated|Retired/);
    const retired = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 14 } }));
    assert.match(retired, /\*\*Honours robots\.txt:\*\* unknown — “Unclear at this time\.”/);
    assert.match(retired, /\*\*Retired:\*\* replaced by `ClaudeBot` — “[^”]*superseded by ClaudeBot” \(https:\/\/webmasterid\.com\//);
  });

  test('hover on a directive key says what it does', async () => {
    const { uri } = await lsp.open('User-agent: *\nDissallow: /x\n');
    const text = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 3 } }));
    assert.match(text, /\*\*Disallow\*\* — RFC 9309/);
    assert.match(text, /Google reads `Dissallow` as `Disallow` \(a misspelling it accepts\); other crawlers ignore this line/);
  });

  test('hover shows replay counts once the client has sent them', async () => {
    const { uri } = await lsp.open(SHOP);
    // Messages are handled in order, so the counts are in before the hover is asked.
    await lsp.connection.sendNotification(ReplayCountsNotification, { uri, counts: [{ line: 6, requests: 1234 }] });
    const text = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 13 } }));
    assert.match(text, /\*\*Replay:\*\* decided 1,234 replayed requests\./);
    const other = markdown(await lsp.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 3, character: 9 } }));
    assert.match(other, /\*\*Replay:\*\* decided 0 replayed requests\./);
  });
});
