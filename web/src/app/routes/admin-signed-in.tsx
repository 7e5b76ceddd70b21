import { useCallback, useEffect, useState } from 'react';
import type { AuthUser } from '@/features/auth/auth-slice';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { Spinner } from '@/components/ui/spinner';
import { useDeferredModule } from '@/lib/use-deferred-module';

// The Orders and Marketshare tabs (about half of the dashboard's code) are not what the dashboard first shows, its
// first inbox: their code comes at the admin's first sign of use, or when one of those tabs opens (ADR 0024).
const loadMoreTabs = () => import('./admin-more-tabs');

/** /admin for a signed-in admin (loaded apart from the page a visitor gets: see admin.tsx). */
export function AdminSignedIn({ user }: { user: AuthUser }) {
  const [moreTabsWanted, setMoreTabsWanted] = useState(false);
  const moreTabs = useDeferredModule(loadMoreTabs, moreTabsWanted);
  const wantMoreTabs = useCallback(() => setMoreTabsWanted(true), []);
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <h1 className="font-serif text-4xl font-bold text-indigo-950">Admin Dashboard</h1>
      <p className="mt-2 mb-8 text-slate-600">Signed in as {user.username}.</p>
      <AdminDashboard
        isAdmin={user.isAdmin}
        extraTabs={[
          {
            value: 'orders',
            label: 'Orders',
            content: moreTabs ? <moreTabs.OrdersTab isAdmin={user.isAdmin} /> : <TabLoading label="Loading orders" onShown={wantMoreTabs} />,
          },
          {
            value: 'marketshare',
            label: 'Marketshare',
            content: moreTabs ? <moreTabs.MarketshareTab isAdmin={user.isAdmin} /> : <TabLoading label="Loading Marketshare" onShown={wantMoreTabs} />,
          },
        ]}
      />
    </section>
  );
}

/** Shown in a tab whose code has not arrived; being shown (the tab is open) asks for it. */
function TabLoading({ label, onShown }: { label: string; onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return <Spinner label={label} className="py-16" />;
}
