import { Outlet, ScrollRestoration } from 'react-router-dom';
import { CartSheet } from '@/features/cart/components/cart-sheet';
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
      <CartSheet />
      <ScrollRestoration />
    </div>
  );
}
