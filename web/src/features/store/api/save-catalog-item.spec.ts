import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCatalogFormData, type CatalogItemInput } from './save-catalog-item';

const input = (overrides: Partial<CatalogItemInput> = {}): CatalogItemInput => ({
  name: '  Prayer Journal ',
  price: '19.99',
  description: 'A journal for daily prayer.',
  category: 'Books',
  tags: ' prayer, journal ,, gift ',
  inStock: true,
  featured: false,
  image: null,
  ...overrides,
});

describe('toCatalogFormData', () => {
  it('sends every text field, with tags tidied and booleans spelled out', () => {
    const form = toCatalogFormData(input({ inStock: false, featured: true }));
    assert.deepEqual(Object.fromEntries(form.entries()), {
      name: 'Prayer Journal',
      price: '19.99',
      description: 'A journal for daily prayer.',
      category: 'Books',
      tags: 'prayer, journal, gift',
      inStock: 'false',
      featured: 'true',
    });
  });

  it('leaves the image out unless one was chosen', () => {
    assert.equal(toCatalogFormData(input()).has('image'), false);
    const image = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    const sent = toCatalogFormData(input({ image })).get('image');
    assert.ok(sent instanceof File);
    assert.equal(sent.name, 'cover.png');
    assert.equal(sent.size, 3);
  });
});
