import { clsx } from 'clsx';
import { BriefcaseBusiness, Package } from 'lucide-react';
import { useState } from 'react';
import type { CatalogItem } from '../catalog';

interface ItemImageProps {
  item: Pick<CatalogItem, 'name' | 'imageUrl' | 'kind'>;
  className?: string;
  /** Above-the-fold images (the dialog) load at once; cards load lazily. */
  eager?: boolean;
}

/** The item's picture filling its box, or a quiet placeholder when it has none or it fails to load. */
export function ItemImage({ item, className, eager = false }: ItemImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const Placeholder = item.kind === 'service' ? BriefcaseBusiness : Package;

  if (!item.imageUrl || failedUrl === item.imageUrl) {
    return (
      <div className={clsx('grid place-items-center bg-indigo-50 text-indigo-300', className)}>
        <Placeholder className="size-12" aria-hidden />
        <span className="sr-only">{item.name}</span>
      </div>
    );
  }

  return (
    <img
      src={item.imageUrl}
      alt={item.name}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedUrl(item.imageUrl)}
      className={clsx('bg-indigo-50 object-cover', className)}
    />
  );
}
