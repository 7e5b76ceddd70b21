import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { selectCartCount, selectCartIsOpen } from '@/features/cart/cart-slice';
import { usePageListTitle } from '@/lib/use-document-title';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppLayout() {
  usePageListTitle();
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-amber-400 px-4 py-2 font-semibold text-indigo-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <DeferredCartSheet />
      <ScrollRestoration />
    </div>
  );
}

// The cart sheet (and the dialog library under it) is no part of the first paint: its code comes at the visitor's
// first sign of use when the cart holds something (an empty cart is seldom opened, and a first tap elsewhere
// need not pay for it), or when the cart opens. Not React.lazy: its Suspense boundary held the opened sheet back
// after the fallback (ADR 0024), so the tap that opened the cart showed it late.
const loadCartSheet = () => import('@/features/cart/components/cart-sheet');

function DeferredCartSheet() {
  const hasItems = useAppSelector(selectCartCount) > 0;
  const cartSheet = useDeferredModule(loadCartSheet, useAppSelector(selectCartIsOpen), { early: hasItems });
  return cartSheet ? <cartSheet.CartSheet /> : null;
}
