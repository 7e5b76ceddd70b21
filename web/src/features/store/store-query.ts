import { CATALOG_SORT_OPTIONS, type CatalogSort } from '@km/contracts/vocabulary';
import { categoriesFor, type CatalogKind } from './catalog';

export const SORT_OPTIONS = CATALOG_SORT_OPTIONS;
export type { CatalogSort };
export type StoreView = 'grid' | 'list';

/** Everything the store page shows is described by this, and it lives in the URL's query string. */
export interface StoreState {
  kind: CatalogKind;
  /** null means "All". */
  category: string | null;
  q: string;
  sort: CatalogSort;
  page: number;
  view: StoreView;
}

export const DEFAULT_STORE_STATE: StoreState = {
  kind: 'product',
  category: null,
  q: '',
  sort: 'featured',
  page: 1,
  view: 'grid',
};

const isSort = (value: string | null): value is CatalogSort => SORT_OPTIONS.some((o) => o.value === value);

/** Reads the page's state from its query string; anything unknown or malformed falls back to the default. */
export function parseStoreParams(params: URLSearchParams): StoreState {
  const kind: CatalogKind = params.get('kind') === 'service' ? 'service' : 'product';
  const category = params.get('category');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    kind,
    category: category && categoriesFor(kind).includes(category) ? category : null,
    q: params.get('q')?.trim() ?? '',
    sort: isSort(sort) ? sort : DEFAULT_STORE_STATE.sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string for a state, leaving defaults out so a plain /products stays plain. */
export function toStoreParams(state: StoreState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.kind !== DEFAULT_STORE_STATE.kind) params.set('kind', state.kind);
  if (state.category) params.set('category', state.category);
  if (state.q) params.set('q', state.q);
  if (state.sort !== DEFAULT_STORE_STATE.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view !== DEFAULT_STORE_STATE.view) params.set('view', state.view);
  return params;
}

/**
 * Spec §4: switching between products and services resets category, search and page; any other change
 * of filter, search or sort returns to page 1. The view and an explicit page change keep the rest.
 */
export function applyStoreChange(state: StoreState, change: Partial<StoreState>): StoreState {
  const next = { ...state, ...change };
  if (change.kind !== undefined && change.kind !== state.kind) {
    return { ...next, category: null, q: '', page: 1 };
  }
  const filtersChanged =
    (change.category !== undefined && change.category !== state.category) ||
    (change.q !== undefined && change.q !== state.q) ||
    (change.sort !== undefined && change.sort !== state.sort);
  return filtersChanged ? { ...next, page: 1 } : next;
}

export interface CatalogListQuery {
  q?: string;
  category?: string;
  sort: CatalogSort;
  page: number;
  pageSize: number;
}

/** What GET /api/products (or /api/services) is asked for; always the paged form. */
export function toCatalogListQuery(state: StoreState, pageSize: number): CatalogListQuery {
  return {
    ...(state.q ? { q: state.q } : {}),
    ...(state.category ? { category: state.category } : {}),
    sort: state.sort,
    page: state.page,
    pageSize,
  };
}

export function toQueryString(query: CatalogListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export type PageLink = number | 'gap';

/**
 * The numbered buttons: always the first and last page, the current one and `siblings` either side, with a
 * gap where pages are skipped. A gap never stands for a single page (that page is shown instead).
 */
export function pageLinks(current: number, count: number, siblings = 1): PageLink[] {
  const shown = new Set<number>([1, count]);
  for (let p = current - siblings; p <= current + siblings; p++) if (p >= 1 && p <= count) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);

  const links: PageLink[] = [];
  for (const page of sorted) {
    const previous = links.at(-1);
    if (typeof previous === 'number' && page - previous === 2) links.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) links.push('gap');
    links.push(page);
  }
  return links;
}
