/**
 * `robots-lens serve`: one process that runs many scale-out commands, one JSON request a line
 * on stdin, one JSON answer a line on stdout. A distributed engine starts it once per worker
 * (examples/scale-out/dask_replay.py), so a shard costs what it costs inside one warm process:
 * no process start, no module loading, no JIT warm-up per task.
 */

import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { InputError } from '../../node/files';
import { peakRssKb } from '../../node/peak-rss';
import { COMMANDS } from '../command-table';
import { messageOf } from '../error-message';
import { ExitCode } from '../exit-code';
import { divertErrors, Output, reportError } from '../output';
import { parseCommand } from '../spec';
import type { Args, CommandIo } from '../spec';
import type { SERVE } from '../specs/serve';
import { commandHelp } from '../usage';
import { UsageError } from '../usage-error';

/** The commands a request may run: those of a sharded replay, which read files, not stdin. */
const SERVED = ['replay-scan', 'replay', 'merge'];
/** The longest request line read; a longer one is answered with an error. */
const MAX_REQUEST_CHARS = 1 << 20;
/** The names of this process's stdin, which carries the requests. */
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

interface Request {
  readonly id: unknown;
  readonly args: readonly string[];
}

export async function runServe({ positionals }: Args<typeof SERVE.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length > 0) throw new UsageError(`serve takes no arguments (got ${positionals[0]}); send requests on stdin, one JSON line each.`);
  const answers = new Output(io.stdout);
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const request = readRequest(line);
    const answer = 'error' in request ? request : await serveOne(request);
    await answers.json(answer);
    await answers.flush();
  }
  return ExitCode.Success;
}

/** The request on a line, or the error answer saying why it is not one. */
function readRequest(line: string): Request | { id: unknown; error: string } {
  if (line.length > MAX_REQUEST_CHARS) return { id: null, error: `a request line is at most ${MAX_REQUEST_CHARS} characters; this one has ${line.length}.` };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { id: null, error: 'a request is one line of JSON, {"id": …, "args": ["replay-scan" | "replay" | "merge", …]}; this line is not JSON.' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { id: null, error: 'a request is a JSON object, {"id": …, "args": […]}.' };
  const { id = null, args } = value as { id?: unknown; args?: unknown };
  if (!Array.isArray(args) || args.length === 0 || !args.every((a) => typeof a === 'string')) return { id, error: '"args" must be a non-empty list of strings: the command and its arguments, as after robots-lens.' };
  const name = args[0] as string;
  if (!SERVED.includes(name)) return { id, error: `serve runs ${SERVED.join(', ')}; "${name}" is not one of them.` };
  return { id, args: args as string[] };
}

/** Runs one request in this process; its stdout and stderr are gathered into the answer. */
async function serveOne({ id, args }: Request): Promise<object> {
  const [name, ...rest] = args as [string, ...string[]];
  const stdout = new Gathered();
  let stderr = '';
  const diverted = divertErrors((text) => {
    stderr += text;
  });
  const started = performance.now();
  let exitCode: number;
  try {
    exitCode = await runCommand(name, rest, stdout);
  } catch (error) {
    reportError(name, messageOf(error, name));
    exitCode = ExitCode.Failure;
  } finally {
    diverted.restore();
  }
  return { id, exitCode, stdout: stdout.text, stderr, seconds: (performance.now() - started) / 1000, maxRssKb: peakRssKb(), pid: process.pid };
}

async function runCommand(name: string, argv: readonly string[], stdout: Gathered): Promise<number> {
  const command = COMMANDS[name]!;
  const options = argv.indexOf('--') === -1 ? argv : argv.slice(0, argv.indexOf('--'));
  if (options.includes('--help') || options.includes('-h')) {
    const out = new Output(stdout);
    for (const line of commandHelp(name)) await out.line(...line);
    await out.flush();
    return ExitCode.Success;
  }
  const stdin = parseCommand(command.spec, argv).positionals.find((p) => STDIN_PATHS.has(p));
  if (stdin !== undefined) throw new InputError(`${stdin}: standard input carries the requests to serve; give logs as files.`);
  const io: CommandIo = {
    get stdin(): NodeJS.ReadableStream {
      throw new InputError('standard input carries the requests to serve; give logs as files.');
    },
    stdout,
  };
  return command.run(argv, io);
}

/** A run's stdout, kept as text for its answer. */
class Gathered extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    done();
  }
}
