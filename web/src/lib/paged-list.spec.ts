import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ApiError } from './api-client';
import { getPage, nextPageParam, pagedListQueryOptions, rowsOf, type Page } from './paged-list';

const realFetch = globalThis.fetch;
let calls: { url: string; init: RequestInit | undefined }[];
let nextResponse: () => Response;

beforeEach(() => {
  calls = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return nextResponse();
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const page = (n: number, items: number, total: number, pageSize = 2): Page<number> => ({
  items: Array.from({ length: items }, (_, i) => (n - 1) * pageSize + i + 1),
  page: n,
  pageSize,
  total,
});

describe('getPage', () => {
  it('asks for one page with credentials and reads the whole count from X-Total-Count', async () => {
    nextResponse = () => Response.json([{ id: 'r51' }], { headers: { 'X-Total-Count': '51' } });
    assert.deepEqual(await getPage('/api/membership/referrals', 2, 50), { items: [{ id: 'r51' }], page: 2, pageSize: 50, total: 51 });
    assert.equal(calls[0].url, '/api/membership/referrals?page=2&pageSize=50');
    assert.equal(calls[0].init?.credentials, 'include');
  });

  it('counts the rows it got when the header is missing', async () => {
    nextResponse = () => Response.json([1, 2, 3]);
    assert.equal((await getPage('/api/x', 1, 50)).total, 3);
  });

  it('throws an ApiError for a non-OK answer', async () => {
    nextResponse = () => new Response('{"statusCode":400,"message":"page must be a whole number"}', { status: 400 });
    await assert.rejects(getPage('/api/x', 0, 50), (err: unknown) => err instanceof ApiError && err.status === 400);
  });
});

describe('nextPageParam', () => {
  it('offers the next page while rows remain beyond the ones fetched', () => {
    assert.equal(nextPageParam(page(1, 2, 5)), 2);
    assert.equal(nextPageParam(page(2, 2, 5)), 3);
  });

  it('stops at the last page, also when it is exactly full', () => {
    assert.equal(nextPageParam(page(3, 1, 5)), undefined);
    assert.equal(nextPageParam(page(2, 2, 4)), undefined);
    assert.equal(nextPageParam(page(1, 0, 0)), undefined);
  });

  it('stops on an empty page even if the count says more (rows removed meanwhile)', () => {
    assert.equal(nextPageParam(page(3, 0, 9)), undefined);
  });
});

describe('rowsOf', () => {
  it('joins the pages in order', () => {
    assert.deepEqual(rowsOf([page(1, 2, 5), page(2, 2, 5), page(3, 1, 5)]), [1, 2, 3, 4, 5]);
    assert.deepEqual(rowsOf(undefined), []);
  });
});

describe('pagedListQueryOptions', () => {
  it('keys the list by its path, starts at page 1 and fetches through the given fetcher', async () => {
    const asked: number[] = [];
    const options = pagedListQueryOptions('/api/membership/commissions', async (n) => {
      asked.push(n);
      return page(n, 2, 5);
    });
    assert.deepEqual(options.queryKey, ['/api/membership/commissions', 'pages']);
    assert.equal(options.initialPageParam, 1);
    const queryFn = options.queryFn as (ctx: { pageParam: number; signal: AbortSignal }) => Promise<Page<number>>;
    assert.deepEqual((await queryFn({ pageParam: 2, signal: new AbortController().signal })).items, [3, 4]);
    assert.deepEqual(asked, [2]);
  });

  it('reaches every row of 51 with pages of 50: the defect where the list stopped at 50', () => {
    const first = page(1, 50, 51, 50);
    assert.equal(nextPageParam(first), 2);
    const second = page(2, 1, 51, 50);
    assert.equal(nextPageParam(second), undefined);
    assert.equal(rowsOf([first, second]).length, 51);
  });
});
