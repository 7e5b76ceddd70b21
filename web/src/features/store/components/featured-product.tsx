import { PackageOpen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useFeaturedProduct } from '../api/get-featured-product';
import { ItemImage } from './item-image';

/** Home page, "Discover & Grow", left column (spec §2). */
export function FeaturedProduct() {
  const { data: product, isPending, isError } = useFeaturedProduct();

  return (
    <div className="flex flex-col gap-6">
      <h3 className="font-serif text-2xl font-bold text-indigo-950">Featured Product</h3>
      {isPending && (
        <p role="status" className="rounded-xl border border-dashed border-indigo-200 p-10 text-center text-slate-600">
          Loading featured product...
        </p>
      )}
      {isError && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 p-10 text-center text-slate-600">
          <PackageOpen className="size-10 text-indigo-300" aria-hidden />
          <p>No featured product right now. Browse the whole store instead.</p>
        </div>
      )}
      {product && (
        <article aria-labelledby="featured-product-name" className="overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm">
          <div className="relative aspect-[4/3]">
            <ItemImage item={product} sizes="(min-width: 1152px) 528px, (min-width: 768px) 46vw, 100vw" className="absolute inset-0 size-full" />
            <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-indigo-950">Featured</span>
          </div>
          <div className="grid gap-3 p-5">
            <h4 id="featured-product-name" className="text-lg font-bold text-slate-900">
              {product.name}
            </h4>
            <p className="line-clamp-3 text-sm text-slate-600">{product.description}</p>
            <div className="flex items-center justify-between gap-3">
              <span className="text-xl font-bold text-indigo-900">{formatPrice(product.price)}</span>
              <Link to="/products" className={buttonClasses('primary', 'sm')}>
                View Details
              </Link>
            </div>
          </div>
        </article>
      )}
      <Link to="/products" className={buttonClasses('outline', 'md', 'self-start')}>
        Shop All Products
      </Link>
    </div>
  );
}
