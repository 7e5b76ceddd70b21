import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backInStockEmailProblem, offersBackInStock } from './back-in-stock';

describe('"Email me when it\'s back" (ADR 0050)', () => {
  it('is offered only for a tracked product with nothing left', () => {
    assert.equal(offersBackInStock({ kind: 'product', stockQuantity: 0 }), true);
    assert.equal(offersBackInStock({ kind: 'product', stockQuantity: 2 }), false);
    assert.equal(offersBackInStock({ kind: 'product', stockQuantity: null }), false, 'stock not counted: nothing would tell us it is back');
    assert.equal(offersBackInStock({ kind: 'service', stockQuantity: 0 }), false);
  });

  it('says what is wrong with the address before sending it', () => {
    assert.equal(backInStockEmailProblem('  '), 'Enter your email address.');
    assert.equal(backInStockEmailProblem('lydia'), 'Enter an email address like name@example.com.');
    assert.equal(backInStockEmailProblem('lydia@thyatira'), 'Enter an email address like name@example.com.');
    assert.equal(backInStockEmailProblem('ly dia@example.com'), 'Enter an email address like name@example.com.');
    assert.equal(backInStockEmailProblem(`${'a'.repeat(250)}@example.com`), 'That email address is too long.');
    assert.equal(backInStockEmailProblem(' lydia@example.com '), null);
  });
});
