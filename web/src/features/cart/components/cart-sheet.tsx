import * as Dialog from '@radix-ui/react-dialog';
import { Lock, ShoppingBag, X } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { formatPrice } from '@/lib/format-price';
import { cartToggled, selectCartCount, selectCartIsOpen, selectCartItems, selectCartTotal } from '../cart-slice';
import { CartLineItem } from './cart-line-item';

/** The cart slide-over, mounted once in the layout; the cart button and "Add to Cart" open it. */
export function CartSheet() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isOpen = useAppSelector(selectCartIsOpen);
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const total = useAppSelector(selectCartTotal);
  const returnFocus = useReturnFocus();

  const close = () => dispatch(cartToggled(false));
  const closeAndGo = (path: string) => {
    close();
    navigate(path);
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => dispatch(cartToggled(open))}>
      <Dialog.Portal>
        <Dialog.Overlay className="data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out fixed inset-0 z-50 bg-indigo-950/50 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          className="data-[state=open]:animate-sheet-in data-[state=closed]:animate-sheet-out fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-2xl"
        >
          <header className="flex items-center justify-between gap-4 border-b border-indigo-100 px-6 py-4">
            <div>
              <Dialog.Title className="font-serif text-xl font-bold text-indigo-950">Shopping Cart</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {count === 0 ? 'Your cart is empty' : `${count} ${count === 1 ? 'item' : 'items'} in your cart`}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close cart"
              className="rounded-md p-2 text-slate-500 hover:bg-indigo-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-amber-500"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </header>

          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <span className="grid size-16 place-items-center rounded-full bg-indigo-50 text-indigo-400">
                <ShoppingBag className="size-8" aria-hidden />
              </span>
              <div>
                <p className="text-lg font-semibold text-slate-900">Your cart is empty</p>
                <p className="text-sm text-slate-600">Find something that points people to the Kingdom.</p>
              </div>
              <Button onClick={() => closeAndGo('/products')}>Shop Products</Button>
            </div>
          ) : (
            <>
              <ul aria-label="Cart items" className="flex-1 divide-y divide-indigo-50 overflow-y-auto px-6">
                {items.map((item) => (
                  <CartLineItem key={item.productId} item={item} />
                ))}
              </ul>
              <footer className="grid gap-3 border-t border-indigo-100 px-6 py-5">
                <p className="flex items-center justify-between text-lg font-bold text-slate-900">
                  <span>Total</span>
                  <span data-testid="cart-total">{formatPrice(total)}</span>
                </p>
                <Button size="lg" className="w-full" onClick={() => closeAndGo('/checkout')}>
                  <Lock className="size-4" aria-hidden />
                  Secure Checkout
                </Button>
                <Button variant="outline" size="lg" className="w-full" onClick={close}>
                  Continue Shopping
                </Button>
              </footer>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
