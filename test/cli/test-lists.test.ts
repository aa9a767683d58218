import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { matcherFor } from '@robots-lens/kernel/match';
import { parseRobots } from '@robots-lens/kernel/parse';
import { verdictWithPreferencesJson } from '@robots-lens/kernel/preferences';
import { BATCH_FIELD_NAMES } from '../../server/src/cli/commands/test-batch';
import { runCli } from '../support/cli';

const dir = mkdtempSync(join(tmpdir(), 'robots-lens-lists-'));
const robots = join(dir, 'robots.txt');
writeFileSync(
  robots,
  ['Disallow: /orphan', 'User-agent: *', 'Disallow: /private/', 'Allow: /private/help.html$', '', 'User-agent: Googlebot', 'Disallow: /nogoogle', 'Disallow: /%62', 'Allow: /same', 'Disallow: /same', 'User-agent: MJ12bot', 'Disallow: /mj', ''].join('\n'),
);
const onlyGoogle = join(dir, 'google-only.txt');
writeFileSync(onlyGoogle, 'User-agent: Googlebot\nDisallow: /x\n');
const ORIGIN = 'https://shop.test';

describe('robots-lens test --batch', () => {
  test('every answer is exactly the JSON of the verdict, whatever the query', async () => {
    const queries: Array<{ agent: string; url: string }> = [];
    const urls = ['/private/a', '/private/help.html', '/nogoogle/x', '/b', '/%62', '/same', '/orphan', '/robots.txt', `${ORIGIN}/private/x`, 'https://other.test/private/x', '/caf%C3%A9', '/a"quote', '/tab\there'];
    const agents = ['Googlebot', 'GPTBot', 'MJ12', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot-Image'];
    for (const url of urls) for (const agent of agents) queries.push({ agent, url });
    const lines = queries.map((q, i) => (i % 3 === 0 ? JSON.stringify({ url: q.url, agent: q.agent }) : i % 3 === 1 ? JSON.stringify(q) : `{ "agent" : ${JSON.stringify(q.agent)}, "url": ${JSON.stringify(q.url)}, "id": ${i} }`));
    const { code, stdout, stderr } = await runCli(['test', robots, '--batch', '--origin', ORIGIN], { stdin: lines.join('\r\n') + '\r\n' });
    assert.equal(code, 0, stderr);
    const parsed = parseRobots(readFileSync(robots));
    const matcher = matcherFor(parsed);
    const expected = queries.map((q) => JSON.stringify(verdictWithPreferencesJson(matcher.decide(q.url, q.agent, { origin: ORIGIN }), parsed)));
    assert.deepEqual(stdout.trimEnd().split('\n'), expected);
    assert.ok(expected.some((e) => e.includes('"googleLiteral"')), 'a verdict with a Google literal difference is among them');
  });

  test('with no group for the agent, the answer is still the verdict JSON', async () => {
    const { stdout } = await runCli(['test', onlyGoogle, '--batch'], { stdin: '{"agent":"GPTBot","url":"/x"}\n' });
    const parsed = parseRobots(readFileSync(onlyGoogle));
    assert.equal(stdout, JSON.stringify(verdictWithPreferencesJson(matcherFor(parsed).decide('/x', 'GPTBot'), parsed)) + '\n');
  });

  test('--fields allowed,line gives the lean answer, in the order asked', async () => {
    const stdin = ['{"agent":"GPTBot","url":"/private/a"}', '{"agent":"GPTBot","url":"/open"}', 'nonsense', '{"agent":"Googlebot","url":"/nogoogle"}'].join('\n');
    const { code, stdout } = await runCli(['test', robots, '--batch', '--fields', 'allowed,line'], { stdin });
    assert.equal(code, 0);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      '{"allowed":false,"line":3}',
      '{"allowed":true,"line":null}',
      '{"line":3,"error":"not a JSON object: expected {\\"agent\\": \\"...\\", \\"url\\": \\"...\\"}"}',
      '{"allowed":false,"line":7}',
    ]);
    const other = await runCli(['test', robots, '--batch', '--fields', 'line,rule,url'], { stdin: '{"agent":"GPTBot","url":"/private/a"}' });
    assert.equal(other.stdout, '{"line":3,"rule":"Disallow: /private/","url":"/private/a"}\n');
  });

  test('queries saved with a byte order mark (as Windows tools write them) are read from the first line on', async () => {
    const { code, stdout } = await runCli(['test', robots, '--batch', '--fields', 'allowed,line'], { stdin: '\ufeff{"agent":"GPTBot","url":"/private/a"}\r\n{"agent":"GPTBot","url":"/open"}\r\n' });
    assert.equal(code, 0);
    assert.deepEqual(stdout.trimEnd().split('\n'), ['{"allowed":false,"line":3}', '{"allowed":true,"line":null}']);
  });

  test('the help names every field --fields takes, in their order', async () => {
    const { stdout } = await runCli(['test', '--help']);
    const option = stdout.split('\n').find((l) => l.trimStart().startsWith('--fields'))!;
    assert.ok(option.includes(BATCH_FIELD_NAMES.join(', ')), option);
  });

  test('--fields with an unknown name is a usage error naming it', async () => {
    const { code, stderr } = await runCli(['test', robots, '--batch', '--fields', 'allowed,verdict'], { stdin: '' });
    assert.equal(code, 2);
    assert.match(stderr, /--fields takes a comma-separated list of url, agent, .*, not "verdict"/);
  });

  test('a line longer than a query may be is answered with an error object, and the run goes on', async () => {
    const long = `{"agent":"GPTBot","url":"/${'a'.repeat(200_000)}"}`;
    const stdin = `${long}\n{"agent":"GPTBot","url":"/private/a"}\n`;
    const { code, stdout } = await runCli(['test', robots, '--batch', '--fields', 'allowed'], { stdin });
    assert.equal(code, 0);
    const [first, second] = stdout.trimEnd().split('\n');
    assert.deepEqual(JSON.parse(first!), { line: 1, error: `line longer than 65536 characters (the most a query may have); not read` });
    assert.equal(second, '{"allowed":false}');
  });
});

