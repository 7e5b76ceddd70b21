import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coverProblem, normalizePrice, toBookProductFormData } from './book-product';

describe('normalizePrice', () => {
  it('writes prices with two decimals', () => {
    assert.equal(normalizePrice('19.9'), '19.90');
    assert.equal(normalizePrice(' 0 '), '0.00');
    assert.equal(normalizePrice('12'), '12.00');
  });

  it('leaves anything else for the server to refuse', () => {
    assert.equal(normalizePrice(''), '');
    assert.equal(normalizePrice('-1'), '-1');
    assert.equal(normalizePrice('abc'), 'abc');
  });
});

describe('toBookProductFormData', () => {
  it('maps the book form onto a Books product', () => {
    const cover = new File([new Uint8Array([0xff, 0xd8])], 'cover.jpg', { type: 'image/jpeg' });
    const form = toBookProductFormData({
      title: ' Living Stones ',
      author: 'Simon Peter',
      price: '14.5',
      description: ' A book about the church. ',
      cover,
    });
    assert.equal(form.get('name'), 'Living Stones');
    assert.equal(form.get('price'), '14.50');
    assert.equal(form.get('description'), 'By Simon Peter\n\nA book about the church.');
    assert.equal(form.get('category'), 'Books');
    assert.equal(form.get('tags'), 'book, Simon Peter');
    assert.equal(form.get('inStock'), 'true');
    assert.equal(form.get('featured'), 'false');
    assert.equal((form.get('image') as File).name, 'cover.jpg');
  });

  it('keeps the author tag within the catalog limit and free of commas', () => {
    const form = toBookProductFormData({ title: 'T', author: 'Smith, John', price: '1', description: 'D', cover: null });
    assert.equal(form.get('tags'), 'book, Smith John');
    assert.equal(form.get('image'), null);
    const long = toBookProductFormData({ title: 'T', author: 'A'.repeat(60), price: '1', description: 'D', cover: null });
    assert.equal(String(long.get('tags')).split(', ')[1].length, 40);
  });
});

describe('coverProblem', () => {
  it('accepts JPG, PNG and WEBP up to 10 MB', () => {
    assert.equal(coverProblem({ type: 'image/png', size: 10 * 1024 * 1024 }), null);
  });

  it('refuses other types and larger files', () => {
    assert.match(coverProblem({ type: 'image/gif', size: 10 }) ?? '', /JPG, PNG or WEBP/);
    assert.match(coverProblem({ type: 'image/webp', size: 10 * 1024 * 1024 + 1 }) ?? '', /10 MB/);
  });
});
