import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { useCatalogPage } from '../api/get-catalog-page';
import { KIND_LABELS, STORE_PAGE_SIZE, type CatalogItem } from '../catalog';
import { pageCount, toCatalogListQuery } from '../store-query';
import { useStoreParams } from '../use-store-params';
import { CatalogResults } from './catalog-results';
import { Pagination } from './pagination';
import { StoreToolbar } from './store-toolbar';

// Admins only: visitors' phones do not download the item form's code (its uploads and progress bar).
const CatalogItemForm = lazy(() => import('./catalog-item-form').then((m) => ({ default: m.CatalogItemForm })));
// The dialogs (Radix Dialog, about 14 KB gzipped) are no part of the first paint, whose largest element is the first
// card's picture: their code is fetched at the visitor's first tap, scroll or key (the delete dialog's for admins
// only), so the tap that opens one usually finds it there.
const loadItemDetailDialog = () => import('./item-detail-dialog');
const loadDeleteItemDialog = () => import('./delete-item-dialog');

interface StoreProps {
  /** Admins get the add/edit form and the edit and delete controls. */
  isAdmin: boolean;
  /** What "Add to Cart" does; the app wires it to the cart. */
  onAddToCart: (item: CatalogItem) => void;
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The store page: products or services, filtered, searched, sorted and paged on the server. */
export function Store({ isAdmin, onAddToCart }: StoreProps) {
  const [state, update] = useStoreParams();
  const query = useMemo(() => toCatalogListQuery(state, STORE_PAGE_SIZE), [state]);
  const { data, isPending, isError, isPlaceholderData, refetch } = useCatalogPage(state.kind, query);

  const [selected, setSelected] = useState<CatalogItem | null>(null);
  const [editing, setEditing] = useState<CatalogItem | null>(null);
  const [deleting, setDeleting] = useState<CatalogItem | null>(null);
  const detailDialog = useDeferredModule(loadItemDetailDialog, selected !== null);
  const deleteDialog = useDeferredModule(loadDeleteItemDialog, deleting !== null, { early: isAdmin });
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { many } = KIND_LABELS[state.kind];
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  // Switching between products and services drops an edit in progress.
  const editingHere = editing?.kind === state.kind ? editing : null;

  // A delete (or a stale link) can leave the page past the last one; step back to the last page.
  useEffect(() => {
    if (data && !isPlaceholderData && data.total > 0 && state.page > pages) update({ page: pages }, { replace: true });
  }, [data, isPlaceholderData, state.page, pages, update]);

  const handleSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const handleRetry = useCallback(() => void refetch(), [refetch]);
  const handleClearFilters = useCallback(() => update({ q: '', category: null }), [update]);

  function handlePageChange(page: number) {
    update({ page });
    // Take keyboard and screen-reader users to the top of the new results, not the bottom of the old ones.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }

  const handleEdit = useCallback((item: CatalogItem) => {
    setEditing(item);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      {isAdmin && (
        <Suspense fallback={<Spinner label="Loading the item form" />}>
          <CatalogItemForm key={`${state.kind}:${editingHere?.id ?? 'new'}`} kind={state.kind} editing={editingHere} onEditEnd={() => setEditing(null)} />
        </Suspense>
      )}

      <StoreToolbar state={state} onChange={update} onSearch={handleSearch} />

      <section aria-labelledby={headingId} className="grid gap-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-24 font-serif text-2xl font-bold text-indigo-950 focus:outline-none">
            {state.category ?? `All ${many}`}
          </h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {data && !isPlaceholderData && resultsSummary(data.total, data.page, data.pageSize, many.toLowerCase())}
          </p>
        </div>

        <CatalogResults
          kind={state.kind}
          view={state.view}
          items={data?.items}
          isPending={isPending}
          isError={isError}
          isStale={isPlaceholderData}
          hasFilters={Boolean(state.q || state.category)}
          onRetry={handleRetry}
          onClearFilters={handleClearFilters}
          onOpen={setSelected}
          onAddToCart={onAddToCart}
          onEdit={isAdmin ? handleEdit : undefined}
          onDelete={isAdmin ? setDeleting : undefined}
        />

        {data && <Pagination page={state.page} count={pages} onPageChange={handlePageChange} />}
      </section>

      {detailDialog && <detailDialog.ItemDetailDialog item={selected} onClose={() => setSelected(null)} onAddToCart={onAddToCart} />}
      {isAdmin && deleteDialog && (
        <deleteDialog.DeleteItemDialog
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(item) => {
            if (editing?.id === item.id) setEditing(null);
          }}
        />
      )}
    </div>
  );
}

function resultsSummary(total: number, page: number, pageSize: number, noun: string): string {
  if (total === 0) return `0 ${noun}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first}–${last} of ${total} ${noun}`;
}
