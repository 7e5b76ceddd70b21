import { clsx } from 'clsx';
import { Pencil, ShoppingCart, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { itemPagePath, stockLabel, type CatalogItem } from '../catalog';
import type { StoreView } from '../store-query';
import { CARD_IMAGE_SIZES, ItemImage } from './item-image';
import { RatingStars } from './rating-stars';

export interface CatalogCardActions {
  onOpen: (item: CatalogItem) => void;
  onAddToCart: (item: CatalogItem) => void;
  /** Admin controls appear only when these are given. */
  onEdit?: (item: CatalogItem) => void;
  onDelete?: (item: CatalogItem) => void;
}

interface CatalogCardProps extends CatalogCardActions {
  item: CatalogItem;
  view: StoreView;
  /**
   * Place on the page. The first card's picture is the page's LCP: it loads at once and first. The others load
   * lazily (those in view start at layout), so on a phone they do not share the line with it.
   */
  position?: number;
}

/**
 * The whole card opens the detail dialog: the name is a real button whose ::after covers the card, and the
 * other controls sit above that layer, so there are no nested interactive elements.
 */
export function CatalogCard({ item, view, position = 1, onOpen, onAddToCart, onEdit, onDelete }: CatalogCardProps) {
  const titleId = useId();
  const isList = view === 'list';

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'group relative flex overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm transition-shadow hover:shadow-md',
        isList ? 'flex-row' : 'flex-col',
      )}
    >
      <div className={clsx('relative shrink-0', isList ? 'w-32 sm:w-48' : 'aspect-[4/3] w-full sm:aspect-square')}>
        <ItemImage
          item={item}
          eager={position === 0}
          sizes={isList ? '(min-width: 640px) 192px, 128px' : CARD_IMAGE_SIZES}
          className="absolute inset-0 size-full"
        />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          {item.featured && <span className="rounded-full bg-amber-400 px-2.5 py-0.5 text-xs font-bold text-indigo-950">New</span>}
          {!item.inStock && <span className="rounded-full bg-slate-800/85 px-2.5 py-0.5 text-xs font-semibold text-white">{stockLabel(item)}</span>}
          {item.inStock && item.lowStock && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900" data-testid="low-stock">
              {stockLabel(item)}
            </span>
          )}
        </div>
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase" data-testid="item-category">
          {item.category}
        </p>
        <h3 id={titleId} className="text-base leading-snug font-bold text-slate-900">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(item)}
            className={clsx(
              'text-left hover:text-indigo-800 focus-visible:outline-none',
              'after:absolute after:inset-0 after:rounded-xl after:content-[""]',
              'focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-amber-500',
            )}
          >
            {item.name}
          </button>
        </h3>
        <RatingStars />
        <p className={clsx('text-sm text-slate-600', isList ? 'line-clamp-3' : 'line-clamp-2')}>{item.description}</p>
        {/* The item's own page (ADR 0044): a real link, so a reader can open it in a tab and crawlers find every item. */}
        <Link
          to={itemPagePath(item)}
          className="relative z-10 self-start text-sm font-semibold text-indigo-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
        >
          View page<span className="sr-only"> of {item.name}</span>
        </Link>

        <div className="relative z-10 mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="text-xl font-bold text-indigo-900" data-testid="item-price">
            {formatPrice(item.price)}
          </span>
          <Button size="sm" onClick={() => onAddToCart(item)} disabled={!item.inStock}>
            <ShoppingCart className="size-4" aria-hidden />
            Add to Cart<span className="sr-only">: {item.name}</span>
          </Button>
        </div>

        {(onEdit || onDelete) && (
          <div className="relative z-10 flex gap-2 border-t border-indigo-50 pt-3">
            {onEdit && (
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(item)}>
                <Pencil className="size-4" aria-hidden />
                Edit<span className="sr-only"> {item.name}</span>
              </Button>
            )}
            {onDelete && (
              <Button variant="outline" size="sm" className="flex-1 text-red-700 hover:bg-red-50" onClick={() => onDelete(item)}>
                <Trash2 className="size-4" aria-hidden />
                Delete<span className="sr-only"> {item.name}</span>
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** Same footprint as a card while the first page loads. */
export function CatalogCardSkeleton({ view }: { view: StoreView }) {
  const isList = view === 'list';
  return (
    <div aria-hidden className={clsx('flex animate-pulse overflow-hidden rounded-xl border border-indigo-100 bg-white', isList ? 'flex-row' : 'flex-col')}>
      <div className={clsx('bg-indigo-100', isList ? 'w-32 sm:w-48' : 'aspect-[4/3] w-full sm:aspect-square')} />
      <div className="grid flex-1 content-start gap-3 p-4">
        <div className="h-3 w-1/3 rounded bg-indigo-100" />
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-amber-100" />
        <div className="h-3 w-full rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
        <div className="mt-2 flex justify-between">
          <div className="h-6 w-16 rounded bg-indigo-100" />
          <div className="h-9 w-28 rounded bg-indigo-100" />
        </div>
      </div>
    </div>
  );
}