describe('robots-lens test --urls', () => {
  const list = join(dir, 'urls.txt');
  writeFileSync(list, ['# submitted URLs', '/private/a', '', '  /open  ', 'not a url', `${ORIGIN}/private/help.html`, ''].join('\n'));

  test('a file: text lines per URL and agent, comments and blanks skipped, a bad line reported on its line and counted', async () => {
    const { code, stdout, stderr } = await runCli(['test', robots, '--agent', 'GPTBot', '--agent', 'Googlebot', '--urls', list]);
    assert.equal(code, 0, stderr);
    const lines = stdout.trimEnd().split('\n');
    assert.equal(lines.length, 7);
    assert.match(lines[0]!, /^disallowed\s+\/private\/a\s+\[GPTBot\]\s+line 3: Disallow: \/private\//);
    assert.match(lines[1]!, /^allowed\s+\/private\/a\s+\[Googlebot\]/);
    assert.match(lines[2]!, /^allowed\s+\/open\s+\[GPTBot\]/);
    assert.match(lines[4]!, /^error\s+line 5: not a url\s+"not a url" is neither a path/);
    assert.match(lines[5]!, /^allowed\s+https:\/\/shop\.test\/private\/help\.html\s+\[GPTBot\]\s+line 4: Allow/);
    // One width for the outcome column, the error line's too: what follows lines up.
    assert.deepEqual([...new Set(lines.map((l) => /^\S+ +/.exec(l)![0].length))], ['disallowed  '.length]);
    assert.equal(stderr, 'robots-lens test: 1 line is not a URL or path (answered 3 lines).\n');
  });

  test('stdin with --json: one verdict object per URL and agent, the bad line as an error object', async () => {
    const { code, stdout } = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', '-', '--json'], { stdin: '/private/a\nnot a url\n' });
    assert.equal(code, 0);
    const [verdict, problem] = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(verdict!.allowed, false);
    assert.equal(verdict!.line, 3);
    assert.equal(problem!.line, 2);
    assert.equal(problem!.url, 'not a url');
  });

  test('--csv: the header, then url, agent, allowed, line and rule, cells guarded', async () => {
    const { code, stdout } = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', '-', '--csv'], { stdin: '/private/a\n/open\n=cmd|x\n' });
    assert.equal(code, 0);
    assert.deepEqual(stdout.trimEnd().split('\n'), [
      'url,agent,allowed,line,rule',
      '/private/a,GPTBot,false,3,Disallow: /private/',
      '/open,GPTBot,true,,',
      `'=cmd|x,,,,"line 3: ""=cmd|x"" is neither a path starting with ""/"" nor an absolute URL (https://host/path)."`,
    ]);
  });

  test('control characters of a line reach no terminal, in any format, be it a URL or not', async () => {
    // ESC starts a terminal's control sequences, and so does U+009B (CSI) where C1 is honoured.
    const stdin = '/a\u001b[2Jb\n/x\u009by\nbad\u001b[31m\u009b\n';
    for (const format of [[], ['--csv'], ['--json']]) {
      const { code, stdout } = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', '-', ...format], { stdin });
      assert.equal(code, 0);
      // eslint-disable-next-line no-control-regex -- the controls are what it looks for.
      assert.doesNotMatch(stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, `${format.join('') || 'text'}: ${stdout}`);
      assert.match(stdout, /bad(\\x1b|\\u001b)\[31m/, 'the line is still shown, escaped');
    }
  });

  test('a byte that is not UTF-8 is matched as that octet and shown as such, in every format and in --batch', async () => {
    // A stray Latin-1 é (E9), a lone FF, and a UTF-8 sequence cut short by the end of the input (C3).
    const latin = join(dir, 'latin.txt');
    writeFileSync(latin, 'User-agent: *\nDisallow: /caf%E9\nDisallow: /%FF\nDisallow: /end%C3$\n');
    const list = Buffer.concat([Buffer.from('/caf'), Buffer.from([0xe9]), Buffer.from('/menu\n/'), Buffer.from([0xff]), Buffer.from('\n/caf%C3%A9\n/end'), Buffer.from([0xc3])]);
    const text = await runCli(['test', latin, '--agent', 'GPTBot', '--urls', '-'], { stdin: list });
    assert.equal(text.code, 0, text.stderr);
    const verdicts = text.stdout.trimEnd().split('\n').map((line) => line.split(/\s{2,}/).slice(0, 3).join(' | '));
    assert.deepEqual(verdicts, [
      'disallowed | /caf\\xe9/menu | [GPTBot]',
      'disallowed | /\\xff | [GPTBot]',
      'allowed | /caf%C3%A9 | [GPTBot]',
      'disallowed | /end\\xc3 | [GPTBot]',
    ]);
    const csv = await runCli(['test', latin, '--agent', 'GPTBot', '--urls', '-', '--csv'], { stdin: list });
    assert.equal(csv.stdout.split('\n')[1], '/caf\\xe9/menu,GPTBot,false,2,Disallow: /caf%E9');
    const json = await runCli(['test', latin, '--agent', 'GPTBot', '--urls', '-', '--json'], { stdin: list });
    const first = JSON.parse(json.stdout.split('\n')[0]!) as { url: string; line: number };
    assert.deepEqual([first.url, first.line], ['/caf\udce9/menu', 2]);
    // --batch: the same octets, on lines read in place and on lines that take JSON.parse.
    const queries = Buffer.concat([Buffer.from('{"agent":"GPTBot","url":"/caf'), Buffer.from([0xe9]), Buffer.from('"}\n{ "url": "/'), Buffer.from([0xff]), Buffer.from('", "agent": "x" }\n')]);
    const batch = await runCli(['test', latin, '--batch', '--fields', 'url,allowed,line'], { stdin: queries });
    assert.deepEqual(batch.stdout.trimEnd().split('\n'), ['{"url":"/caf\\udce9","allowed":false,"line":2}', '{"url":"/\\udcff","allowed":false,"line":3}']);
  });

  test('a list saved as UTF-16 is said to be so, once, from a file or stdin', async () => {
    const list16 = join(dir, 'urls-utf16.txt');
    const text = '/private/a\r\n/open\r\n';
    writeFileSync(list16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const fromFile = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', list16]);
    assert.equal(fromFile.code, 2);
    assert.equal(fromFile.stdout, '');
    assert.equal(fromFile.stderr, `robots-lens test: ${list16}: this URL list is UTF-16 (every other byte is 0); save it as UTF-8, one URL or path a line.\n`);
    // Without a byte order mark, from a pipe.
    const fromStdin = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', '-'], { stdin: Buffer.from(text, 'utf16le') });
    assert.equal(fromStdin.code, 2);
    assert.match(fromStdin.stderr, /^robots-lens test: stdin: this URL list is UTF-16/);
  });

  test('exit 2 only when no line could be answered', async () => {
    const { code, stderr } = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', '-'], { stdin: 'no\nnope\n' });
    assert.equal(code, 2);
    assert.match(stderr, /2 lines are not a URL or path \(answered 0 lines\)/);
  });

  test('a missing list file, or a folder, is an input error in one sentence, before any answer', async () => {
    const missing = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', join(dir, 'missing.txt')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /URL list/);
    const folder = await runCli(['test', robots, '--agent', 'GPTBot', '--urls', dir]);
    assert.deepEqual([folder.code, folder.stdout, folder.stderr], [2, '', `robots-lens test: ${dir} is a directory, not a URL list.\n`]);
  });
});
