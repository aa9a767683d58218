/**
 * The panels' debounce: a burst of edits runs the action once, after the last of them; a
 * closed panel runs nothing. Node's mock timers move the clock, so nothing here waits.
 */

import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { Debounce } from '../../client/src/debounce';

describe('Debounce', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('a burst runs the action once, delayMs after the last call', () => {
    let runs = 0;
    const debounce = new Debounce(300, () => runs++);
    debounce.schedule();
    mock.timers.tick(200);
    debounce.schedule();
    mock.timers.tick(299);
    assert.equal(runs, 0, 'the second call restarted the wait');
    mock.timers.tick(1);
    assert.equal(runs, 1);
    mock.timers.tick(1_000);
    assert.equal(runs, 1, 'nothing more was scheduled');
  });

  test('it can run again after a quiet spell', () => {
    let runs = 0;
    const debounce = new Debounce(50, () => runs++);
    debounce.schedule();
    mock.timers.tick(50);
    debounce.schedule();
    mock.timers.tick(50);
    assert.equal(runs, 2);
  });

  test('dispose drops a pending run', () => {
    let runs = 0;
    const debounce = new Debounce(300, () => runs++);
    debounce.schedule();
    debounce.dispose();
    mock.timers.tick(1_000);
    assert.equal(runs, 0);
  });
});
