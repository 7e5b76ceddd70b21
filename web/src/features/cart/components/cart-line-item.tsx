import { Minus, Package, Plus, Trash2 } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { formatPrice } from '@/lib/format-price';
import { cartItemRemoved, cartQuantityChanged, lineTotalCents, type CartItem } from '../cart-slice';

const stepperButton =
  'grid size-8 place-items-center rounded-md border border-indigo-200 bg-white text-indigo-900 hover:bg-indigo-50 disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-500';

export function CartLineItem({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const setQuantity = (quantity: number) => dispatch(cartQuantityChanged({ productId: item.productId, quantity }));

  return (
    <li className="flex gap-4 py-4" aria-label={item.name}>
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-indigo-50">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <Package className="m-auto mt-6 size-8 text-indigo-300" aria-hidden />
        )}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{item.name}</p>
            <p className="text-sm text-slate-600">
              {formatPrice(item.price)}
              <span className="sr-only"> each</span>
            </p>
          </div>
          <p className="font-semibold text-indigo-900" data-testid="cart-line-total">
            {formatPrice(lineTotalCents(item) / 100)}
          </p>
        </div>

        <div className="flex items-center justify-between">
          <div role="group" aria-label={`Quantity of ${item.name}`} className="flex items-center gap-2">
            <button
              type="button"
              aria-label={`Decrease quantity of ${item.name}`}
              disabled={item.quantity <= 1}
              onClick={() => setQuantity(item.quantity - 1)}
              className={stepperButton}
            >
              <Minus className="size-4" aria-hidden />
            </button>
            <span className="min-w-6 text-center font-semibold tabular-nums" data-testid="cart-quantity" aria-live="polite">
              {item.quantity}
            </span>
            <button type="button" aria-label={`Increase quantity of ${item.name}`} onClick={() => setQuantity(item.quantity + 1)} className={stepperButton}>
              <Plus className="size-4" aria-hidden />
            </button>
          </div>
          <button
            type="button"
            onClick={() => dispatch(cartItemRemoved({ productId: item.productId }))}
            className="inline-flex items-center gap-1.5 rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-amber-500"
          >
            <Trash2 className="size-4" aria-hidden />
            Remove<span className="sr-only"> {item.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
