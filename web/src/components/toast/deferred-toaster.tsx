import { useDeferredModule } from '@/lib/use-deferred-module';
import { useToast } from './use-toast';

// Radix Toast and the parts it brings (about 12 KB gzipped) are no part of the first paint: the toaster loads once
// the page has loaded, or at once if a toast comes sooner. A toast raised meanwhile waits in use-toast's store.
const loadToaster = () => import('./toaster');

export function DeferredToaster() {
  const { current } = useToast();
  const toaster = useDeferredModule(loadToaster, current !== null);
  return toaster ? <toaster.Toaster /> : null;
}
