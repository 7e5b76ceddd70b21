import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { selectCartIsOpen } from '@/features/cart/cart-slice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-amber-400 px-4 py-2 font-semibold text-indigo-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <CartSheetOnceOpened />
      <ScrollRestoration />
    </div>
  );
}

// The cart sheet (and the dialog library under it) loads the first time the cart opens, not with the first page.
const CartSheet = lazy(() => import('@/features/cart/components/cart-sheet').then((m) => ({ default: m.CartSheet })));

function CartSheetOnceOpened() {
  const isOpen = useAppSelector(selectCartIsOpen);
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <CartSheet />
    </Suspense>
  ) : null;
}
