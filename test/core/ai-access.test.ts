import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRAWLERS } from '@robots-lens/kernel/crawlers';
import { parseRobots } from '@robots-lens/kernel/parse';
import { aiAccess } from '@robots-lens/kernel/ai-access';

const training = (text: string) => aiAccess(parseRobots(text)).find((p) => p.purpose === 'ai-training')!;
const known = CRAWLERS.filter((c) => c.retired === null && c.purposes.includes('ai-training')).length;

test('per purpose: how many may fetch nothing, and who may fetch everything', () => {
  const text = 'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n\nUser-agent: Bytespider\nAllow: /\n';
  const access = training(text);
  assert.equal(access.crawlers.find((c) => c.crawler.token === 'GPTBot')!.access, 'nothing');
  assert.equal(access.crawlers.find((c) => c.crawler.token === 'Bytespider')!.access, 'everything');
  assert.equal(access.crawlers.find((c) => c.crawler.token === 'Amazonbot')!.access, 'some');
  // The control tokens look for no * group: a group of their own is the only way to address them.
  assert.match(access.summary, new RegExp(`^AI training: 2 of ${known} known crawlers may fetch nothing; Google-Extended, Applebot-Extended and Bytespider may fetch everything; ${known - 5} may fetch some paths\\.$`));
});

test('an Allow beside Disallow: / is not "nothing", and no Disallow at all is "everything"', () => {
  assert.equal(training('User-agent: GPTBot\nDisallow: /\nAllow: /blog/\n').crawlers.find((c) => c.crawler.token === 'GPTBot')!.access, 'some');
  assert.equal(training('User-agent: *\nDisallow:\n').crawlers.every((c) => c.access === 'everything'), true);
});

test('user-initiated fetchers that may ignore robots.txt are marked as such', () => {
  const fetchers = aiAccess(parseRobots('User-agent: *\nAllow: /\n')).find((p) => p.purpose === 'user-fetch')!;
  const marked = fetchers.crawlers.filter((c) => c.mayIgnoreRobotsTxt);
  assert.ok(marked.length > 0);
  assert.ok(marked.every((c) => c.crawler.userInitiated && c.crawler.honoursRobotsTxt !== 'yes'));
  assert.match(fetchers.summary, /\(user-initiated; may ignore robots\.txt\)/);
});

test('each crawler carries the group it obeys; the fetch state, when it decides, gives every crawler the same access', () => {
  const text = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n';
  const access = training(text);
  assert.equal(access.title, 'AI training');
  const gpt = access.crawlers.find((c) => c.crawler.token === 'GPTBot')!;
  assert.deepEqual([gpt.group?.token, gpt.group?.via, gpt.group?.agentLines], ['GPTBot', 'own-token', [0]]);
  assert.equal(access.crawlers.find((c) => c.crawler.token === 'Amazonbot')!.group?.via, 'star');

  const unreachable = aiAccess(parseRobots(text), 'nothing').find((p) => p.purpose === 'ai-training')!;
  assert.ok(unreachable.crawlers.every((c) => c.access === 'nothing' && c.group === null));
  assert.equal(unreachable.summary, `AI training: ${known} of ${known} known crawlers may fetch nothing.`);
  const unavailable = aiAccess(parseRobots(text), 'everything').find((p) => p.purpose === 'ai-training')!;
  assert.ok(unavailable.crawlers.every((c) => c.access === 'everything'));
});
