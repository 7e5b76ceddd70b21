import assert from 'node:assert/strict';
import { InFlight } from './in-flight';

/** A piece of work that finishes when told to, counting its runs. */
function gated<T>() {
  let runs = 0;
  const gates: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const work = () => {
    runs++;
    return new Promise<T>((resolve, reject) => gates.push({ resolve, reject }));
  };
  return { work, gates, runs: () => runs };
}

describe('InFlight', () => {
  test('a copy arriving while the first runs gets its result, shared, and the work runs once', async () => {
    const inFlight = new InFlight<string>();
    const { work, gates, runs } = gated<string>();
    const first = inFlight.run('order', work);
    const copy = inFlight.run('order', work);
    gates[0].resolve('KM-7K3M9Q2X');
    assert.deepEqual(await Promise.all([first, copy]), [
      { value: 'KM-7K3M9Q2X', shared: false },
      { value: 'KM-7K3M9Q2X', shared: true },
    ]);
    assert.equal(runs(), 1);
  });

  test('after the first fails, the copy runs on its own and keeps its own answer', async () => {
    const inFlight = new InFlight<string>();
    const { work, gates, runs } = gated<string>();
    const first = inFlight.run('order', work);
    const copy = inFlight.run('order', work);
    gates[0].reject(new Error('cart changed'));
    await assert.rejects(first, /cart changed/);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs(), 2);
    gates[1].resolve('KM-7K3M9Q2X');
    assert.deepEqual(await copy, { value: 'KM-7K3M9Q2X', shared: false });
  });

  test('different keys run separately, and a request after the first answered runs again', async () => {
    const inFlight = new InFlight<string>();
    const { work, gates, runs } = gated<string>();
    const a = inFlight.run('cart a', work);
    const b = inFlight.run('cart b', work);
    assert.equal(runs(), 2);
    gates[0].resolve('A');
    gates[1].resolve('B');
    assert.deepEqual(await Promise.all([a, b]), [
      { value: 'A', shared: false },
      { value: 'B', shared: false },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = inFlight.run('cart a', work);
    assert.equal(runs(), 3);
    gates[2].resolve('A again');
    assert.deepEqual(await later, { value: 'A again', shared: false });
  });
});
