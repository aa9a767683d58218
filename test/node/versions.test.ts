import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { decide } from '@robots-lens/kernel/match';
import { InputError } from '../../server/src/node/files';
import { gitVersions } from '../../server/src/node/git-history';
import { explicitVersions, parseVersionSpec, singleVersion, snapshotFolder } from '../../server/src/node/versions';

const SNAPSHOTS = join(__dirname, '..', 'fixtures', 'replay', 'snapshots');

describe('robots.txt versions from disk', () => {
  test('a single file is in effect all along', async () => {
    const v = await singleVersion(join(__dirname, '..', 'fixtures', 'replay', 'robots.txt'));
    assert.equal(v.effective, null);
    assert.equal(v.label, 'robots.txt');
  });

  test('a snapshot folder: versions by the times in their names; other files skipped', async () => {
    const { versions, skipped } = await snapshotFolder(SNAPSHOTS);
    assert.deepEqual(versions.map((v) => [v.label, new Date(v.effective!).toISOString()]), [
      ['2026-11-23T00-00-00Z.txt', '2026-11-23T00:00:00.000Z'],
      ['2026-11-24T12-00-00Z.txt', '2026-11-24T12:00:00.000Z'],
    ]);
    assert.deepEqual(skipped, ['README.txt']);
    assert.equal(decide(versions[1]!.file, '/search?q=a', 'GPTBot').allowed, false);
  });

  test('a folder without any timed snapshot is an input error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-snap-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
    await assert.rejects(() => snapshotFolder(dir), /no snapshot named by its time/);
  });

  test('--version file@time', async () => {
    assert.deepEqual(parseVersionSpec('new@robots.txt@2026-11-24T00:00:00Z'), { path: 'new@robots.txt', time: Date.parse('2026-11-24T00:00:00Z') });
    assert.deepEqual(parseVersionSpec('a.txt@2026-11-24T00-00-00Z'), { path: 'a.txt', time: Date.parse('2026-11-24T00:00:00Z') });
    assert.throws(() => parseVersionSpec('a.txt'), /write <file>@<time>/);
    assert.throws(() => parseVersionSpec('a.txt@yesterday'), /not an ISO 8601 time/);
    const [v] = await explicitVersions([`${join(SNAPSHOTS, '2026-11-24T12-00-00Z.txt')}@2026-11-25T00:00:00Z`]);
    assert.equal(v!.effective, Date.parse('2026-11-25T00:00:00Z'));
  });
});

describe('robots.txt versions from git history', () => {
  const git = (cwd: string, args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd,
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test', ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  test('one version per commit touching the file, effective at the commit time; a deletion allows everything', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'robots-lens-git-'));
    const site = join(repo, 'site');
    mkdirSync(site);
    git(repo, ['init', '-q']);
    writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow: /checkout/\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'first'], '2026-11-23T00:00:00Z');
    writeFileSync(join(site, 'other.txt'), 'unrelated');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'unrelated'], '2026-11-23T06:00:00Z');
    writeFileSync(join(site, 'robots.txt'), 'User-agent: *\nDisallow: /checkout/\nDisallow: /search\n');
    git(repo, ['commit', '-q', '-am', 'block search'], '2026-11-24T12:00:00+01:00');
    rmSync(join(site, 'robots.txt'));
    git(repo, ['commit', '-q', '-am', 'remove'], '2026-11-25T00:00:00Z');

    const versions = await gitVersions(join(site, 'robots.txt'));
    assert.deepEqual(versions.map((v) => new Date(v.effective!).toISOString()), ['2026-11-25T00:00:00.000Z', '2026-11-24T11:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    assert.match(versions[0]!.label, /\(deleted\)$/);
    assert.equal(decide(versions[0]!.file, '/checkout/', 'GPTBot').allowed, true);
    assert.equal(decide(versions[1]!.file, '/search', 'GPTBot').allowed, false);
    assert.equal(decide(versions[2]!.file, '/search', 'GPTBot').allowed, true);
    assert.match(versions[2]!.source, /^git [0-9a-f]{40}$/);
  });

  test('a committed file is read up to the bound a robots.txt is read to, and said so', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'robots-lens-git-big-'));
    git(repo, ['init', '-q']);
    const rule = 'Disallow: /a-fairly-long-path-to-fill-the-file-with/\n';
    writeFileSync(join(repo, 'robots.txt'), 'User-agent: *\n' + rule.repeat(Math.ceil((2 * 1024 * 1024) / rule.length)) + 'Disallow: /past-the-bound\n');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'big'], '2026-11-23T00:00:00Z');
    const notices: string[] = [];
    const [version] = await gitVersions(join(repo, 'robots.txt'), (message) => notices.push(message));
    assert.equal(notices.length, 1, JSON.stringify(notices));
    assert.match(notices[0]!, /robots\.txt at commit [0-9a-f]{7} is more than 577,536 bytes; only the first 577,536 bytes were read/);
    assert.doesNotMatch(version!.label, /deleted/);
    assert.equal(decide(version!.file, '/a-fairly-long-path-to-fill-the-file-with/', 'GPTBot').allowed, false);
    assert.equal(decide(version!.file, '/past-the-bound', 'GPTBot').allowed, true);
  });

  test('outside a repository, or never committed: input errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-nogit-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
    await assert.rejects(() => gitVersions(join(dir, 'robots.txt')), (e: unknown) => e instanceof InputError && /cannot read its git history/.test(e.message));
    git(dir, ['init', '-q']);
    await assert.rejects(() => gitVersions(join(dir, 'robots.txt')), InputError);
  });
});
