import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseRobots } from '@robots-lens/kernel/parse';
import { csvHeader, csvRow, replayLogs } from '@robots-lens/replay';
import type { AuditRecord, ReplayOptions } from '@robots-lens/replay';

const ROBOTS = parseRobots('User-agent: *\nDisallow: /private/\n');
const OPTIONS: ReplayOptions = { versions: [{ label: 'robots.txt', effective: null, source: 'robots.txt', file: ROBOTS }] };
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

async function replay(lines: object[], jsonFields?: ReplayOptions['jsonFields']): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  await replayLogs([{ name: 'access.jsonl', chunks: [text] }], { ...OPTIONS, format: 'json', ...(jsonFields ? { jsonFields } : {}) }, { onRecord: (r) => void records.push(r) });
  return records;
}

const line = (ua: string, uri: string, tag?: string): object => ({
  time: '2026-11-23T00:00:00Z', remote_addr: '198.51.100.7', request_method: 'GET', request_uri: uri, status: 200, http_user_agent: ua,
  ...(tag === undefined ? {} : { x_robots_tag: tag }),
});

describe('replay: X-Robots-Tag logged with the request (docs/spec/robots-semantics.md §8)', () => {
  test('the directive set applies per crawler: generic parts plus its own, most restrictive', async () => {
    const [google, bing] = await replay([
      line(GOOGLEBOT, '/a', 'max-snippet: 50, googlebot: noindex'),
      line(BINGBOT, '/a', 'max-snippet: 50, googlebot: noindex'),
    ]);
    assert.equal(google!.directives?.noindex, true);
    assert.match(google!.directives!.effective, /noindex/);
    assert.match(google!.directives!.effective, /max-snippet:50/);
    assert.equal(bing!.directives?.noindex, false);
    assert.doesNotMatch(bing!.directives!.effective, /noindex/);
    assert.equal(google!.directives!.header, 'max-snippet: 50, googlebot: noindex');
  });

  test('indexing is reported beside crawl permission, never instead of it', async () => {
    const [record] = await replay([line(GOOGLEBOT, '/private/x', 'noindex')]);
    assert.equal(record!.allowed, false);
    assert.equal(record!.line, 2);
    assert.equal(record!.directives?.noindex, true);
  });

  test('no column, no directive set', async () => {
    const [record] = await replay([line(GOOGLEBOT, '/a')]);
    assert.equal(record!.directives, undefined);
  });

  test('the field name is configurable and exported to CSV', async () => {
    const [record] = await replay([{ ...line(GOOGLEBOT, '/a'), robots_header: 'none' }], { xRobotsTag: 'robots_header' });
    assert.equal(record!.directives?.noindex, true);
    const header = csvHeader().split(',');
    assert.ok(header.includes('x_robots_tag') && header.includes('effective_directives'));
    assert.match(csvRow(record!), /,none,/);
  });
});
