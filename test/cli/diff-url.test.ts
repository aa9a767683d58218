import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { EXAMPLEBOT_ROBOTS, startSurveyServer } from '../support/survey-server';
import type { SurveyServer } from '../support/survey-server';

/**
 * `robots-lens diff` with an `http(s)://` URL on either side: the file a site serves compared
 * with the file in the repository, in CI with `--fail-on-change`. The URL is fetched as
 * crawlers fetch it (from one local server, through `--resolve`); a fetch without rules is
 * compared as what it means.
 */

let server: SurveyServer;
let dir: string;
before(async () => {
  server = await startSurveyServer();
  dir = mkdtempSync(join(tmpdir(), 'diff-url-'));
});
after(async () => {
  await server.close();
});

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('robots-lens diff with a URL side', () => {
  test('the same meaning served: OK, exit 0', async () => {
    // Reordered and recased: the same rules.
    const local = file('same.txt', 'user-agent: examplebot\nallow: /private/help.html\ndisallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n');
    const { code, stdout, stderr } = await runCli(['diff', local, `${server.site('examplebot.test')}/robots.txt`, ...server.resolveArgs, '--fail-on-change', '*,ExampleBot']);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /No crawler's verdicts change\./);
    assert.match(stdout, /OK: no verdict changes for \*, ExampleBot\./);
  });

  test('a CDN that rewrites a rule fails the check: exit 1 with the change', async () => {
    const local = file('repo.txt', EXAMPLEBOT_ROBOTS.replace('Allow: /private/help.html', 'Allow: /private/'));
    const { code, stdout } = await runCli(['diff', `${server.site('examplebot.test')}/robots.txt`, local, ...server.resolveArgs, '--fail-on-change', 'ExampleBot', '--json']);
    assert.equal(code, 1);
    const diff = JSON.parse(stdout) as { old: string; crawlers: { token: string }[]; failOnChange: { changed: string[] } };
    assert.equal(diff.old, `${server.site('examplebot.test')}/robots.txt`);
    assert.deepEqual(diff.failOnChange.changed, ['ExampleBot']);
  });

  test('a redirect to another host is followed, and said', async () => {
    const local = file('moved.txt', 'User-agent: *\nDisallow: /elsewhere-rules/\n');
    const { code, stderr } = await runCli(['diff', local, server.site('moved.test'), ...server.resolveArgs, '--fail-on-change', '*']);
    assert.equal(code, 0, stderr);
    assert.match(stderr, /another origin/);
  });

  const STATES: readonly (readonly [string, string, RegExp])[] = [
    ['gone.test', 'User-agent: *\nDisallow:\n', /a file with no rules \(every URL allowed\)/],
    ['down.test', 'User-agent: *\nDisallow: /\n', /every URL disallowed/],
    ['busy.test', 'User-agent: *\nDisallow: /\n', /every URL disallowed/],
  ];
  for (const [host, meaning, notice] of STATES) {
    test(`${host}: compared as what the fetch means for crawlers`, async () => {
      const local = file(`${host}.txt`, meaning);
      const same = await runCli(['diff', local, `${server.site(host as 'gone.test')}/robots.txt`, ...server.resolveArgs, '--fail-on-change', '*']);
      assert.equal(same.code, 0, same.stderr);
      assert.match(same.stderr, notice);
      const other = file(`${host}-other.txt`, 'User-agent: *\nDisallow: /private/\n');
      const changed = await runCli(['diff', other, `${server.site(host as 'gone.test')}/robots.txt`, ...server.resolveArgs, '--fail-on-change', '*']);
      assert.equal(changed.code, 1);
    });
  }

  test('a URL that is not a robots.txt is exit 2', async () => {
    const local = file('x.txt', '');
    const { code, stderr } = await runCli(['diff', local, 'https://example.com/page.html']);
    assert.equal(code, 2);
    assert.match(stderr, /is not a robots.txt URL/);
  });
});
