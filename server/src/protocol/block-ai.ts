/**
 * `robotsLens/blockAi`: the "Block AI training, keep search" edit of the current buffer, with
 * what it names, what it skips and why, so the command can say it in its message. The source
 * actions make the same edit (one kernel function), without the words.
 */

import { RequestType } from 'vscode-languageserver-protocol';
import type { TextEdit } from 'vscode-languageserver-protocol';

export type BlockAiScopeDto = 'ai-training' | 'ai-training-and-answers';

export interface BlockAiParams {
  readonly uri: string;
  readonly scope: BlockAiScopeDto;
  /** Also state the matching Content-Signal in the `*` group, unless the rules would contradict it. */
  readonly contentSignal: boolean;
}

export interface BlockAiResult {
  /** The document version the edits apply to. */
  readonly version: number;
  /** Empty when there is nothing to add. */
  readonly edits: readonly TextEdit[];
  /** The tokens the new group names. */
  readonly tokens: readonly string[];
  /** Crawlers of the scope not named, and why ("the file already names it (line 3, in the * group), which lets it fetch /"). */
  readonly skipped: readonly { readonly token: string; readonly reason: string }[];
  /** The Content-Signal line added, or null. */
  readonly contentSignal: string | null;
  /** Why the Content-Signal asked for was not added, or null. */
  readonly contentSignalSkipped: string | null;
  /** About the file itself: an HTML page, a file past Google's 500 KiB limit. */
  readonly warnings: readonly string[];
}

export const BlockAiRequest = new RequestType<BlockAiParams, BlockAiResult, void>('robotsLens/blockAi');
