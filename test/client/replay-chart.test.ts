/**
 * The replay chart's model: every crawler has a lane (the busiest ten shown first, the rest
 * counted for the "+N more" button), violations are counted per lane and bucket, and the
 * time axis has labelled ticks at round UTC times.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { replayChart } from '../../client/src/panels/replay/chart';
import type { ChartRequest } from '../../client/src/panels/replay/chart';

const crawlerRow = (c: string, t: string, allowed: boolean, violation = false): ChartRequest => ({ t, c, k: 'crawler', a: allowed, x: violation });

describe('replay chart', () => {
  test('fourteen crawlers: all have lanes, ten shown, the quiet one with violations is among the rest', () => {
    const rows: ChartRequest[] = [];
    for (let n = 0; n < 13; n++) for (let i = 0; i <= 30 + n; i++) rows.push(crawlerRow(`Bot${String(n).padStart(2, '0')}`, `2026-03-01T${String(i % 24).padStart(2, '0')}:10:00Z`, true));
    for (let i = 0; i < 24; i++) rows.push(crawlerRow('Baiduspider', `2026-03-02T0${i % 6}:30:00Z`, false, true));
    rows.push({ t: '2026-03-01T05:00:00Z', c: 'Firefox', k: 'browser', a: true, x: false });
    const chart = replayChart(rows);
    assert.ok(chart);
    assert.equal(chart.lanes.length, 14);
    assert.equal(chart.shown, 10);
    const baidu = chart.lanes.find((lane) => lane.crawler === 'Baiduspider');
    assert.ok(baidu);
    assert.ok(chart.lanes.indexOf(baidu) >= chart.shown, 'Baiduspider is one of the lanes behind "+N more"');
    assert.equal(baidu.violations, 24);
    assert.equal(baidu.cells.reduce((sum, cell) => sum + cell.violations, 0), 24);
    assert.equal(chart.lanes.some((lane) => lane.crawler === 'Firefox'), false);
  });

  test('the time axis has labelled ticks at round hours, the date given where it changes', () => {
    const chart = replayChart([crawlerRow('GPTBot', '2026-03-01T00:20:00Z', true), crawlerRow('GPTBot', '2026-03-02T11:40:00Z', false, true)]);
    assert.ok(chart);
    assert.equal(chart.bucketName, 'hour');
    assert.equal(chart.buckets, 36);
    assert.deepEqual(
      chart.ticks.map((tick) => `${tick.at}:${tick.label}`),
      ['0:2026-03-01 00:00', '6:06:00', '12:12:00', '18:18:00', '24:2026-03-02 00:00', '30:06:00', '36:12:00'],
    );
  });

  test('no dated crawler request: no chart', () => {
    assert.equal(replayChart([{ t: 'x', c: 'GPTBot', k: 'crawler', a: true, x: false }]), null);
  });
});
