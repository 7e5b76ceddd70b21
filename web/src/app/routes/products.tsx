import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/ui/page-header';
import { selectIsAdmin } from '@/features/auth/auth-slice';
import { Store } from '@/features/store/components/store';
import { useAddToCart } from './use-add-to-cart';

/** The app joins the store to the cart and the signed-in user; neither feature knows the other. */
export function ProductsPage() {
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <>
      <PageHeader title="Products & Services">Faith-based goods and services from Kingdom-minded creators, businesses, and ministries.</PageHeader>
      <Store isAdmin={isAdmin} onAddToCart={useAddToCart()} />
    </>
  );
}
