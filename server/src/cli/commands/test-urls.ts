/**
 * `robots-lens test ROBOTS --agent A [--agent B…] --urls FILE|-`: a list of URLs or paths,
 * one a line, each answered for every agent — as text, JSON lines or CSV. A line that is not
 * a URL is answered with what is wrong with it and the run goes on.
 */

import { csvCell } from '@robots-lens/replay';
import { parseTarget, verdictJson } from '@robots-lens/kernel/match';
import { plural } from '@robots-lens/kernel/words';
import { statementText } from '@robots-lens/kernel/parse';
import type { RobotsFile } from '@robots-lens/kernel/parse';
import type { RobotsMatcher } from '@robots-lens/kernel/match';
import { describeFsError, InputError, openFileStream } from '../../node/files';
import { isQuiet } from '../../node/input-chunks';
import { lineBatches } from '../../node/line-reader';
import { LineWriter } from '../line-writer';
import { escapeLine, reportError, safeJson } from '../output';
import { formatVerdict, outcomeCell } from './verdict-lines';

/** A URL longer than this is not one anybody submits (sitemaps allow 2,048 characters). */
const MAX_URL_LINE = 64 * 1024;

export type UrlsFormat = 'text' | 'json' | 'csv';

export async function runUrlList(
  source: string,
  agents: readonly string[],
  format: UrlsFormat,
  matcher: RobotsMatcher,
  robots: RobotsFile,
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
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
      // Saved as UTF-16 (Notepad's "Unicode"), every line would be "not a URL": say why once.
      if (answered + unusable === 0 && looksUtf16(url)) throw new InputError(`${source === '-' ? 'stdin' : source}: this URL list is UTF-16 (every other byte is 0); save it as UTF-8, one URL or path a line.`);
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
          await say(escapeLine([url, agent, verdict.allowed, verdict.rule ? verdict.rule.line + 1 : null, rule].map(csvCell).join(',')));
        } else await say(formatVerdict(verdict, robots).map((pieces) => escapeLine(pieces.map((p) => (typeof p === 'string' ? p : p.text)).join(''))).join('\n'));
      }
    }
    // Stdin has nothing more yet: a program asking one URL at a time gets its answers now.
    if (source === '-' && isQuiet(input)) await out.flush();
  }
  await out.flush();
  if (unusable > 0) {
    reportError('test', `${unusable} line${unusable === 1 ? ' is' : 's are'} not a URL or path (answered ${plural(answered, 'line')}).`);
  }
  return answered === 0 && unusable > 0 ? 2 : 0;
}

/** A line of UTF-16 text read as UTF-8: a quarter or more of its characters are U+0000, which no URL has. */
function looksUtf16(line: string): boolean {
  let nul = 0;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) === 0) nul++;
  return line.length >= 2 && nul * 4 >= line.length;
}

/**
 * The answer to a line that is not a URL. The line is hostile text: its control characters
 * are escaped in every format (JSON writes DEL and C1 as escapes too), as a verdict's are.
 */
function problemLine(format: UrlsFormat, lineNumber: number, url: string, message: string): string {
  if (format === 'json') return safeJson({ line: lineNumber, url, error: message });
  if (format === 'csv') return escapeLine([url, null, null, null, `line ${lineNumber}: ${message}`].map(csvCell).join(','));
  return escapeLine(`${outcomeCell('error')}line ${lineNumber}: ${url}  ${message}`);
}

/** The list file as a stream, or an InputError naming what is wrong with the path. */
async function openList(path: string): Promise<NodeJS.ReadableStream> {
  try {
    return await openFileStream(path);
  } catch (error) {
    throw new InputError(describeFsError(error, path, 'URL list'));
  }
}
