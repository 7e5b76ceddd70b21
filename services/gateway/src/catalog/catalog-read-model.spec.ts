import type { CatalogItem, CatalogPage } from '@km/contracts';
import assert from 'node:assert/strict';
import { CatalogReadModel, type PageQuery } from './catalog-read-model';

let counter = 0;
function item(overrides: Partial<CatalogItem>): CatalogItem {
  counter += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'product',
    name: `Item ${counter}`,
    slug: `item-${counter}`,
    price: '10.00',
    description: 'Plain.',
    category: 'Books',
    tags: [],
    imageUrl: null,
    images: [],
    inStock: true,
    stockQuantity: null,
    lowStock: false,
    featured: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const page = (model: CatalogReadModel, query: PageQuery = {}): CatalogPage => JSON.parse(model.page('product', query).body.toString());
const names = (p: CatalogPage) => p.items.map((i) => i.name);

test("each sort orders as the catalog's ORDER BY does, ties broken by id", () => {
  const a = item({ name: 'alpha', price: '30.00' });
  const b = item({ name: 'Bravo', price: '10.00', featured: true });
  const c = item({ name: 'charlie', price: '20.00' });
  const d = item({ name: 'Delta', price: '20.00', featured: true });
  const model = new CatalogReadModel([c, a, d, b]);
  assert.deepEqual(names(page(model, { sort: 'featured' })), ['Delta', 'Bravo', 'charlie', 'alpha']);
  assert.deepEqual(names(page(model, { sort: 'newest' })), ['Delta', 'charlie', 'Bravo', 'alpha']);
  // c was made before d, so its id is lower: equal prices go by id, ascending one way and descending the other.
  assert.deepEqual(names(page(model, { sort: 'price-asc' })), ['Bravo', 'charlie', 'Delta', 'alpha']);
  assert.deepEqual(names(page(model, { sort: 'price-desc' })), ['alpha', 'Delta', 'charlie', 'Bravo']);
  assert.deepEqual(names(page(model, { sort: 'name' })), ['alpha', 'Bravo', 'charlie', 'Delta']);
});

test('a page is {items,total,page,pageSize}; q matches name or description ignoring case, literally; category filters', () => {
  const model = new CatalogReadModel([
    item({ name: 'Study Bible', category: 'Books' }),
    item({ name: 'Ring', description: 'A ring for 50% off', category: 'Jewelry' }),
    item({ name: 'Psalms', description: 'The BIBLE in verse', category: 'Books' }),
    item({ name: 'Service', kind: 'service', category: 'Publishing' }),
  ]);
  const bible = page(model, { q: 'bIbLe' });
  assert.deepEqual([bible.total, bible.page, bible.pageSize, names(bible)], [2, 1, 12, ['Psalms', 'Study Bible']]);
  assert.deepEqual(names(page(model, { q: '50%' })), ['Ring']);
  assert.equal(page(model, { q: '5_%' }).total, 0);
  assert.deepEqual(names(page(model, { category: 'Jewelry' })), ['Ring']);
  assert.equal(page(model, { category: 'Jewelry', q: 'bible' }).total, 0);
  assert.deepEqual([page(model, { pageSize: 1, page: 2 }).items.length, page(model, { pageSize: 1, page: 9 }).items.length, page(model).total], [1, 0, 3]);
});

test('an upsert or a removal shows on the next page and changes its ETag; an older version or a deleted id changes nothing', () => {
  const first = item({ name: 'First' });
  const model = new CatalogReadModel([first]);
  const before = model.page('product', {});
  assert.equal(model.page('product', {}), before, 'unchanged: the same answer, not made again');
  const renamed = { ...first, name: 'Renamed', updatedAt: new Date(Date.parse(first.updatedAt) + 1000).toISOString() };
  assert.equal(model.upsert(renamed), true);
  const after = model.page('product', {});
  assert.notEqual(after.etag, before.etag);
  assert.deepEqual(names(JSON.parse(after.body.toString())), ['Renamed']);
  assert.equal(model.upsert(first), false, 'an answer older than the copy held is ignored');
  assert.deepEqual(names(page(model)), ['Renamed']);
  model.remove(first.id);
  assert.deepEqual([page(model).total, model.item('product', first.id)], [0, undefined]);
  assert.equal(model.upsert(renamed), false, 'a late answer about a deleted item does not bring it back');
  assert.equal(page(model).total, 0);
});

test('moving an item keeps every sort whole: each id once, in order', () => {
  const items = Array.from({ length: 50 }, (_, n) => item({ price: `${(n * 37) % 23}.00`, featured: n % 4 === 0, name: `n${(n * 13) % 50}` }));
  const model = new CatalogReadModel(items);
  for (let n = 0; n < 50; n += 3) {
    const moved = { ...items[n], price: `${n}.50`, featured: !items[n].featured, updatedAt: new Date(Date.UTC(2027, 0, 1)).toISOString() };
    model.upsert(moved);
    items[n] = moved;
  }
  const byPrice = page(model, { sort: 'price-asc', pageSize: 100 }).items;
  const cents = (i: CatalogItem) => Math.round(Number(i.price) * 100);
  const expected = [...items].sort((a, b) => cents(a) - cents(b) || (a.id < b.id ? -1 : 1));
  assert.deepEqual(
    byPrice.map((i) => i.id),
    expected.map((i) => i.id),
  );
  assert.equal(new Set(page(model, { sort: 'featured', pageSize: 100 }).items.map((i) => i.id)).size, 50);
});

test('an item answers only for its own kind; featured is the newest featured item of the kind, none when none is', () => {
  const service = item({ kind: 'service', featured: true, name: 'A service' });
  const older = item({ featured: true, name: 'Older' });
  const newer = item({ featured: true, name: 'Newer' });
  const model = new CatalogReadModel([service, older, newer, item({ name: 'Newest, not featured' })]);
  assert.equal(model.item('product', service.id), undefined);
  assert.equal(JSON.parse(model.item('service', service.id)!.body.toString()).name, 'A service');
  assert.equal(JSON.parse(model.featured('product')!.body.toString()).name, 'Newer');
  assert.equal(new CatalogReadModel([item({})]).featured('product'), undefined);
});

test('a search finds exactly what reading every item finds, in order, at any length, after updates and removals too', () => {
  const words = ['lamp', 'Lantern', 'candle', 'BIBLE', 'psalm', 'ring', 'scarf', 'mug'];
  const items = Array.from({ length: 400 }, (_, n) =>
    item({
      name: `${words[n % 8]} ${n}`,
      description: `${words[(n * 3) % 8]} no. ${(n * 37) % 1000} for ${words[(n * 5) % 8]}`,
      category: ['Books', 'Gifts', 'Jewelry'][n % 3],
      price: `${(n * 13) % 50}.00`,
    }),
  );
  const model = new CatalogReadModel(items);
  const live = new Map(items.map((i) => [i.id, i]));
  for (let n = 0; n < 400; n += 7) {
    const changed = { ...items[n], name: `renamed ${words[(n + 1) % 8]} ${n}`, updatedAt: new Date(Date.UTC(2027, 0, 1)).toISOString() };
    model.upsert(changed);
    live.set(changed.id, changed);
  }
  for (let n = 3; n < 400; n += 11) {
    model.remove(items[n].id);
    live.delete(items[n].id);
  }
  const cents = (i: CatalogItem) => Math.round(Number(i.price) * 100);
  for (const q of ['la', 'lam', 'LAMP', 'psalm 1', 'no. 3', 'renamed', 'for bible', 'zzz', 'p', 'amp 2', ' 12']) {
    for (const category of [undefined, 'Gifts']) {
      const lower = q.toLowerCase();
      const expected = [...live.values()]
        .filter((i) => (!category || i.category === category) && (i.name.toLowerCase().includes(lower) || i.description.toLowerCase().includes(lower)))
        .sort((a, b) => cents(a) - cents(b) || (a.id < b.id ? -1 : 1))
        .map((i) => i.id);
      const got = page(model, { q, category, sort: 'price-asc', pageSize: 100 });
      assert.equal(got.total, expected.length, `${q} in ${category}`);
      assert.deepEqual(
        got.items.map((i) => i.id),
        expected.slice(0, 100),
        `${q} in ${category}`,
      );
    }
  }
});

test('ready pages are kept up to a byte budget, not a count: more than 5,000 small pages stay, a tight budget drops the oldest', () => {
  const items = Array.from({ length: 6000 }, () => item({}));
  const roomy = new CatalogReadModel(items);
  for (let p = 1; p <= 6000; p++) roomy.page('product', { page: p, pageSize: 1 });
  assert.equal(roomy.cachedPages.count, 6000);
  const first = roomy.page('product', { page: 1, pageSize: 1 });
  assert.equal(roomy.page('product', { page: 1, pageSize: 1 }), first, 'a kept page is the same answer, not made again');

  const budget = 50 * first.body.length;
  const tight = new CatalogReadModel(items, budget);
  for (let p = 1; p <= 200; p++) tight.page('product', { page: p, pageSize: 1 });
  assert.ok(tight.cachedPages.bytes <= budget, `${tight.cachedPages.bytes} bytes kept, budget ${budget}`);
  assert.ok(tight.cachedPages.count >= 45 && tight.cachedPages.count <= 50, `${tight.cachedPages.count} pages kept`);
  const newest = tight.page('product', { page: 200, pageSize: 1 });
  assert.equal(tight.page('product', { page: 200, pageSize: 1 }), newest);
  const dropped = tight.page('product', { page: 1, pageSize: 1 });
  assert.notEqual(tight.page('product', { page: 2, pageSize: 1 }), dropped);
});

test('an item is found by its id or its slug, of its own kind only; a removal frees the slug, an upsert keeps the index current', () => {
  const bible = item({ name: 'Grace Bible', slug: 'grace-bible' });
  const coaching = item({ kind: 'service', category: 'Coaching', name: 'Grace Bible', slug: 'grace-bible' });
  const model = new CatalogReadModel([bible, coaching]);
  assert.equal(model.find('product', 'grace-bible')?.id, bible.id);
  assert.equal(model.find('service', 'grace-bible')?.id, coaching.id);
  assert.equal(model.find('product', bible.id)?.id, bible.id);
  assert.equal(model.find('service', bible.id), undefined);
  assert.deepEqual(JSON.parse(model.item('product', 'grace-bible')!.body.toString()), bible);

  const renamed = { ...bible, name: 'Grace Study Bible', updatedAt: new Date(Date.parse(bible.updatedAt) + 1000).toISOString() };
  model.upsert(renamed);
  assert.equal(model.find('product', 'grace-bible')?.name, 'Grace Study Bible');
  model.remove(bible.id);
  assert.equal(model.find('product', 'grace-bible'), undefined);
  assert.equal(model.find('service', 'grace-bible')?.id, coaching.id);
  assert.deepEqual(
    model.all('service').map((i) => i.id),
    [coaching.id],
  );
});
