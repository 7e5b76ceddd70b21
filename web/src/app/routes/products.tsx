import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toast } from '@/components/toast/use-toast';
import { PageHeader } from '@/components/ui/page-header';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { cartItemAdded, cartToggled } from '@/features/cart/cart-slice';
import type { CatalogItem } from '@/features/store/catalog';
import { Store } from '@/features/store/components/store';

/** The app joins the store to the cart and the signed-in user; neither feature knows the other. */
export function ProductsPage() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectIsAdmin);

  const addToCart = useCallback(
    (item: CatalogItem) => {
      dispatch(cartItemAdded({ productId: item.id, name: item.name, price: item.price, imageUrl: item.imageUrl ?? '' }));
      dispatch(cartToggled(true));
      toast({ title: 'Added to cart', description: `${item.name} is in your cart.`, variant: 'success' });
    },
    [dispatch],
  );

  return (
    <>
      <PageHeader title="Products & Services">Faith-based goods and services from Kingdom-minded creators, businesses, and ministries.</PageHeader>
      <Store isAdmin={isAdmin} onAddToCart={addToCart} />
    </>
  );
}
