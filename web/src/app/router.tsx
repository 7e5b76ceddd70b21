import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { ComponentType } from 'react';
import { prefetchPrayerWall } from '@/features/prayer/prefetch';
import { prefetchStorePage } from '@/features/store/prefetch';
import { queryClient } from '@/lib/query-client';
import { ComingSoonPage } from './routes/coming-soon';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
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
        path: '/podcast/:episode',
        lazy: lazyPage(
          () => import('./routes/podcast-episode'),
          (m) => m.PodcastEpisodePage,
        ),
      },
      {
        path: '/products',
        // The first page of results is asked for while the page's code downloads (not awaited: nothing waits).
        loader: ({ request }) => {
          prefetchStorePage(queryClient, new URL(request.url));
          return null;
        },
        lazy: lazyPage(
          () => import('./routes/products'),
          (m) => m.ProductsPage,
        ),
      },
      {
        path: '/products/:slug',
        lazy: lazyPage(
          () => import('./routes/item'),
          (m) => m.ProductPage,
        ),
      },
      {
        path: '/services/:slug',
        lazy: lazyPage(
          () => import('./routes/item'),
          (m) => m.ServicePage,
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
        path: '/prayer',
        loader: () => {
          prefetchPrayerWall(queryClient);
          return null;
        },
        lazy: lazyPage(
          () => import('@/features/prayer/components/prayer-wall-page'),
          (m) => m.PrayerWallPage,
        ),
      },
      {
        path: '/prayer/mine',
        lazy: lazyPage(
          () => import('@/features/prayer/components/own-prayer-requests-page'),
          (m) => m.OwnPrayerRequestsPage,
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
        path: '/orders',
        lazy: lazyPage(
          () => import('@/features/orders/components/order-lookup-page'),
          (m) => m.OrderLookupPage,
        ),
      },
      {
        path: '/orders/:orderNumber',
        lazy: lazyPage(
          () => import('@/features/orders/components/order-status-page'),
          (m) => m.OrderStatusPage,
        ),
      },
      {
        path: '/member-dashboard',
        lazy: lazyPage(
          () => import('@/features/member/components/member-dashboard'),
          (m) => m.MemberDashboard,
        ),
      },
      {
        path: '/member-dashboard/invoices/:invoiceId',
        lazy: lazyPage(
          () => import('@/features/member/components/invoice-receipt-page'),
          (m) => m.InvoiceReceiptPage,
        ),
      },
      {
        path: '/member-dashboard/statement',
        lazy: lazyPage(
          () => import('@/features/member/components/member-statement-page'),
          (m) => m.MemberStatementPage,
        ),
      },
      {
        path: '/verify-email',
        lazy: lazyPage(
          () => import('@/features/auth/components/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: '/staff-invitation',
        lazy: lazyPage(
          () => import('@/features/staff/components/staff-invitation-page'),
          (m) => m.StaffInvitationPage,
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
      {
        path: '/admin/earnings-statement',
        lazy: lazyPage(
          () => import('@/features/admin/components/admin-earnings-statement-page'),
          (m) => m.AdminEarningsStatementPage,
        ),
      },
      // Policy pages are long text few visitors open: kept out of the first page's script.
      {
        path: '/privacy',
        lazy: lazyPage(
          () => import('./routes/privacy'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: '/terms',
        lazy: lazyPage(
          () => import('./routes/terms'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: '/refunds',
        lazy: lazyPage(
          () => import('./routes/refunds'),
          (m) => m.RefundsPage,
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
