import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { cartCleared, selectCartItems } from '@/features/cart/cart-slice';
import { Checkout } from '@/features/checkout/components/checkout';
import { CheckoutSuccess } from '@/features/checkout/components/checkout-success';

/** The app joins checkout to the cart; neither feature knows the other. */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const clearCart = useCallback(() => dispatch(cartCleared()), [dispatch]);
  return <Checkout items={items} onOrderPlaced={clearCart} />;
}

export function CheckoutSuccessPage() {
  const dispatch = useAppDispatch();
  const clearCart = useCallback(() => dispatch(cartCleared()), [dispatch]);
  return <CheckoutSuccess onConfirmed={clearCart} />;
}
