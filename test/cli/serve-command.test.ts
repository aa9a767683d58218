import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, test } from 'node:test';
import { runCli } from '../support/cli';
import { CLI, requireBuilt } from '../support/dist';

const ROOT = join(__dirname, '..', '..');
const ROBOTS = join(ROOT, 'examples', 'robots.txt');
const LINES = readFileSync(join(ROOT, 'examples', 'access.log'), 'utf8').split('\n').filter((l) => l !== '');
const OPTIONS = ['--crawl-delay', '--grace', '24h'];

interface Answer {
  readonly id: unknown;
  readonly exitCode?: number;
  readonly stdout?: string;
  readonly stderr?: string;
  readonly seconds?: number;
  readonly maxRssKb?: number;
  readonly pid?: number;
  readonly error?: string;
}

/**
 * A real `robots-lens serve` process, asked one line at a time: each answer is read before the
 * next request is sent, as a worker does.
 */
function serve(): { ask(line: string): Promise<Answer>; end(): Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [requireBuilt(CLI), 'serve'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    async ask(line) {
      child.stdin.write(line + '\n');
      const next = await answers.next();
      assert.ok(next.done !== true, `serve ended without answering ${line} (stderr: ${stderr})`);
      return JSON.parse(next.value) as Answer;
    },
    async end() {
      child.stdin.end();
      return { code: await exited, stderr };
    },
  };
}

describe('robots-lens serve: many scale-out commands in one process', () => {
  test('scans, replays after the scans and merges as the separate commands do, and keeps serving after bad requests', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lens-serve-'));
    // Cut where the second changes: shards cut inside a second would overlap in time.
    const second = (l: string): string => /\[([^\]]+)\]/.exec(l)![1]!;
    let cut = LINES.length >> 1;
    while (second(LINES[cut]!) === second(LINES[cut - 1]!)) cut++;
    const shards = [LINES.slice(0, cut), LINES.slice(cut)].map((lines, k) => {
      const path = join(dir, `${k}.log`);
      writeFileSync(path, lines.join('\n') + '\n');
      return path;
    });

    const server = serve();
    const scan = await server.ask(JSON.stringify({ id: 1, args: ['replay-scan', ROBOTS, shards[0], '--out', '-'] }));
    const alone = await runCli(['replay-scan', ROBOTS, shards[0]!, '--out', '-']);
    assert.deepEqual({ id: scan.id, exitCode: scan.exitCode, stdout: scan.stdout, stderr: scan.stderr }, { id: 1, exitCode: 0, stdout: alone.stdout, stderr: alone.stderr });
    assert.ok(typeof scan.seconds === 'number' && scan.seconds >= 0 && typeof scan.maxRssKb === 'number' && scan.maxRssKb > 0 && typeof scan.pid === 'number', JSON.stringify(scan));

    // Bad requests: each answered with an error naming what is wrong, none ends the server.
    const bad: [string, RegExp][] = [
      ['not json', /this line is not JSON/],
      ['[1, 2]', /a JSON object/],
      ['{"id": 7}', /"args" must be a non-empty list of strings/],
      ['{"id": 8, "args": ["replay", 3]}', /"args" must be a non-empty list of strings/],
      ['{"id": 9, "args": ["test", "robots.txt"]}', /serve runs replay-scan, replay, merge; "test" is not one of them/],
      ['{"id": 10, "args": ["serve"]}', /"serve" is not one of them/],
    ];
    for (const [line, message] of bad) {
      const answer = await server.ask(line);
      assert.match(answer.error ?? '', message, line);
      assert.equal(answer.exitCode, undefined, line);
    }
    // Requests that run and fail: the command's own message and exit code, as from the shell.
    const failing: [unknown[], RegExp][] = [
      [['replay', ROBOTS, join(dir, 'missing.log')], /^robots-lens replay: .*missing\.log: no such log file\.\n$/],
      [['replay', ROBOTS, '-'], /^robots-lens replay: -: standard input carries the requests to serve; give logs as files\.\n$/],
      [['replay', ROBOTS, shards[0], '--no-such-option'], /^robots-lens replay: unknown option --no-such-option\. Usage: robots-lens replay /],
      [['merge'], /^robots-lens merge: /],
    ];
    for (const [args, message] of failing) {
      const answer = await server.ask(JSON.stringify({ id: 'f', args }));
      assert.equal(answer.exitCode, 2, JSON.stringify(answer));
      assert.match(answer.stderr ?? '', message);
    }
    assert.match((await server.ask(JSON.stringify({ id: 'h', args: ['merge', '--help'] }))).stdout ?? '', /^Usage: robots-lens merge /);

    // The sharded replay, all through the one process.
    const scanFile = join(dir, '0.scan.json');
    assert.equal((await server.ask(JSON.stringify({ id: 2, args: ['replay-scan', ROBOTS, shards[0], '--out', scanFile] }))).exitCode, 0);
    const parts = [join(dir, '0.json'), join(dir, '1.json')];
    for (const [k, after] of [[0, []], [1, ['--after', scanFile]]] as const) {
      const answer = await server.ask(JSON.stringify({ id: `r${k}`, args: ['replay', ROBOTS, shards[k], ...OPTIONS, ...after, '--summary-json', parts[k]] }));
      assert.equal(answer.exitCode, 0, answer.stderr);
    }
    const merged = await server.ask(JSON.stringify({ id: 'm', args: ['merge', ...parts, '--summary-json', join(dir, 'merged.json')] }));
    assert.equal(merged.exitCode, 0, merged.stderr);
    // Every run in the one process.
    assert.equal(merged.pid, scan.pid);
    const whole = await runCli(['replay', ROBOTS, ...shards, ...OPTIONS, '--summary-json', join(dir, 'whole.json')]);
    assert.equal(whole.code, 0, whole.stderr);
    assert.equal(merged.stdout, whole.stdout);
    const figures = (path: string): unknown => ({ ...(JSON.parse(readFileSync(path, 'utf8')) as object), elapsedMs: 0 });
    assert.deepEqual(figures(join(dir, 'merged.json')), figures(join(dir, 'whole.json')));

    const ended = await server.end();
    assert.equal(ended.code, 0);
    assert.equal(ended.stderr, '');
  });

  test('takes no arguments: a usage error, exit 2', async () => {
    const r = await runCli(['serve', 'robots.txt']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^robots-lens serve: serve takes no arguments \(got robots\.txt\); send requests on stdin, one JSON line each\.\n$/);
  });
});
