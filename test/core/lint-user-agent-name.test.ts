// user-agent-retired and user-agent-near-miss: what a User-agent token names, as a table of
// lines and the finding each must give (or not give).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lint } from '@robots-lens/editor/lint';
import { parseRobots } from '@robots-lens/kernel/parse';

const ids = ['user-agent-retired', 'user-agent-near-miss'];

function findings(text: string) {
  return lint(parseRobots(text)).filter((f) => ids.includes(f.id));
}

describe('User-agent names: retired tokens and near misses', () => {
  const CASES: ReadonlyArray<[text: string, id: string | null, message: RegExp | null, fixed: string | null]> = [
    ['User-agent: anthropic-ai\nDisallow: /', 'user-agent-retired', /^"anthropic-ai" is a retired token, replaced by ClaudeBot \(https:\/\/webmasterid\.com\/\S+: "[^"]*superseded by ClaudeBot"\)\. ClaudeBot does not use this group unless it names ClaudeBot too\.$/, null],
    ['User-agent: Claude-Web\nUser-agent: ClaudeBot\nDisallow: /', 'user-agent-retired', /replaced by ClaudeBot .* This group names ClaudeBot too\.$/, null],
    ['User-agent: Googelbot\nDisallow: /', 'user-agent-near-miss', /^"Googelbot" is not a crawler the catalogue knows; it is 1 edit from Googlebot \(Google\), which does not use this line\.$/, 'User-agent: Googlebot\nDisallow: /'],
    ['User-agent: GTPBot\nDisallow: /', 'user-agent-near-miss', /1 edit from GPTBot \(OpenAI\)/, 'User-agent: GPTBot\nDisallow: /'],
    ['User-agent: ClaudBot\nDisallow: /', 'user-agent-near-miss', /1 edit from ClaudeBot \(Anthropic\)/, 'User-agent: ClaudBot'.replace('ClaudBot', 'ClaudeBot') + '\nDisallow: /'],
    ['User-agent: Perplexitybott\nDisallow: /', 'user-agent-near-miss', /1 edit from PerplexityBot/, 'User-agent: PerplexityBot\nDisallow: /'],
    // A catalogued crawler's token short of its "bot": the operator's name written for the crawler's.
    ['User-agent: ImageSift\nDisallow: /', 'user-agent-near-miss', /^"ImageSift" is not a crawler the catalogue knows; it is ImagesiftBot \(ImageSift\) without its "Bot", and ImagesiftBot does not use this line\.$/, 'User-agent: ImagesiftBot\nDisallow: /'],
    ['User-agent: Google\nDisallow: /', 'user-agent-near-miss', /it is Googlebot \(Google\) without its "bot"/, 'User-agent: Googlebot\nDisallow: /'],
    ['User-agent: ImageSift\nUser-agent: ImagesiftBot\nDisallow: /', null, null, null],
    // Too short a name to say which crawler: wp.com is read as "wp", and wpbot is another.
    ['User-agent: wp.com\nDisallow: /', null, null, null],
    // Two edits from Googlebot, but another initial: another name (MoodleBot is Moodle's crawler), not a slip.
    ['User-agent: MoodleBot\nDisallow: /', null, null, null],
    ['User-agent: Yooglebot\nDisallow: /', null, null, null],
    // A catalogued token names its own crawler, however close to another (wpbot is two edits from GPTBot).
    ['User-agent: wpbot\nDisallow: /', null, null, null],
    // A crawler's token with a whole word added is another crawler's name (Amazon's ad crawler), not a slip.
    ['User-agent: AmazonAdBot\nDisallow: /', null, null, null],
    // Known tokens, the star, unrelated names and a near miss whose crawler the group already names: nothing.
    ['User-agent: googlebot\nDisallow: /', null, null, null],
    ['User-agent: *\nDisallow: /', null, null, null],
    ['User-agent: Bytespider\nDisallow: /', null, null, null],
    ['User-agent: MyOwnCrawler\nDisallow: /', null, null, null],
    ['User-agent: Googelbot\nUser-agent: Googlebot\nDisallow: /', null, null, null],
    // Short names allow one edit only: "GPTBo" is one edit from GPTBot, "GPBo" two.
    ['User-agent: GPBo\nDisallow: /', null, null, null],
  ];
  for (const [text, id, message, fixed] of CASES) {
    test(`${JSON.stringify(text.split('\n').slice(0, -1).join(' / '))} → ${id ?? 'nothing'}`, () => {
      const found = findings(text);
      if (id === null) {
        assert.deepEqual(found.map((f) => f.message), []);
        return;
      }
      assert.equal(found.length, 1, found.map((f) => f.message).join('\n'));
      const f = found[0]!;
      assert.equal(f.id, id);
      assert.equal(f.severity, 'information');
      if (message) assert.match(f.message, message);
      if (fixed === null) {
        assert.equal(f.fixes, undefined);
        return;
      }
      const fix = f.fixes?.[0];
      assert.ok(fix, 'a quick fix');
      let out = text;
      for (const e of [...fix.edits].sort((a, b) => b.span.start - a.span.start)) out = out.slice(0, e.span.start) + e.newText + out.slice(e.span.end);
      assert.equal(out, fixed);
      assert.deepEqual(findings(out), [], 'the fixed file has no finding left');
    });
  }
});
