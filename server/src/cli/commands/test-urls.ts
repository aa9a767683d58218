/**
 * `robots-lens test ROBOTS --agent A [--agent B…] --urls FILE|-`: a list of URLs or paths,
 * one a line, each answered for every agent — as text, JSON lines or CSV. A line that is not
 * a URL is answered with what is wrong with it and the run goes on.
 */

import { createReadStream } from 'node:fs';
import { csvCell, parseTarget, plural, statementText, verdictJson } from '../../core';
import type { RobotsFile, RobotsMatcher } from '../../core';
import { describeFsError, InputError } from '../../node/files';
import { isQuiet } from '../../node/input-chunks';
import { lineBatches } from '../../node/line-reader';
import { escapeLine, LineWriter, safeJson } from '../output';
import { formatVerdict, outcomeCell } from './test';

/** A URL longer than this is not one anybody submits (sitemaps allow 2,048 characters). */
const MAX_URL_LINE = 64 * 1024;

export type UrlsFormat = 'text' | 'json' | 'csv';

export async function runUrlList(
  source: string,
  agents: readonly string[],
  format: UrlsFormat,
  matcher: RobotsMatcher,
  robots: RobotsFile,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream; stderr?: NodeJS.WritableStream },
  options: { origin?: string },
): Promise<number> {
  const input = source === '-' ? io.stdin : await openList(source);
  const out = new LineWriter(io.stdout);
  if (format === 'csv') await out.write('url,agent,allowed,line,rule');
  let lineNumber = 0;
  let answered = 0;
  let unusable = 0;
  const say = async (text: string): Promise<void> => {
    const flushing = out.write(text);
    if (flushing) await flushing;
  };
  for await (const lines of lineBatches(input, MAX_URL_LINE)) {
    for (const line of lines) {
      lineNumber++;
      const url = typeof line === 'string' ? line.trim() : '';
      if (typeof line === 'string' && (url === '' || url.startsWith('#'))) continue;
      const parsed = typeof line === 'string' ? parseTarget(url) : { ok: false as const, message: `a line of ${line.overlong} characters is not a URL` };
      if (!parsed.ok) {
        unusable++;
        await say(problemLine(format, lineNumber, url, parsed.message));
        continue;
      }
      answered++;
      for (const agent of agents) {
        const verdict = matcher.decide(url, agent, options);
        if (format === 'json') await say(safeJson(verdictJson(verdict, robots)));
        else if (format === 'csv') {
          const rule = verdict.rule ? statementText(robots, verdict.rule.line) : null;
          await say([url, agent, verdict.allowed, verdict.rule ? verdict.rule.line + 1 : null, rule].map(csvCell).join(','));
        } else await say(formatVerdict(verdict, robots).map((pieces) => escapeLine(pieces.map((p) => (typeof p === 'string' ? p : p.text)).join(''))).join('\n'));
      }
    }
    // Stdin has nothing more yet: a program asking one URL at a time gets its answers now.
    if (source === '-' && isQuiet(input)) await out.flush();
  }
  await out.flush();
  if (unusable > 0) {
    (io.stderr ?? process.stderr).write(`robots-lens test: ${unusable} line${unusable === 1 ? ' is' : 's are'} not a URL or path (answered ${plural(answered, 'line')}).\n`);
  }
  return answered === 0 && unusable > 0 ? 2 : 0;
}

function problemLine(format: UrlsFormat, lineNumber: number, url: string, message: string): string {
  if (format === 'json') return JSON.stringify({ line: lineNumber, url, error: message });
  if (format === 'csv') return [url, null, null, null, `line ${lineNumber}: ${message}`].map(csvCell).join(',');
  return `${outcomeCell('error')}line ${lineNumber}: ${url}  ${message}`;
}

/** The list file as a stream, or an InputError naming what is wrong with the path. */
async function openList(path: string): Promise<NodeJS.ReadableStream> {
  const stream = createReadStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('ready', () => resolve());
    stream.once('error', (error) => reject(new InputError(describeFsError(error, path, 'URL list'))));
  });
  return stream;
}
