import { ITEM_DETAIL_IMAGE_SIZES } from '@km/contracts/vocabulary';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { CircleCheck, CircleX, ShoppingCart, X } from 'lucide-react';
import { useRef, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { formatPrice } from '@/lib/format-price';
import { Link } from 'react-router-dom';
import { offersBackInStock } from '../back-in-stock';
import { itemPagePath, stockLabel, type CatalogItem } from '../catalog';
import { BackInStockForm } from './back-in-stock-form';
import { ItemImage } from './item-image';
import { RatingStars } from './rating-stars';

interface ItemDetailDialogProps {
  /** The item shown; null closes the dialog. */
  item: CatalogItem | null;
  onClose: () => void;
  onAddToCart: (item: CatalogItem) => void;
}

export function ItemDetailDialog({ item, onClose, onAddToCart }: ItemDetailDialogProps) {
  const returnFocus = useReturnFocus();
  // "Add to Cart" closes this dialog and opens the cart. The cart opens only once focus is back on the card,
  // so that closing the cart later returns there too.
  const afterClose = useRef<(() => void) | null>(null);

  function handleAddToCart(selected: CatalogItem) {
    afterClose.current = () => onAddToCart(selected);
    onClose();
  }

  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-50 bg-indigo-950/60 backdrop-blur-sm" />
        <Dialog.Content
          className={clsx(
            'data-[state=open]:animate-dialog-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl',
            '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white shadow-2xl',
          )}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={(event) => {
            returnFocus.onCloseAutoFocus(event);
            afterClose.current?.();
            afterClose.current = null;
          }}
        >
          {item && (
            <ItemDetails item={item} onAddToCart={handleAddToCart} Title={Dialog.Title} Description={Dialog.Description} pageLink={itemPagePath(item)} />
          )}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full bg-white/90 p-1.5 text-slate-600 shadow hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ItemDetailsProps {
  item: CatalogItem;
  onAddToCart: (item: CatalogItem) => void;
  /** The name's and description's elements: the dialog's own (they label it), or a heading and a paragraph on a page. */
  Title: ComponentType<{ className?: string; children: ReactNode }>;
  Description: ComponentType<{ className?: string; children: ReactNode }>;
  /** The item's own page, linked under Add to Cart (the dialog links there; the page itself does not). */
  pageLink?: string;
}

/** An item's picture, name, price, availability, description, tags and Add to Cart: the dialog's and the item page's body. */
export function ItemDetails({ item, onAddToCart, Title, Description, pageLink }: ItemDetailsProps) {
  const StockIcon = item.inStock ? CircleCheck : CircleX;

  return (
    <div className="grid md:grid-cols-2">
      <ItemImage item={item} eager sizes={ITEM_DETAIL_IMAGE_SIZES} aspect={[1, 1]} className="aspect-square w-full md:h-full" />
      <div className="flex flex-col gap-4 p-6">
        <div className="grid gap-2 pr-8">
          <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
            <span className="sr-only">Category: </span>
            <span>{item.category}</span>
          </p>
          <Title className="font-serif text-2xl font-bold text-indigo-950">{item.name}</Title>
          <RatingStars />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-3xl font-bold text-indigo-900">{formatPrice(item.price)}</p>
          <p
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
              item.inStock ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
            )}
          >
            <StockIcon className="size-4" aria-hidden />
            {stockLabel(item)}
          </p>
        </div>

        <Description className="text-sm leading-relaxed whitespace-pre-line text-slate-700">{item.description}</Description>

        {item.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-2">
            {item.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-800">
                {tag}
              </li>
            ))}
          </ul>
        )}

        <Button size="lg" className="mt-auto w-full" disabled={!item.inStock} onClick={() => onAddToCart(item)}>
          <ShoppingCart className="size-5" aria-hidden />
          Add to Cart
        </Button>
        {offersBackInStock(item) && <BackInStockForm key={item.id} productId={item.id} productName={item.name} />}
        {pageLink && (
          <Link to={pageLink} className="text-center text-sm font-semibold text-indigo-800 underline-offset-4 hover:underline">
            View the full page<span className="sr-only"> of {item.name}</span>
          </Link>
        )}
      </div>
    </div>
  );
}
