/**
 * The values of the shared option families (options.ts) checked and read, one way for every
 * command that takes them, each mistake a UsageError naming the option. Loaded by commands
 * only, since it needs the core.
 */

import { LOG_FORMATS, parseDuration } from '@robots-lens/replay/logs';
import { MAX_FETCH_TIMEOUT_MS } from '@robots-lens/fetch';
import { parseTarget } from '@robots-lens/kernel/match';
import type { JsonFieldNames, LogFormat } from '@robots-lens/replay/logs';
import { reportError } from './output';
import { UsageError } from './usage-error';

/** A whole number ≥ 1 from an option, or undefined when the option is absent. */
export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a whole number of 1 or more, not "${value}".`);
  }
  return Number(value);
}

/**
 * A fetch's `--timeout` in milliseconds, 1 to `MAX_FETCH_TIMEOUT_MS`, or undefined when absent:
 * a duration with its unit (`10s`, `500ms`, `2m`), or a bare number of milliseconds, as before.
 */
export function fetchTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = /^\s*\d+\s*$/.test(value) ? positiveInteger(value.trim(), '--timeout') : /[a-z]\s*$/i.test(value) ? parseDuration(value) : undefined;
  if (ms === undefined || ms < 1 || !Number.isInteger(ms)) throw new UsageError(`--timeout: "${value}" is not a duration such as 10s or 500ms (a bare number is milliseconds).`);
  if (ms > MAX_FETCH_TIMEOUT_MS) throw new UsageError(`--timeout takes at most ${MAX_FETCH_TIMEOUT_MS} ms (10 minutes), not "${value}".`);
  return ms;
}

/** `--origin` as the origin of an absolute URL. */
export function checkedOrigin(origin: string): string {
  const parsed = parseTarget(origin);
  if (!parsed.ok || parsed.target.origin === null) throw new UsageError(`--origin: "${origin}" is not an absolute URL like https://example.com.`);
  return parsed.target.origin;
}

/**
 * The log format of `replay` and `replay-scan`: `--log-format`, as `diff` takes it, or the
 * older `--format`, still read, with a line on stderr saying it is deprecated.
 */
export function replayLogFormat(values: { readonly 'log-format': string; readonly format?: string | undefined }, command: string): LogFormat | 'auto' {
  if (values.format === undefined) return checkedLogFormat(values['log-format'], '--log-format');
  if (values['log-format'] !== 'auto' && values['log-format'] !== values.format) throw new UsageError(`--format ${values.format} and --log-format ${values['log-format']} disagree: give --log-format only.`);
  const format = checkedLogFormat(values.format, '--format');
  reportError(command, `--format is deprecated; use --log-format ${values.format}.`);
  return format;
}

/** A log format option (`--format`, diff's `--log-format`): auto or one the core reads. */
export function checkedLogFormat(value: string, option: string): LogFormat | 'auto' {
  if (value !== 'auto' && !(LOG_FORMATS as readonly string[]).includes(value)) throw new UsageError(`${option} must be auto or one of ${LOG_FORMATS.join(', ')}, not "${value}".`);
  return value as LogFormat | 'auto';
}

/** The longest reorder window: more would only hold more requests in memory, never sort better. */
const MAX_REORDER_WINDOW_MS = 7 * 86_400_000;

/** `--reorder-window` in milliseconds. */
export function reorderWindow(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined || ms > MAX_REORDER_WINDOW_MS) throw new UsageError(`--reorder-window: "${value}" is not a duration such as 10m, 90s or 0 (at most 7d).`);
  return ms;
}

/** `--fail-on violations`: whether violations fail the run. */
export function failsOnViolations(value: string | undefined): boolean {
  if (value !== undefined && value !== 'violations') throw new UsageError(`--fail-on takes "violations", not "${value}".`);
  return value === 'violations';
}

const JSON_FIELD_KEYS: readonly (keyof JsonFieldNames)[] = ['time', 'ip', 'method', 'url', 'request', 'status', 'userAgent', 'host', 'xRobotsTag'];

/** `--json-fields time=ts,ip=client,…`: the field names of JSON logs. */
export function parseJsonFields(text: string): JsonFieldNames {
  const fields: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const [key, value] = pair.split('=').map((s) => s.trim());
    if (!key || !value || !(JSON_FIELD_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(`--json-fields: write key=field pairs separated by commas, keys ${JSON_FIELD_KEYS.join(', ')} (got "${pair}").`);
    }
    fields[key] = value;
  }
  return fields as JsonFieldNames;
}
