/**
 * `robots-lens ai-access`: the AI access summary the extension's view shows, as text or one
 * JSON object. Each crawler's statement is the kernel's (`aiAccess`): a crawler that may ignore
 * robots.txt is never counted as kept out, and a control token is opted out, not opted out, or
 * not stated — it never "fetches".
 */

import { aiAccess } from '@robots-lens/kernel/ai-access';
import type { CrawlerAccessEntry, PurposeAccess } from '@robots-lens/kernel/ai-access';
import { parseRobots } from '@robots-lens/kernel/parse';
import { readRobotsFile } from '../../node/robots-file';
import { ExitCode } from '../exit-code';
import { Output, reportError } from '../output';
import type { Args, CommandIo } from '../spec';
import type { AI_ACCESS } from '../specs/ai-access';
import { UsageError } from '../usage-error';

/** The purposes a person asks about here, shown first and in full in text. */
const AI_PURPOSES = new Set(['ai-training', 'ai-search', 'user-fetch', 'control-token']);

export async function runAiAccess({ values, positionals }: Args<typeof AI_ACCESS.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length !== 1) throw new UsageError('give one robots.txt file, e.g. robots-lens ai-access robots.txt');
  const path = positionals[0]!;
  const input = await readRobotsFile(path);
  if (input.notice) reportError('ai-access', input.notice);
  const purposes = aiAccess(parseRobots(input.bytes));
  const out = new Output(io.stdout);
  if (values.json) {
    await out.json({ purposes: purposes.map(purposeJson) }, 2);
  } else {
    for (const purpose of purposes.filter((p) => AI_PURPOSES.has(p.purpose))) {
      await out.line(purpose.summary);
      for (const entry of purpose.crawlers) await out.line(`  ${entry.crawler.token}: ${entry.words}${lineText(entry)}`);
    }
    for (const purpose of purposes.filter((p) => !AI_PURPOSES.has(p.purpose))) await out.line(purpose.summary);
  }
  await out.flush();
  return ExitCode.Success;
}

function purposeJson(purpose: PurposeAccess) {
  return { purpose: purpose.purpose, summary: purpose.summary, crawlers: purpose.crawlers.map(crawlerJson) };
}

function crawlerJson(entry: CrawlerAccessEntry) {
  const { crawler } = entry;
  return {
    token: crawler.token,
    operator: crawler.operator,
    purposes: crawler.purposes,
    controlToken: crawler.controlToken,
    userInitiated: crawler.userInitiated,
    honoursRobotsTxt: crawler.honoursRobotsTxt,
    // A control token fetches nothing: what its group covers is a statement, not access.
    mayFetch: crawler.controlToken ? null : entry.access,
    statement: entry.statement,
    line: firstLine(entry),
  };
}

/** The 1-based User-agent line of the group the crawler obeys, or null. */
function firstLine(entry: CrawlerAccessEntry): number | null {
  const line = entry.group?.agentLines[0];
  return line === undefined ? null : line + 1;
}

function lineText(entry: CrawlerAccessEntry): string {
  const line = firstLine(entry);
  if (line === null || entry.group === null) return '';
  return entry.group.via === 'star' ? ` (the * group, line ${line})` : ` (line ${line})`;
}
