import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';

const FIXTURE = join(__dirname, '..', 'fixtures', 'crawlers', 'ai-robots.json');
const PURPOSES = ['search', 'ai-training', 'ai-search', 'user-fetch', 'ads', 'seo', 'social-preview', 'archive', 'monitoring', 'control-token', 'other'];

interface CrawlerJson {
  token: string;
  operator: string;
  purposes: string[];
  honoursRobotsTxt: string;
  userInitiated: boolean;
  retired: string | null;
  verification: { ipRanges: string[]; reverseDns: string[] };
  sources: string[];
  checked: string;
}

describe('robots-lens crawlers', () => {
  test('--json: every crawler with the fields the issue lists, typed and sourced', async () => {
    const { code, stdout, stderr } = await runCli(['crawlers', '--json']);
    assert.equal(code, 0, stderr);
    const records = JSON.parse(stdout) as CrawlerJson[];
    assert.ok(records.length >= 120, `${records.length} crawlers`);
    for (const r of records) {
      assert.equal(typeof r.token, 'string');
      assert.equal(typeof r.operator, 'string');
      assert.ok(r.purposes.length > 0 && r.purposes.every((p) => PURPOSES.includes(p)), `${r.token}: ${r.purposes.join()}`);
      assert.ok(['yes', 'no', 'partly', 'unknown'].includes(r.honoursRobotsTxt), r.token);
      assert.equal(typeof r.userInitiated, 'boolean');
      assert.ok(r.retired === null || typeof r.retired === 'string');
      assert.ok(Array.isArray(r.verification.ipRanges) && Array.isArray(r.verification.reverseDns), r.token);
      assert.ok(r.sources.length > 0, `${r.token}: no source`);
      assert.match(r.checked, /^\d{4}-\d{2}-\d{2}$/);
    }
    const googlebot = records.find((r) => r.token === 'Googlebot');
    assert.deepEqual(googlebot?.verification.reverseDns, ['googlebot.com']);
    assert.equal(records.find((r) => r.token === 'anthropic-ai')?.retired, 'ClaudeBot');
  });

  test('--purpose keeps only the crawlers with that purpose', async () => {
    const { code, stdout } = await runCli(['crawlers', '--purpose', 'ai-training', '--json']);
    assert.equal(code, 0);
    const records = JSON.parse(stdout) as CrawlerJson[];
    const tokens = records.map((r) => r.token);
    assert.ok(tokens.includes('GPTBot') && tokens.includes('ClaudeBot') && tokens.includes('Google-Extended'), tokens.join());
    assert.ok(!tokens.includes('Googlebot') && !tokens.includes('OAI-SearchBot'));
    assert.ok(records.every((r) => r.purposes.includes('ai-training')));
  });

  test('text: one row per crawler and a count with the plural right', async () => {
    const { code, stdout } = await runCli(['crawlers', '--purpose', 'user-fetch']);
    assert.equal(code, 0);
    const lines = stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^token\s+operator\s+purposes\s+robots\.txt\s+notes$/);
    assert.ok(lines.some((l) => /^Perplexity-User\s+Perplexity\s+user-fetch, ai-search\s+no\s+user-initiated$/.test(l)), stdout);
    assert.match(lines.at(-1) ?? '', /^\d+ crawlers with purpose user-fetch\.$/);
    const none = await runCli(['crawlers', '--purpose', 'monitoring']);
    assert.equal(none.stdout.trimEnd().split('\n').at(-1), '0 crawlers with purpose monitoring.');
  });

  test('an unknown purpose is a usage error naming the list', async () => {
    const { code, stderr } = await runCli(['crawlers', '--purpose', 'training']);
    assert.equal(code, 2);
    assert.match(stderr, /"training" is not one of search, ai-training, ai-search, user-fetch/);
  });

  test('--import --json: additions and changes against the catalogue, purpose and respect called out', async () => {
    const { code, stdout, stderr } = await runCli(['crawlers', '--import', FIXTURE, '--json']);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout) as {
      read: number; added: number; changed: number; unchanged: number; problems: string[];
      changes: Array<{ token: string; kind: string; operator: string; purposes: unknown; honoursRobotsTxt: unknown; userInitiated: unknown }>;
    };
    assert.deepEqual([report.read, report.added, report.changed, report.unchanged], [6, 3, 1, 2]);
    assert.deepEqual(report.problems, ['"360 Crawler" starts with no robots.txt product token, so it was left out.']);
    const byToken = new Map(report.changes.map((c) => [c.token, c]));
    assert.deepEqual(byToken.get('ExampleTrainerBot'), {
      token: 'ExampleTrainerBot', kind: 'add', operator: 'Example Labs', said: 'AI Data Scrapers',
      purposes: { catalogue: null, list: ['ai-training'] },
      honoursRobotsTxt: { catalogue: null, list: 'yes', words: 'Yes' },
      userInitiated: { catalogue: null, list: false },
    });
    assert.deepEqual(byToken.get('ExampleHelper-User'), {
      token: 'ExampleHelper-User', kind: 'add', operator: 'Example Assistants', said: 'AI Agents',
      purposes: { catalogue: null, list: ['user-fetch'] },
      honoursRobotsTxt: { catalogue: null, list: 'unknown', words: 'Unclear at this time.' },
      userInitiated: { catalogue: null, list: true },
    });
    assert.deepEqual(byToken.get('GPTBot'), {
      token: 'GPTBot', kind: 'change', operator: 'OpenAI', said: 'Search result generation.',
      purposes: { catalogue: ['ai-training'], list: ['ai-search'] },
      honoursRobotsTxt: { catalogue: 'yes', list: 'no', words: 'No' },
      userInitiated: null,
    });
    // A name of several words is proposed as its first word, the token a line naming it is read as.
    assert.deepEqual(byToken.get('Example'), {
      token: 'Example', listedAs: 'Example Spaced Bot', kind: 'add', operator: 'Nobody', said: 'AI Data Scrapers',
      purposes: { catalogue: null, list: ['ai-training'] },
      honoursRobotsTxt: { catalogue: null, list: 'yes', words: 'Yes' },
      userInitiated: { catalogue: null, list: false },
    });
    // ClaudeBot agrees; Bytespider's "unclear" never overrides the catalogue's "no".
    assert.ok(!byToken.has('ClaudeBot') && !byToken.has('Bytespider'));
  });

  test('--import as text says what would change and that nothing was changed', async () => {
    const { code, stdout } = await runCli(['crawlers', '--import', FIXTURE]);
    assert.equal(code, 0);
    assert.match(stdout, /^change {2}GPTBot \(OpenAI\): purposes ai-training → ai-search; honours robots\.txt yes → no \("No"\)$/m);
    assert.match(stdout, /^add {5}ExampleHelper-User \(Example Assistants\): purposes user-fetch; honours robots\.txt unknown \("Unclear at this time\."\); user-initiated$/m);
    assert.match(stdout, /^add {5}Example \(Nobody\): purposes ai-training; honours robots\.txt yes \("Yes"\); listed as "Example Spaced Bot": a line naming it is read as its first word$/m);
    assert.match(stdout, /^6 agents read: 3 to add, 1 to change, 2 already as listed\. Nothing was changed\.$/m);
  });

  test('--import of a missing file is an input error', async () => {
    const { code, stderr } = await runCli(['crawlers', '--import', join(__dirname, 'no-such.json'), '--json']);
    assert.equal(code, 2);
    assert.match(stderr, /no such robots\.json file/);
  });
});
