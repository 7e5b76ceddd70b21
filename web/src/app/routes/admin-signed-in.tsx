import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { userSignedOut, type AuthUser } from '@/features/auth/auth-slice';
import { meQueryKey } from '@/features/auth/api/get-me';
import { AccountSecurity } from '@/features/admin/components/account-security';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { toastAfterReload } from '@/components/toast/use-toast';
import { Spinner } from '@/components/ui/spinner';
import { useDeferredModule } from '@/lib/use-deferred-module';

// The Orders and Marketshare tabs (about half of the dashboard's code) are not what the dashboard first shows, its
// first inbox: their code comes at the admin's first sign of use, or when one of those tabs opens (ADR 0024).
const loadMoreTabs = () => import('./admin-more-tabs');
const loadPrayer = () => import('@/features/prayer/components/admin-prayer');
// The Team area (ADR 0052): full admins only, which every user of this module is.
const loadTeam = () => import('@/features/staff/components/admin-team');
// Podcast analytics (ADR 0071) with its charting library: only when its tab opens.
const loadAnalytics = () => import('@/features/admin/components/admin-podcast-analytics');

/** /admin for a signed-in admin (loaded apart from the page a visitor gets: see admin.tsx). */
export function AdminSignedIn({ user }: { user: AuthUser }) {
  const [moreTabsWanted, setMoreTabsWanted] = useState(false);
  const moreTabs = useDeferredModule(loadMoreTabs, moreTabsWanted);
  const wantMoreTabs = useCallback(() => setMoreTabsWanted(true), []);
  const [prayerWanted, setPrayerWanted] = useState(false);
  const prayer = useDeferredModule(loadPrayer, prayerWanted);
  const wantPrayer = useCallback(() => setPrayerWanted(true), []);
  const [teamWanted, setTeamWanted] = useState(false);
  const team = useDeferredModule(loadTeam, teamWanted);
  const wantTeam = useCallback(() => setTeamWanted(true), []);
  const [analyticsWanted, setAnalyticsWanted] = useState(false);
  const analytics = useDeferredModule(loadAnalytics, analyticsWanted);
  const wantAnalytics = useCallback(() => setAnalyticsWanted(true), []);
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // As Admin Logout does: forget the user, reload to drop admin-only state, and say so on the fresh page.
  const signedOutEverywhere = useCallback(() => {
    dispatch(userSignedOut());
    queryClient.setQueryData(meQueryKey, null);
    toastAfterReload({ title: 'Signed out everywhere', description: 'Every session of this account has ended.', variant: 'success' });
    window.location.reload();
  }, [dispatch, queryClient]);
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
          {
            value: 'stock',
            label: 'Stock',
            content: moreTabs ? <moreTabs.StockTab isAdmin={user.isAdmin} /> : <TabLoading label="Loading stock" onShown={wantMoreTabs} />,
          },
          {
            value: 'newsletter',
            label: 'Newsletter',
            content: moreTabs ? <moreTabs.NewsletterTab isAdmin={user.isAdmin} /> : <TabLoading label="Loading the newsletter" onShown={wantMoreTabs} />,
          },
          {
            value: 'analytics',
            label: 'Analytics',
            content: analytics ? <analytics.AdminPodcastAnalytics /> : <TabLoading label="Loading podcast analytics" onShown={wantAnalytics} />,
          },
          { value: 'prayer', label: 'Prayer', content: prayer ? <prayer.AdminPrayer /> : <TabLoading label="Loading the prayer area" onShown={wantPrayer} /> },
          {
            value: 'team',
            label: 'Team',
            content: team ? <team.AdminTeam currentUserId={user.id} /> : <TabLoading label="Loading the team" onShown={wantTeam} />,
          },
          { value: 'security', label: 'Account security', content: <AccountSecurity onSignedOut={signedOutEverywhere} /> },
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
