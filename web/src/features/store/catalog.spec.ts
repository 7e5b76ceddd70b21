import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { categoriesFor, imageProblem, IMAGE_MAX_BYTES, stockLabel } from './catalog';

describe('catalog helpers', () => {
  it('labels stock for products and availability for services', () => {
    assert.equal(stockLabel({ kind: 'product', inStock: true }), 'In Stock');
    assert.equal(stockLabel({ kind: 'product', inStock: false }), 'Out of Stock');
    // ADR 0032: a tracked product under its low-stock threshold says how many are left; at 0 it is out of stock.
    assert.equal(stockLabel({ kind: 'product', inStock: true, stockQuantity: 2, lowStock: true }), 'Only 2 left');
    assert.equal(stockLabel({ kind: 'product', inStock: true, stockQuantity: 40, lowStock: false }), 'In Stock');
    assert.equal(stockLabel({ kind: 'product', inStock: false, stockQuantity: 0, lowStock: false }), 'Out of Stock');
    assert.equal(stockLabel({ kind: 'service', inStock: true }), 'Available');
    assert.equal(stockLabel({ kind: 'service', inStock: false }), 'Unavailable');
  });

  it('lists the categories of each kind (spec §3)', () => {
    assert.deepEqual(categoriesFor('product'), ['Books', 'Jewelry', 'Apparel', 'Home Decor', 'Gifts']);
    assert.deepEqual(categoriesFor('service'), ['Consulting', 'Design', 'Marketing', 'Writing', 'Web Development', 'Ministry']);
  });

  it('accepts JPG, PNG and WEBP images up to 10 MB', () => {
    assert.equal(imageProblem({ type: 'image/png', size: 1024 }), null);
    assert.equal(imageProblem({ type: 'image/webp', size: IMAGE_MAX_BYTES }), null);
    assert.match(imageProblem({ type: 'image/gif', size: 1024 }) ?? '', /JPG, PNG or WEBP/);
    assert.match(imageProblem({ type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 }) ?? '', /10 MB/);
  });
});
