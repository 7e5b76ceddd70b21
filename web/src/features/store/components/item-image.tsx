import { clsx } from 'clsx';
import { BriefcaseBusiness, Package } from 'lucide-react';
import { useState } from 'react';
import { srcSetOf } from '@/lib/image-renditions';
import type { CatalogItem } from '../catalog';

/** Card widths by breakpoint (catalog-results' grid inside max-w-6xl), so the browser picks the rendition that fits. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 256px, (min-width: 1024px) 304px, (min-width: 640px) 50vw, 100vw';

interface ItemImageProps {
  item: Pick<CatalogItem, 'name' | 'imageUrl' | 'images' | 'kind'>;
  className?: string;
  /** Above-the-fold images (the dialog, the first row of cards) load at once; the others lazily. */
  eager?: boolean;
  /** The page's largest picture (its LCP): fetched before the others. Defaults to `eager`. */
  highPriority?: boolean;
  /** The `sizes` attribute: how wide the box is at each breakpoint. */
  sizes?: string;
  /** The box's proportions as width and height attributes (the CSS sets the real size), so nothing shifts. */
  aspect?: [number, number];
}

/** The item's picture filling its box, or a quiet placeholder when it has none or it fails to load. */
export function ItemImage({ item, className, eager = false, highPriority = eager, sizes = CARD_IMAGE_SIZES, aspect = [4, 3] }: ItemImageProps) {
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

  const srcSet = srcSetOf(item.images);
  return (
    <img
      src={item.imageUrl}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={aspect[0] * 100}
      height={aspect[1] * 100}
      alt={item.name}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={highPriority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailedUrl(item.imageUrl)}
      className={clsx('bg-indigo-50 object-cover', className)}
    />
  );
}
