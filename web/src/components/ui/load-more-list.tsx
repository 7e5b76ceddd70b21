import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { rowsOf, type Page } from '@/lib/paged-list';
import { Button } from './button';

interface LoadMoreListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** Names the list and its button ("referrals": "Load more referrals"). */
  noun: string;
  empty: string;
  rowKey: (row: T) => string;
  renderRow: (row: T) => ReactNode;
}

/**
 * A paged list shown a page at a time: every row can be reached with "Load more", and the count says how many
 * there are. The button stays focusable while the next page loads; once it arrives, focus moves to its first row
 * so a keyboard user carries on where the new rows start.
 */
export function LoadMoreList<T>({ query, noun, empty, rowKey, renderRow }: LoadMoreListProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const focusRow = useRef<number | null>(null);
  const rows = rowsOf(query.data?.pages);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  useEffect(() => {
    if (focusRow.current === null || query.isFetchingNextPage) return;
    const row = list.current?.children[focusRow.current];
    focusRow.current = null;
    if (row instanceof HTMLElement) row.focus();
  }, [rows.length, query.isFetchingNextPage]);

  if (query.isPending) return <p className="text-slate-600">Loading...</p>;
  if (query.isError && rows.length === 0) return <p className="text-slate-600">Your {noun} could not be loaded. Please try again in a moment.</p>;
  if (rows.length === 0) return <p className="rounded-xl border border-dashed border-indigo-200 p-6 text-center text-slate-600">{empty}</p>;

  function loadMore() {
    if (query.isFetchingNextPage) return;
    focusRow.current = rows.length;
    void query.fetchNextPage();
  }
  return (
    <>
      <ul
        ref={list}
        aria-label={noun[0].toUpperCase() + noun.slice(1)}
        className="divide-y divide-indigo-100 rounded-xl border border-indigo-100 bg-white shadow-sm"
      >
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            tabIndex={-1}
            className="flex flex-wrap items-center justify-between gap-2 p-4 focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            {renderRow(row)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-600">
          Showing {rows.length} of {Math.max(total, rows.length)} {noun}
        </p>
        {query.hasNextPage && (
          <Button variant="outline" aria-disabled={query.isFetchingNextPage} onClick={loadMore}>
            {query.isFetchingNextPage ? 'Loading...' : `Load more ${noun}`}
          </Button>
        )}
      </div>
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          The next {noun} could not be loaded. Please try again.
        </p>
      )}
    </>
  );
}
