// @ts-check
// The replay chart: per crawler lanes of allowed, disallowed and violating requests over
// time, drawn as SVG across the panel's whole width with a time axis. The model comes from
// the extension (client/src/panels/replay/chart.ts); crawler names are inserted only as text.
// A library of the replay page (loaded before replay.js): `renderReplayChart` is its one global.
/** @typedef {import('../client/src/panels/replay/chart').ReplayChart} ReplayChart */
/* exported renderReplayChart */

/**
 * Draws `model` into `container`; `expanded` shows every lane, `onToggle` flips it.
 * @type {(container: HTMLElement, model: ReplayChart | null, expanded: boolean, onToggle: () => void) => void}
 */
const renderReplayChart = (function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';
  const LABEL = 170;
  const LANE = 32;
  const AXIS = 28;

  /**
   * @template {keyof SVGElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string | number>} attrs
   * @param {string} [text]
   * @returns {SVGElementTagNameMap[K]}
   */
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const name of Object.keys(attrs || {})) node.setAttribute(name, String(attrs[name]));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  /**
   * The bucket's start as "2024-05-01 13:00 UTC".
   * @param {ReplayChart} model
   * @param {number} bucket
   */
  function when(model, bucket) {
    const start = Date.parse(model.start);
    const span = Date.parse(model.end) - start;
    return new Date(start + (bucket * span) / model.buckets).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  }

  /**
   * @param {HTMLElement} container
   * @param {ReplayChart | null} model
   * @param {boolean} expanded
   * @param {() => void} onToggle
   */
  function renderChart(container, model, expanded, onToggle) {
    if (!model) {
      container.replaceChildren(el('p', 'muted', 'No crawler requests to chart.'));
      return;
    }
    const lanes = expanded ? model.lanes : model.lanes.slice(0, model.shown);
    const width = Math.max(LABEL + 120, Math.floor(container.clientWidth));
    const plot = width - LABEL - 8;
    const slot = plot / model.buckets;
    const bar = Math.max(1, slot > 3 ? slot - 1 : slot);
    const height = lanes.length * LANE + AXIS;
    const root = svg('svg', { width, height, viewBox: '0 0 ' + width + ' ' + height, role: 'img' });
    // In the page from the start: tick labels are measured to keep them apart.
    container.replaceChildren(root);
    root.setAttribute('aria-label', 'Allowed, disallowed and violating requests of ' + plural(lanes.length, 'crawler') + ' per ' + model.bucketName);
    lanes.forEach((lane, n) => {
      const y = n * LANE;
      const label = svg('g', { class: 'lane' });
      label.append(svg('text', { x: 0, y: y + 13, class: 'lane-label' }, lane.crawler));
      const violations = lane.violations > 0 ? plural(lane.violations, 'violation') : 'no violations';
      label.append(svg('text', { x: 0, y: y + 26, class: 'lane-note' + (lane.violations > 0 ? ' bad' : '') }, plural(lane.requests, 'request') + ' · ' + violations));
      root.append(label);
      root.append(svg('line', { x1: LABEL, x2: width - 8, y1: y + LANE - 2, y2: y + LANE - 2, class: 'lane-base' }));
      for (const cell of lane.cells) {
        const total = cell.allowed + cell.disallowed;
        const x = LABEL + cell.i * slot;
        const h = Math.max(2, Math.round(((LANE - 10) * total) / model.max));
        const hd = Math.round((h * cell.disallowed) / total);
        const group = svg('g', {});
        group.append(svg('title', {}, lane.crawler + ', ' + when(model, cell.i) + ': ' + cell.allowed + ' allowed, ' + cell.disallowed + ' disallowed, ' + plural(cell.violations, 'violation')));
        if (h - hd > 0) group.append(svg('rect', { x, y: y + LANE - 2 - h, width: bar, height: h - hd, class: 'bar-allowed' }));
        if (hd > 0) group.append(svg('rect', { x, y: y + LANE - 2 - hd, width: bar, height: hd, class: 'bar-disallowed' }));
        if (cell.violations > 0) group.append(svg('circle', { cx: x + bar / 2, cy: y + LANE - 6 - h, r: 2.5, class: 'mark-violation' }));
        root.append(group);
      }
    });
    const axisY = lanes.length * LANE + 2;
    root.append(svg('line', { x1: LABEL, x2: width - 8, y1: axisY, y2: axisY, class: 'axis-line' }));
    // Every tick gets its mark; a label only where it does not run into another. The labels
    // that name a date (the first, and each date change) are kept first, so that a date change
    // is never the label left out: when one of them would run into another, they all lose their
    // time to make room ("11-24 00:00" becomes "11-24": a date change is at midnight). The
    // time-only labels then fill the room between them.
    const labels = model.ticks.map((tick, i) => {
      const x = LABEL + tick.at * slot;
      root.append(svg('line', { x1: x, x2: x, y1: axisY, y2: axisY + 4, class: 'axis-line tick' }));
      const anchor = i === 0 && tick.at * slot < 40 ? 'start' : x > width - 50 ? 'end' : 'middle';
      const text = svg('text', { x, y: axisY + 16, 'text-anchor': anchor, class: 'axis tick-label' + (tick.dated ? ' dated' : '') }, tick.label);
      root.append(text);
      return { text, tick };
    });
    /** @param {DOMRect} box @param {DOMRect[]} kept */
    const clashes = (box, kept) => kept.some((other) => box.x < other.x + other.width + 8 && box.x + box.width + 8 > other.x);
    const dated = labels.filter((label) => label.tick.dated);
    /** @type {DOMRect[]} */
    let kept = [];
    for (const label of dated) {
      const box = label.text.getBBox();
      if (clashes(box, kept)) break;
      kept.push(box);
    }
    if (kept.length < dated.length) {
      kept = [];
      for (const label of dated) {
        label.text.textContent = label.tick.label.split(' ')[0] || label.tick.label;
        const box = label.text.getBBox();
        if (clashes(box, kept)) label.text.remove();
        else kept.push(box);
      }
    }
    for (const label of labels.filter((l) => !l.tick.dated)) {
      const box = label.text.getBBox();
      if (clashes(box, kept)) label.text.remove();
      else kept.push(box);
    }
    const children = [];
    const hidden = model.lanes.length - model.shown;
    if (hidden > 0) {
      const more = el('button', 'secondary more', expanded ? 'Show the ' + model.shown + ' busiest only' : '+' + hidden + ' more');
      more.type = 'button';
      more.id = 'chart-more';
      more.title = expanded ? '' : model.lanes.slice(model.shown).map((lane) => lane.crawler + ' (' + plural(lane.violations, 'violation') + ')').join(', ');
      more.addEventListener('click', onToggle);
      children.push(more);
    }
    const legend = el('p', 'legend muted', '');
    legend.append(el('span', 'swatch allowed', ''), document.createTextNode(' allowed  '), el('span', 'swatch disallowed', ''), document.createTextNode(' disallowed  '), el('span', 'swatch violation', ''),
      document.createTextNode(' violation (a claimed crawler fetched a disallowed URL) · one bar per ' + model.bucketName + ', height: requests'));
    children.push(legend);
    container.append(...children);
  }

  return renderChart;
})();
