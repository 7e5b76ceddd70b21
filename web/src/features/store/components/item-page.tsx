import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTitle } from '@/lib/use-document-title';
import { catalogItemQueryOptions } from '../api/get-catalog-item';
import { KIND_LABELS, type CatalogItem, type CatalogKind } from '../catalog';
import { ItemDetails } from './item-detail-dialog';

interface ItemPageProps {
  kind: CatalogKind;
  slug: string;
  onAddToCart: (item: CatalogItem) => void;
  /** What to show when the kind has no item with that slug. */
  notFound: React.ReactNode;
}

const Heading = ({ className, children }: { className?: string; children: React.ReactNode }) => <h1 className={className}>{children}</h1>;
const Paragraph = ({ className, children }: { className?: string; children: React.ReactNode }) => <p className={className}>{children}</p>;

/** An item's own page (`/products/{slug}`, `/services/{slug}`): what the detail dialog shows, full width, shareable. */
export function ItemPage({ kind, slug, onAddToCart, notFound }: ItemPageProps) {
  const { data: item, error, isPending } = useQuery(catalogItemQueryOptions(kind, slug));
  useTitle(item?.name);
  const store = kind === 'product' ? '/products' : '/products?kind=service';

  if (error instanceof ApiError && error.status === 404) return notFound;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumbs
        trail={[
          { label: 'Home', to: '/' },
          { label: KIND_LABELS[kind].many, to: store },
        ]}
        current={item?.name}
      />
      {item ? (
        <article className="overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm">
          <ItemDetails item={item} onAddToCart={onAddToCart} Title={Heading} Description={Paragraph} />
        </article>
      ) : isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={`Loading the ${kind}`} />
        </div>
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          We could not load this {kind}. Check your connection and reload the page.
        </p>
      )}
    </div>
  );
}
