/**
 * `robots-lens crawlers`: the crawler catalogue, optionally only the crawlers of one purpose;
 * `--import FILE` compares an ai.robots.txt `robots.json` with the catalogue and prints what
 * importing it would add or change, without changing anything.
 */

import type { CatalogueChange, CrawlerPurpose, CrawlerRecord } from '@robots-lens/kernel/crawlers';
import { compareWithCatalogue, CRAWLER_PURPOSES, crawlerRecords, isCrawlerPurpose, readAiRobotsList } from '@robots-lens/kernel/crawlers';
import { plural } from '@robots-lens/kernel/words';
import { printable } from '@robots-lens/replay';
import { InputError, readInputFile } from '../../node/files';
import { ExitCode } from '../exit-code';
import { Output } from '../output';
import type { Args, CommandIo } from '../spec';
import type { CRAWLERS } from '../specs/crawlers';
import { UsageError } from '../usage-error';

export async function runCrawlers({ values, positionals }: Args<typeof CRAWLERS.options>, io: CommandIo): Promise<ExitCode> {
  if (positionals.length > 0) throw new UsageError(`crawlers takes no arguments besides options (got "${positionals[0]}").`);
  const lines: (string | { json: unknown })[] = [];
  const write = (line: string | { json: unknown }): void => {
    lines.push(line);
  };
  if (values.import !== undefined) {
    if (values.purpose !== undefined) throw new UsageError('--purpose lists the catalogue; it cannot be combined with --import.');
    await importList(values.import, values.json, write);
  } else {
    listCatalogue(values.purpose, values.json, write);
  }
  // Through the one writer: an imported list's text is untrusted, and a closed pipe or a full
  // disk is handled as for every command.
  const out = new Output(io.stdout);
  for (const line of lines) await (typeof line === 'string' ? out.line(line) : out.json(line.json, 2));
  await out.flush();
  return ExitCode.Success;
}

function listCatalogue(purposeOption: string | undefined, json: boolean, write: (line: string | { json: unknown }) => void): void {
  let purpose: CrawlerPurpose | undefined;
  if (purposeOption !== undefined) {
    if (!isCrawlerPurpose(purposeOption)) throw new UsageError(`--purpose: "${printable(purposeOption)}" is not one of ${CRAWLER_PURPOSES.join(', ')}.`);
    purpose = purposeOption;
  }
  const records = crawlerRecords(purpose);
  if (json) {
    write({ json: records });
    return;
  }
  for (const line of listingText(records)) write(line);
  write(`${plural(records.length, 'crawler')}${purpose ? ` with purpose ${purpose}` : ''}.`);
}

function listingText(records: readonly CrawlerRecord[]): string[] {
  const rows = records.map((r) => [r.token, r.operator, r.purposes.join(', '), r.honoursRobotsTxt, flags(r)]);
  const header = ['token', 'operator', 'purposes', 'robots.txt', 'notes'];
  const widths = header.map((h, i) => Math.min(40, Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length))));
  const line = (cells: readonly string[]): string => cells.map((c, i) => printable(c, widths[i]).padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)];
}

function flags(r: CrawlerRecord): string {
  const out: string[] = [];
  if (r.userInitiated) out.push('user-initiated');
  if (r.retired !== null) out.push(`retired: use ${r.retired}`);
  return out.join('; ');
}

async function importList(path: string, json: boolean, write: (line: string | { json: unknown }) => void): Promise<void> {
  const bytes = await readInputFile(path, 'robots.json file');
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new InputError(`${path}: not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const list = readAiRobotsList(document);
  const changes = compareWithCatalogue(list.crawlers);
  const added = changes.filter((c) => c.kind === 'add').length;
  const changed = changes.length - added;
  if (json) {
    write({ json: { file: path, read: list.crawlers.length, added, changed, unchanged: list.crawlers.length - changes.length, changes, problems: list.problems } });
    return;
  }
  for (const change of changes) write(changeText(change));
  for (const problem of list.problems) write(`skipped: ${printable(problem)}`);
  write(`${plural(list.crawlers.length, 'agent')} read: ${added} to add, ${changed} to change, ${list.crawlers.length - changes.length} already as listed. Nothing was changed.`);
}

function changeText(c: CatalogueChange): string {
  const parts: string[] = [];
  if (c.purposes) parts.push(c.purposes.catalogue ? `purposes ${c.purposes.catalogue.join(', ')} → ${c.purposes.list.join(', ')}` : `purposes ${c.purposes.list.join(', ')}`);
  if (c.honoursRobotsTxt) {
    const words = `"${printable(c.honoursRobotsTxt.words, 80)}"`;
    parts.push(c.honoursRobotsTxt.catalogue ? `honours robots.txt ${c.honoursRobotsTxt.catalogue} → ${c.honoursRobotsTxt.list} (${words})` : `honours robots.txt ${c.honoursRobotsTxt.list} (${words})`);
  }
  if (c.userInitiated?.list) parts.push('user-initiated');
  if (c.listedAs !== undefined) parts.push(`listed as "${printable(c.listedAs, 60)}": a line naming it is read as its first word`);
  return `${c.kind === 'add' ? 'add   ' : 'change'}  ${printable(c.token)} (${printable(c.operator, 60)}): ${parts.join('; ')}`;
}
