import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { setTimeout as nextTask } from 'node:timers/promises';
import { whenPageIsUsed } from './when-page-is-used';

// Node has no window: an EventTarget stands in for it (the module only listens on window).
const page = new EventTarget();
(globalThis as unknown as { window: EventTarget }).window = page;

describe('whenPageIsUsed', () => {
  let runs: string[];
  beforeEach(() => {
    runs = [];
  });

  it("runs the work after the first sign of use, in a task of its own (not inside the event's handler)", async () => {
    whenPageIsUsed(() => runs.push('work'));
    await nextTask(0);
    assert.equal(runs.length, 0, 'nothing before a sign of use');
    page.dispatchEvent(new Event('pointerdown'));
    runs.push('event handled');
    await nextTask(0);
    assert.deepEqual(runs, ['event handled', 'work']);
  });

  it('runs it once, whatever follows', async () => {
    whenPageIsUsed(() => runs.push('work'));
    for (const type of ['scroll', 'keydown', 'pointermove', 'touchstart']) page.dispatchEvent(new Event(type));
    await nextTask(0);
    page.dispatchEvent(new Event('wheel'));
    await nextTask(0);
    assert.deepEqual(runs, ['work']);
  });

  it('never runs it once cancelled, before the sign of use or between it and the task', async () => {
    whenPageIsUsed(() => runs.push('cancelled early'))();
    const cancel = whenPageIsUsed(() => runs.push('cancelled late'));
    page.dispatchEvent(new Event('keydown'));
    cancel();
    await nextTask(0);
    page.dispatchEvent(new Event('keydown'));
    await nextTask(0);
    assert.deepEqual(runs, []);
  });
});
