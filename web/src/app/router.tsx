import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { ComponentType } from 'react';
import { ComingSoonPage } from './routes/coming-soon';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PrivacyPage } from './routes/privacy';
import { RefundsPage } from './routes/refunds';
import { TermsPage } from './routes/terms';
import { AppLayout } from './layout/app-layout';

// Screens whose issues have not landed yet; each route moves to its own page when its issue does.
const comingSoon = (path: string, title: string, sentence: string) => ({
  path,
  element: <ComingSoonPage title={title} sentence={sentence} />,
});

// Heavier screens load on first visit, keeping the first paint's bundle small.
const lazyPage =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      {
        path: '/podcast',
        lazy: lazyPage(
          () => import('./routes/podcast'),
          (m) => m.PodcastPage,
        ),
      },
      {
        path: '/products',
        lazy: lazyPage(
          () => import('./routes/products'),
          (m) => m.ProductsPage,
        ),
      },
      {
        path: '/marketshare',
        lazy: lazyPage(
          () => import('@/features/marketshare/components/marketshare-page'),
          (m) => m.MarketsharePage,
        ),
      },
      {
        path: '/publishing',
        lazy: lazyPage(
          () => import('./routes/publishing'),
          (m) => m.PublishingPage,
        ),
      },
      {
        path: '/contact',
        lazy: lazyPage(
          () => import('@/features/contact/components/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: '/checkout',
        lazy: lazyPage(
          () => import('./routes/checkout'),
          (m) => m.CheckoutPage,
        ),
      },
      {
        path: '/checkout/success',
        lazy: lazyPage(
          () => import('./routes/checkout'),
          (m) => m.CheckoutSuccessPage,
        ),
      },
      {
        path: '/member-dashboard',
        lazy: lazyPage(
          () => import('@/features/member/components/member-dashboard'),
          (m) => m.MemberDashboard,
        ),
      },
      comingSoon('/booking', 'Booking', 'Online booking is coming soon.'),
      {
        path: '/admin',
        lazy: lazyPage(
          () => import('./routes/admin'),
          (m) => m.AdminPage,
        ),
      },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/refunds', element: <RefundsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
