/**
 * The replay chart's model: every crawler has a lane (the busiest ten shown first, the rest
 * counted for the "+N more" button), violations are counted per lane and bucket, and the
 * time axis has labelled ticks at round UTC times.
 */

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { replayChart, tickLabels } from '../../client/src/panels/replay/chart';
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
      chart.ticks.map((tick) => `${tick.at}:${tick.label}${tick.dated ? ' (dated)' : ''}`),
      ['0:2026-03-01 00:00 (dated)', '6:06:00', '12:12:00', '18:18:00', '24:03-02 00:00 (dated)', '30:06:00', '36:12:00'],
    );
  });

  test('the example log (three days): every date change is labelled, in short form', () => {
    const chart = replayChart([crawlerRow('GPTBot', '2026-11-23T00:00:03Z', true), crawlerRow('GPTBot', '2026-11-25T23:59:11Z', true)]);
    assert.ok(chart);
    assert.deepEqual(chart.ticks.map((tick) => tick.label), ['2026-11-23 00:00', '12:00', '11-24 00:00', '12:00', '11-25 00:00', '12:00', '11-26 00:00']);
    assert.deepEqual(chart.ticks.filter((tick) => tick.dated).map((tick) => tick.label), ['2026-11-23 00:00', '11-24 00:00', '11-25 00:00', '11-26 00:00']);
  });

  // UTC throughout: no daylight-saving shift, whatever the machine's time zone (the last
  // Sunday of March 2026 is a clock change in Europe; the labels do not see it).
  const H = 3_600_000;
  const at = (iso: string, stepHours: number, count: number): number[] => Array.from({ length: count }, (_, i) => Date.parse(iso) + i * stepHours * H);
  const cases: { name: string; times: number[]; withTime: boolean; labels: string[] }[] = [
    { name: 'under one day, hours apart: the date once', times: at('2026-03-01T03:00:00Z', 1, 4), withTime: true, labels: ['2026-03-01 03:00', '04:00', '05:00', '06:00'] },
    { name: 'a date change within the range', times: at('2026-11-23T18:00:00Z', 3, 4), withTime: true, labels: ['2026-11-23 18:00', '21:00', '11-24 00:00', '03:00'] },
    { name: 'many days, ticks 12 hours apart', times: at('2026-11-23T00:00:00Z', 12, 7), withTime: true, labels: ['2026-11-23 00:00', '12:00', '11-24 00:00', '12:00', '11-25 00:00', '12:00', '11-26 00:00'] },
    { name: 'a year change: the full date again', times: at('2026-12-31T12:00:00Z', 6, 4), withTime: true, labels: ['2026-12-31 12:00', '18:00', '2027-01-01 00:00', '06:00'] },
    { name: 'across a daylight-saving change in Europe: UTC hours, none skipped', times: at('2026-03-29T00:00:00Z', 1, 4), withTime: true, labels: ['2026-03-29 00:00', '01:00', '02:00', '03:00'] },
    { name: 'across a daylight-saving change in the US', times: at('2026-11-01T05:00:00Z', 1, 3), withTime: true, labels: ['2026-11-01 05:00', '06:00', '07:00'] },
    { name: 'days apart: dates only, the year once', times: at('2026-11-23T00:00:00Z', 24, 3), withTime: false, labels: ['2026-11-23', '11-24', '11-25'] },
    { name: 'weeks apart across a year change', times: at('2026-12-21T00:00:00Z', 7 * 24, 3), withTime: false, labels: ['2026-12-21', '12-28', '2027-01-04'] },
    { name: 'no ticks', times: [], withTime: true, labels: [] },
  ];
  for (const { name, times, withTime, labels } of cases) {
    test(`tick labels: ${name}`, () => assert.deepEqual(tickLabels(times, withTime), labels));
  }

  test('no dated crawler request: no chart', () => {
    assert.equal(replayChart([{ t: 'x', c: 'GPTBot', k: 'crawler', a: true, x: false }]), null);
  });
});
