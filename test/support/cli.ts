import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { CLI, requireBuilt } from './dist';

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly stdin?: string | Buffer;
  /** A file descriptor for stdin instead of a pipe fed `stdin` (e.g. an open file, as `< file` gives). */
  readonly stdinFd?: number;
  readonly cwd?: string;
  /** Variables added to the environment; colour variables of the caller are never passed on. */
  readonly env?: Readonly<Record<string, string>>;
  /** Close the reading end of stdout at once, as `| head -1` does once it has its line. */
  readonly closeStdout?: boolean;
  /** A file descriptor or path-opened stream for stdout instead of a pipe (e.g. /dev/full). */
  readonly stdoutFd?: number;
}

/** Runs the built CLI as a real process, optionally feeding stdin. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  for (const name of ['NO_COLOR', 'FORCE_COLOR']) if (options.env?.[name] === undefined) delete env[name];
  const child = spawn(process.execPath, [requireBuilt(CLI), ...args], {
    cwd: options.cwd,
    env,
    stdio: [options.stdinFd ?? 'pipe', options.stdoutFd ?? 'pipe', 'pipe'],
  });
  if (options.closeStdout) child.stdout?.destroy();
  const result = outputOf(child);
  if (child.stdin) {
    // A child that stops early (a usage error) may close stdin before it is all written.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
  }
  return result;
}

/** What a process wrote to its stdout (when that is a pipe still open) and stderr, and its exit code, once it has ended. */
export function outputOf(child: ChildProcess): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    if (child.stdout && !child.stdout.destroyed) child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
