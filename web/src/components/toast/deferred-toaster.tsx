import { useDeferredModule } from '@/lib/use-deferred-module';
import { hasToastSavedBeforeReload, useToast } from './use-toast';

// Radix Toast and the parts it brings (about 12 KB gzipped) are no part of the first paint: the toaster loads at the
// visitor's first sign of use, or at once when a toast comes (or one waits from before a reload). A toast raised
// meanwhile waits in use-toast's store.
const loadToaster = () => import('./toaster');

export function DeferredToaster() {
  const { current } = useToast();
  const toaster = useDeferredModule(loadToaster, current !== null || hasToastSavedBeforeReload());
  return toaster ? <toaster.Toaster /> : null;
}
