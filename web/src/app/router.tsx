import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AdminPage } from './routes/admin';
import { ComingSoonPage } from './routes/coming-soon';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { PodcastPage } from './routes/podcast';
import { PrivacyPage } from './routes/privacy';
import { RefundsPage } from './routes/refunds';
import { TermsPage } from './routes/terms';
import { AppLayout } from './layout/app-layout';

// Screens whose issues have not landed yet; each route moves to its own page when its issue does.
const comingSoon = (path: string, title: string, sentence: string) => ({
  path,
  element: <ComingSoonPage title={title} sentence={sentence} />,
});

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/podcast', element: <PodcastPage /> },
      comingSoon('/products', 'Products & Services', 'Our store of faith-based products and services is opening soon.'),
      comingSoon('/marketshare', 'Marketshare', 'Marketshare membership signup is coming soon.'),
      comingSoon('/publishing', 'Publishing', 'Our self-publishing services for authors are coming to this page soon.'),
      comingSoon('/contact', 'Get In Touch', 'Contact and prayer request forms are coming to this page soon.'),
      comingSoon('/checkout', 'Checkout', 'Secure checkout is coming soon.'),
      comingSoon('/checkout/success', 'Checkout', 'Order confirmation is coming with secure checkout.'),
      comingSoon('/member-dashboard', 'Member Dashboard', 'The Marketshare member dashboard is coming soon.'),
      comingSoon('/booking', 'Booking', 'Online booking is coming soon.'),
      { path: '/admin', element: <AdminPage /> },
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
