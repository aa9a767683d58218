/** The messages between the replay panel and its page (`media/replay.js`). */

import { fieldsOf, isInteger, isStringArray } from '../message-checks';
import type { ReplayResultView } from './view';

/**
 * To the page: a replay started, its progress, its result, the IP list download's progress
 * and outcome, a failure, a passing note.
 */
export type ReplayOut =
  | { readonly type: 'running'; readonly title: string; readonly logFiles: readonly string[] }
  | { readonly type: 'progress'; readonly lines: number; readonly requests: number; readonly bytesRead: number | null; readonly bytesTotal: number | null }
  | ({ readonly type: 'result' } & ReplayResultView)
  | { readonly type: 'ranges'; readonly message: string; readonly busy: boolean; readonly failed: boolean }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'notice'; readonly message: string };

export type ExportFormat = 'csv' | 'jsonl';

/**
 * From the page: what it rendered (for tests), reveal a record's line, export the records
 * shown (all when `indices` is left out), cancel the replay, refresh the IP lists, and logs
 * dropped on it (URIs, and the names of files that came without one).
 */
export type ReplayIn =
  | { readonly type: 'rendered'; readonly matching: number; readonly inDom: number }
  | { readonly type: 'reveal'; readonly index: number }
  | { readonly type: 'export'; readonly format: ExportFormat; readonly indices?: readonly number[] }
  | { readonly type: 'cancel' }
  | { readonly type: 'refreshRanges' }
  | { readonly type: 'enforce' }
  | { readonly type: 'drop'; readonly uris: readonly string[]; readonly files: readonly string[] };

export function isReplayIn(message: unknown): message is ReplayIn {
  const m = fieldsOf(message);
  switch (m?.type) {
    case 'rendered':
      return isInteger(m.matching) && isInteger(m.inDom);
    case 'reveal':
      return isInteger(m.index);
    case 'export':
      return (m.format === 'csv' || m.format === 'jsonl') && (m.indices === undefined || (Array.isArray(m.indices) && m.indices.every(isInteger)));
    case 'cancel':
    case 'refreshRanges':
    case 'enforce':
      return true;
    case 'drop':
      return isStringArray(m.uris) && isStringArray(m.files);
    default:
      return false;
  }
}

/** A reloaded page gets the replay under way, its result or its failure again; news of the moment no. */
export function replayResend(message: ReplayOut): ReplayOut | undefined {
  return message.type === 'result' || message.type === 'error' || message.type === 'running' ? message : undefined;
}
