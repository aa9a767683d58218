/**
 * `robots-lens block-ai`: the extension's "Block AI training, keep search" edit on a file on
 * disk. The new file goes to stdout, or replaces the file with `--write` (the user asked for
 * exactly that edit); what was added and skipped, with the reasons, goes to stderr, so a
 * redirected stdout is the file and nothing else.
 */

import { blockPurposeEdit, editedText } from '@robots-lens/kernel/ai-access';
import type { BlockEdit } from '@robots-lens/kernel/ai-access';
import { parseRobots } from '@robots-lens/kernel/parse';
import { plural } from '@robots-lens/kernel/words';
import { InputError } from '../../node/files';
import { replaceFileText } from '../../node/replace-file';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { Output, reportError } from '../output';
import type { Args, CommandIo } from '../spec';
import type { BLOCK_AI } from '../specs/block-ai';
import { UsageError } from '../usage-error';

/** A file rewritten whole is read whole, up to this size; robots.txt files are far smaller. */
const REWRITE_MAX_BYTES = 16 * 1024 * 1024;

export async function runBlockAi({ values, positionals }: Args<typeof BLOCK_AI.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 1) throw new UsageError('give one robots.txt file, e.g. robots-lens block-ai robots.txt');
  const path = positionals[0]!;
  const input = await readRobotsFile(path, 'robots.txt file', REWRITE_MAX_BYTES);
  if (input.notice) throw new InputError(`${path} is larger than ${plural(REWRITE_MAX_BYTES, 'byte')}: it is not rewritten, so nothing of it is lost.`);
  const file = parseRobots(input.bytes);
  if (file.problems.some((p) => p.code === 'invalid-utf8')) {
    throw new InputError(`${path} is not valid UTF-8: writing it back would change bytes the edit does not touch, so it is left as it is.`);
  }
  const scope = values['and-answers'] ? 'ai-training-and-answers' : 'ai-training';
  const date = new Date().toISOString().slice(0, 10);
  const block = blockPurposeEdit(file, scope, { date, contentSignal: values['content-signal'], includeGeneric: values['include-generic'] });
  const text = editedText(file.text, block.edits);
  for (const line of reportLines(block)) reportError('block-ai', line);
  if (values.write) {
    if (block.edits.length > 0) await replaceFileText(path, (file.hadBom ? '\uFEFF' : '') + text);
    return ExitCode.Success;
  }
  const out = new Output(io.stdout);
  const lines = text.split(/\r?\n/);
  // The file's last line break is the split's empty last element: not a line of its own.
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) await out.line(line);
  await out.flush();
  return ExitCode.Success;
}


/** What stderr says: added, skipped with reasons, the Content-Signal, warnings about the file. */
function reportLines(block: BlockEdit): string[] {
  const lines = [...block.warnings];
  lines.push(block.tokens.length > 0 ? `added a group naming ${plural(block.tokens.length, 'crawler')}: ${block.tokens.join(', ')}` : 'nothing to add: the file already governs every crawler of this scope it may name');
  for (const skip of block.skipped) lines.push(`not named: ${skip.token}: ${skip.reason}`);
  if (block.contentSignal !== null) lines.push(`added to the * group: ${block.contentSignal}`);
  if (block.contentSignalSkipped !== null) lines.push(`no Content-Signal added: ${block.contentSignalSkipped}`);
  return lines;
}
