import { clsx } from 'clsx';
import { CircleAlert, SearchX } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { KIND_LABELS, STORE_PAGE_SIZE, type CatalogItem, type CatalogKind } from '../catalog';
import type { StoreView } from '../store-query';
import { CatalogCard, CatalogCardSkeleton, type CatalogCardActions } from './catalog-card';

interface CatalogResultsProps extends CatalogCardActions {
  kind: CatalogKind;
  view: StoreView;
  items: CatalogItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Showing the previous page's cards while the next ones load. */
  isStale: boolean;
  hasFilters: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
}

const layout = (view: StoreView) => (view === 'grid' ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid gap-4');

// Memoized: a card's tap opens the detail dialog (Store's state), and re-rendering every card with it made that tap
// slow on a phone. Store passes stable callbacks.
export const CatalogResults = memo(function CatalogResults({
  kind,
  view,
  items,
  isPending,
  isError,
  isStale,
  hasFilters,
  onRetry,
  onClearFilters,
  ...actions
}: CatalogResultsProps) {
  const { many } = KIND_LABELS[kind];

  if (isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading {many.toLowerCase()}...
        </p>
        <div className={layout(view)}>
          {Array.from({ length: STORE_PAGE_SIZE }, (_, i) => (
            <CatalogCardSkeleton key={i} view={view} />
          ))}
        </div>
      </div>
    );
  }

  if (isError) {
    return (
      <StateMessage icon={<CircleAlert className="size-10 text-red-400" aria-hidden />} role="alert">
        <p className="font-semibold text-slate-900">We couldn&apos;t load the {many.toLowerCase()}.</p>
        <p>Please check your connection and try again.</p>
        <Button variant="outline" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </StateMessage>
    );
  }

  if (!items?.length) {
    return (
      <StateMessage icon={<SearchX className="size-10 text-indigo-300" aria-hidden />}>
        <p className="font-semibold text-slate-900">No {many.toLowerCase()} found</p>
        <p>{hasFilters ? 'Try a different search or category.' : `There are no ${many.toLowerCase()} yet.`}</p>
        {hasFilters && (
          <Button variant="outline" className="mt-2" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </StateMessage>
    );
  }

  return (
    <ul aria-label={many} aria-busy={isStale || undefined} data-view={view} className={clsx(layout(view), 'transition-opacity', isStale && 'opacity-60')}>
      {items.map((item, index) => (
        <li key={item.id} className="flex [&>article]:flex-1">
          <CatalogCard item={item} view={view} position={index} {...actions} />
        </li>
      ))}
    </ul>
  );
});

function StateMessage({ icon, role, children }: { icon: ReactNode; role?: 'alert'; children: ReactNode }) {
  return (
    <div
      role={role}
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-indigo-200 bg-white px-6 py-16 text-center text-slate-600"
    >
      {icon}
      {children}
    </div>
  );
}
