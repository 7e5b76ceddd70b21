import assert from 'node:assert/strict';
import { PriceCopy, type PriceFacts } from './price-copy';

const item = (id: string, price: string, inStock = true): PriceFacts => ({ id, name: `Item ${id}`, price, inStock, kind: 'product' });
const asked = (copy: PriceCopy, ids: string[]) => copy.lookup(ids).ask;

test('items the copy holds are answered from it; unknown ids are left to ask the catalog', () => {
  const copy = new PriceCopy();
  copy.replace([item('a', '1.00'), item('b', '2.00', false)]);
  const { known, ask } = copy.lookup(['a', 'x', 'b']);
  assert.deepEqual([...known.values()], [item('a', '1.00'), item('b', '2.00', false)]);
  assert.deepEqual(ask, ['x']);
});

test('an item whose change was announced is asked of the catalog until its fetched row is in', () => {
  const copy = new PriceCopy();
  copy.replace([item('a', '1.00')]);
  copy.markChanged('a');
  assert.deepEqual(asked(copy, ['a']), ['a']);
  const batch = copy.toFetch(100);
  assert.deepEqual(batch, [['a', 1]]);
  copy.applyFetched(batch, [item('a', '3.00')]);
  assert.deepEqual(asked(copy, ['a']), []);
  assert.deepEqual(copy.lookup(['a']).known.get('a'), item('a', '3.00'));
  assert.equal(copy.pendingChanges, 0);
});

test('a fetch answered before a newer change of the item leaves it marked, so the newer change is fetched too', () => {
  const copy = new PriceCopy();
  copy.replace([item('a', '1.00')]);
  copy.markChanged('a');
  const batch = copy.toFetch(100);
  copy.markChanged('a'); // changed again while the first fetch was under way
  copy.applyFetched(batch, [item('a', '2.00')]);
  assert.deepEqual(asked(copy, ['a']), ['a']);
  assert.deepEqual(copy.lookup(['b']).ask, ['b']);
  const again = copy.toFetch(100);
  assert.deepEqual(again, [['a', 2]]);
  copy.applyFetched(again, [item('a', '5.00')]);
  assert.deepEqual(copy.lookup(['a']).known.get('a'), item('a', '5.00'));
});

test('an item the catalog no longer answers for is dropped from the copy (deleted)', () => {
  const copy = new PriceCopy();
  copy.replace([item('a', '1.00'), item('b', '1.00')]);
  copy.markChanged('a');
  copy.applyFetched(copy.toFetch(100), []);
  assert.deepEqual(asked(copy, ['a', 'b']), ['a']);
  assert.equal(copy.size, 1);
});

test('marks survive a reload of the whole copy, and fetches go in batches of at most the size asked', () => {
  const copy = new PriceCopy();
  for (const id of ['a', 'b', 'c']) copy.markChanged(id);
  copy.replace([item('a', '1.00'), item('b', '1.00'), item('c', '1.00')]);
  assert.deepEqual(asked(copy, ['a', 'b', 'c']), ['a', 'b', 'c']);
  assert.deepEqual(
    copy.toFetch(2).map(([id]) => id),
    ['a', 'b'],
  );
});

test('the copy keeps only what pricing needs of an item', () => {
  const copy = new PriceCopy();
  copy.replace([{ ...item('a', '1.00'), description: 'long text', tags: ['x'] } as PriceFacts]);
  assert.deepEqual(copy.lookup(['a']).known.get('a'), item('a', '1.00'));
});

test('the copy keeps whether a product counts its stock (ADR 0032: a tracked product is decided by its reservation)', () => {
  const copy = new PriceCopy();
  copy.replace([{ ...item('a', '1.00'), stockQuantity: 0, inStock: false, lowStock: false } as PriceFacts]);
  assert.deepEqual(copy.lookup(['a']).known.get('a'), { ...item('a', '1.00'), inStock: false, stockQuantity: 0 });
});
