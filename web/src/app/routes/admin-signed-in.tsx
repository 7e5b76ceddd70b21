import type { AuthUser } from '@/features/auth/auth-slice';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminOrders } from '@/features/checkout/components/admin-orders';
import { AdminMembers, AdminProfitBonusPeriods } from '@/features/marketshare/components/admin-marketshare-extras';
import { AdminPayoutRuns } from '@/features/marketshare/components/admin-payout-runs';

/** /admin for a signed-in admin (loaded apart from the page a visitor gets: see admin.tsx). */
export function AdminSignedIn({ user }: { user: AuthUser }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <h1 className="font-serif text-4xl font-bold text-indigo-950">Admin Dashboard</h1>
      <p className="mt-2 mb-8 text-slate-600">Signed in as {user.username}.</p>
      <AdminDashboard
        isAdmin={user.isAdmin}
        extraTabs={[
          { value: 'orders', label: 'Orders', content: <AdminOrders isAdmin={user.isAdmin} /> },
          {
            value: 'marketshare',
            label: 'Marketshare',
            content: (
              <div className="grid gap-12">
                <AdminMembers isAdmin={user.isAdmin} />
                <AdminPayoutRuns isAdmin={user.isAdmin} />
                <AdminProfitBonusPeriods isAdmin={user.isAdmin} />
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
