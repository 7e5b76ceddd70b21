import assert from 'node:assert/strict';
import { SerialReloads } from './serial-reloads';

/** A load the test finishes by hand, recording whether it was outdated when it finished. */
function manualLoads() {
  const finish: ((error?: Error) => void)[] = [];
  const outdatedAtEnd: boolean[] = [];
  const events: string[] = [];
  const reloads: SerialReloads = new SerialReloads(
    () =>
      new Promise<void>((resolve, reject) => {
        events.push('load');
        finish.push((error) => {
          outdatedAtEnd.push(reloads.outdated);
          if (error) reject(error);
          else resolve();
        });
      }),
    { retryMs: 20, onFailure: (error) => events.push(`failed: ${(error as Error).message}`), onSettled: () => events.push('settled') },
  );
  return { reloads, finish, outdatedAtEnd, events };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SerialReloads', () => {
  test('reloads asked for during a load run it once more afterwards, however many; the first load ends outdated', async () => {
    const { reloads, finish, outdatedAtEnd, events } = manualLoads();
    const first = reloads.reload();
    assert.equal(reloads.running, true);
    const during = [reloads.reload(), reloads.reload(), reloads.reload()];
    finish[0]();
    await Promise.all([first, ...during]);
    await tick();
    assert.equal(finish.length, 2, 'exactly one more load');
    assert.equal(reloads.running, true);
    finish[1]();
    await tick();
    await tick();
    assert.deepEqual(outdatedAtEnd, [true, false]);
    assert.deepEqual(events, ['load', 'load', 'settled']);
    assert.equal(reloads.running, false);
  });

  test('a failed load is reported and tried again after retryMs; a reload asked for meanwhile replaces the retry', async () => {
    const { reloads, finish, events } = manualLoads();
    const first = reloads.reload();
    finish[0](new Error('catalog down'));
    await first;
    assert.deepEqual(events, ['load', 'failed: catalog down', 'settled']);
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(finish.length, 2, 'retried after retryMs');
    finish[1](new Error('still down'));
    await tick();
    await tick();
    void reloads.reload(); // before the retry is due: it runs now, and the timer it replaced does not run another
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(finish.length, 3);
    finish[2]();
    await tick();
    await tick();
    assert.deepEqual(events, ['load', 'failed: catalog down', 'settled', 'load', 'failed: still down', 'settled', 'load', 'settled']);
  });

  test('stop waits for the load under way, then nothing more runs: no retry, no reload', async () => {
    const { reloads, finish, events } = manualLoads();
    void reloads.reload();
    let stopped = false;
    const stopping = reloads.stop().then(() => (stopped = true));
    await tick();
    assert.equal(stopped, false, 'waits for the load');
    finish[0](new Error('cut off by shutdown'));
    await stopping;
    await reloads.reload();
    await new Promise((resolve) => setTimeout(resolve, 40));
    assert.equal(finish.length, 1);
    assert.deepEqual(events, ['load', 'settled', 'settled']);
  });
});
