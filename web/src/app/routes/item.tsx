import { useParams } from 'react-router-dom';
import { ItemPage } from '@/features/store/components/item-page';
import { NotFoundPage } from './not-found';
import { useAddToCart } from './use-add-to-cart';

/** `/products/{slug}`: a product's own page. */
export function ProductPage() {
  return <ItemRoute kind="product" />;
}

/** `/services/{slug}`: a service's own page. */
export function ServicePage() {
  return <ItemRoute kind="service" />;
}

function ItemRoute({ kind }: { kind: 'product' | 'service' }) {
  const { slug = '' } = useParams();
  const addToCart = useAddToCart();
  return <ItemPage key={slug} kind={kind} slug={slug} onAddToCart={addToCart} notFound={<NotFoundPage />} />;
}
