import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applyStoreChange,
  DEFAULT_STORE_STATE,
  pageCount,
  pageLinks,
  parseStoreParams,
  toCatalogListQuery,
  toQueryString,
  toStoreParams,
  type StoreState,
} from './store-query';

const state = (overrides: Partial<StoreState> = {}): StoreState => ({ ...DEFAULT_STORE_STATE, ...overrides });
const parse = (query: string) => parseStoreParams(new URLSearchParams(query));

describe('store URL state', () => {
  it('reads the defaults from an empty query string', () => {
    assert.deepEqual(parse(''), DEFAULT_STORE_STATE);
  });

  it('reads every field', () => {
    assert.deepEqual(parse('kind=service&category=Web+Development&q=logo&sort=price-desc&page=3&view=list'), {
      kind: 'service',
      category: 'Web Development',
      q: 'logo',
      sort: 'price-desc',
      page: 3,
      view: 'list',
    });
  });

  it('falls back to defaults for unknown or malformed values', () => {
    assert.deepEqual(parse('kind=boats&sort=cheapest&page=-2&view=table'), DEFAULT_STORE_STATE);
    assert.equal(parse('page=2.5').page, 1);
    assert.equal(parse('page=abc').page, 1);
    // A category of the other kind is not a filter here.
    assert.equal(parse('kind=service&category=Books').category, null);
    assert.equal(parse('category=Books').category, 'Books');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    assert.equal(toStoreParams(DEFAULT_STORE_STATE).toString(), '');
    const s = state({ kind: 'service', category: 'Design', q: 'brand kit', sort: 'name', page: 2, view: 'list' });
    assert.equal(toStoreParams(s).toString(), 'kind=service&category=Design&q=brand+kit&sort=name&page=2&view=list');
    assert.deepEqual(parseStoreParams(toStoreParams(s)), s);
  });
});

describe('applyStoreChange', () => {
  const browsing = state({ category: 'Books', q: 'prayer', sort: 'price-asc', page: 3, view: 'list' });

  it('switching kind resets category, search and page but keeps sort and view', () => {
    assert.deepEqual(applyStoreChange(browsing, { kind: 'service' }), {
      ...browsing,
      kind: 'service',
      category: null,
      q: '',
      page: 1,
    });
  });

  it('choosing the same kind again changes nothing', () => {
    assert.deepEqual(applyStoreChange(browsing, { kind: 'product' }), browsing);
  });

  it('any filter, search or sort change returns to page 1', () => {
    assert.equal(applyStoreChange(browsing, { category: 'Gifts' }).page, 1);
    assert.equal(applyStoreChange(browsing, { category: null }).page, 1);
    assert.equal(applyStoreChange(browsing, { q: 'journal' }).page, 1);
    assert.equal(applyStoreChange(browsing, { sort: 'newest' }).page, 1);
  });

  it('unchanged filters, the view and the page itself keep the page', () => {
    assert.equal(applyStoreChange(browsing, { q: 'prayer' }).page, 3);
    assert.equal(applyStoreChange(browsing, { view: 'grid' }).page, 3);
    assert.equal(applyStoreChange(browsing, { page: 4 }).page, 4);
  });
});

describe('catalog list query', () => {
  it('always asks for the paged form with sort, page and page size', () => {
    const query = toCatalogListQuery(DEFAULT_STORE_STATE, 12);
    assert.deepEqual(query, { sort: 'featured', page: 1, pageSize: 12 });
    assert.equal(toQueryString(query), 'sort=featured&page=1&pageSize=12');
  });

  it('adds search and category when set, encoded', () => {
    const query = toCatalogListQuery(state({ q: 'faith & hope', category: 'Home Decor', page: 2 }), 12);
    assert.equal(toQueryString(query), 'q=faith+%26+hope&category=Home+Decor&sort=featured&page=2&pageSize=12');
  });
});

describe('pagination', () => {
  it('counts pages, with at least one', () => {
    assert.equal(pageCount(0, 12), 1);
    assert.equal(pageCount(12, 12), 1);
    assert.equal(pageCount(13, 12), 2);
    assert.equal(pageCount(43, 12), 4);
  });

  it('lists every page when there are few', () => {
    assert.deepEqual(pageLinks(1, 1), [1]);
    assert.deepEqual(pageLinks(2, 4), [1, 2, 3, 4]);
    assert.deepEqual(pageLinks(3, 4), [1, 2, 3, 4]);
  });

  it('puts gaps around the current page when there are many', () => {
    assert.deepEqual(pageLinks(1, 5), [1, 2, 'gap', 5]);
    assert.deepEqual(pageLinks(1, 10), [1, 2, 'gap', 10]);
    assert.deepEqual(pageLinks(5, 10), [1, 'gap', 4, 5, 6, 'gap', 10]);
    assert.deepEqual(pageLinks(10, 10), [1, 'gap', 9, 10]);
  });

  it('shows a single skipped page instead of a gap', () => {
    assert.deepEqual(pageLinks(4, 10), [1, 2, 3, 4, 5, 'gap', 10]);
    assert.deepEqual(pageLinks(3, 5), [1, 2, 3, 4, 5]);
  });
});
