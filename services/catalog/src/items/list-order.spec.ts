import assert from 'node:assert/strict';
import { CATALOG_SORTS } from '@km/contracts';
import { likePattern, ORDER_BY } from './list-order';

test('every sort of the contract has an order that ends in the id, the tie-breaker', () => {
  assert.deepEqual(Object.keys(ORDER_BY).sort(), [...CATALOG_SORTS].sort());
  for (const order of Object.values(ORDER_BY)) assert.match(order, /, id (ASC|DESC)$/);
});

test('a search text matches itself literally inside any name: LIKE wildcards are escaped', () => {
  assert.equal(likePattern('faith'), '%faith%');
  assert.equal(likePattern('50%_off\\'), '%50\\%\\_off\\\\%');
});
