import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';
import { useToast } from './use-toast';

// Radix Toast and the parts it brings (about 12 KB gzipped) are no part of the first paint: the toaster loads once
// the page has loaded, or at once if a toast comes sooner. A toast raised meanwhile waits in use-toast's store.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const { current } = useToast();
  const [pageLoaded, setPageLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setPageLoaded(true)), []);
  return pageLoaded || current ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
