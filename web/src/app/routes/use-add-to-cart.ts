import { useCallback } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/components/toast/use-toast';
import { cartItemAdded, cartToggled } from '@/features/cart/cart-slice';
import type { CatalogItem } from '@/features/store/catalog';

/** Adds an item to the cart and opens it: the app joins the store to the cart; neither feature knows the other. */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    (item: CatalogItem) => {
      dispatch(cartItemAdded({ productId: item.id, name: item.name, price: item.price, imageUrl: item.imageUrl ?? '' }));
      dispatch(cartToggled(true));
      toast({ title: 'Added to cart', description: `${item.name} is in your cart.`, variant: 'success' });
    },
    [dispatch],
  );
}
