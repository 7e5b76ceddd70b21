import { ShoppingCart } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { buttonClasses } from '@/components/ui/button';
import { cartToggled, selectCartCount } from '../cart-slice';

export function CartButton() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectCartCount);

  return (
    <button type="button" aria-label="Open cart" onClick={() => dispatch(cartToggled(true))} className={buttonClasses('ghost', 'icon', 'relative')}>
      <ShoppingCart className="size-5" aria-hidden />
      {count > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -top-1 -right-1 grid min-w-5 place-items-center rounded-full bg-amber-400 px-1 text-xs font-bold text-indigo-950"
        >
          {count}
          <span className="sr-only"> items in cart</span>
        </span>
      )}
    </button>
  );
}
