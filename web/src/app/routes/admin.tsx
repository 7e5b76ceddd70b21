import { LockKeyhole, ShieldX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { useMe } from '@/features/auth/api/get-me';
import { AdminOrders } from '@/features/checkout/components/admin-orders';
import { AdminMembers, AdminProfitBonusPeriods } from '@/features/marketshare/components/admin-marketshare-extras';
import { AdminPayoutRuns } from '@/features/marketshare/components/admin-payout-runs';
import { loadAdminLoginDialog } from './lazy-admin-login';

export function AdminPage() {
  // A failed lookup is ignored on purpose (spec §6): it reads as "not signed in".
  const { data: user, isPending } = useMe();
  const isDenied = !!user && !user.isAdmin;

  const deniedToastShown = useRef(false);
  useEffect(() => {
    if (!isDenied || deniedToastShown.current) return;
    deniedToastShown.current = true;
    toast({ title: 'Access Denied', description: 'Admin access required to view this page.', variant: 'destructive' });
  }, [isDenied]);

  if (isPending) return <Spinner label="Checking your access" className="py-32" />;

  if (!user) {
    return (
      <Notice icon={<LockKeyhole className="size-8" aria-hidden />} title="Admin Access Required">
        <p>Please sign in with an administrator account to continue.</p>
        <LazyDialog
          load={loadAdminLoginDialog}
          trigger={
            <Button className="mt-6">
              <LockKeyhole className="size-4" aria-hidden />
              Admin Login
            </Button>
          }
        />
      </Notice>
    );
  }

  if (isDenied) {
    return (
      <Notice icon={<ShieldX className="size-8" aria-hidden />} title="Access Denied">
        <p>You don&apos;t have permission to view this page.</p>
      </Notice>
    );
  }

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

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center text-slate-600">
      <span className="grid size-16 place-items-center rounded-full bg-indigo-100 text-indigo-900">{icon}</span>
      <h1 className="mt-6 font-serif text-3xl font-bold text-indigo-950">{title}</h1>
      <div className="mt-3">{children}</div>
    </section>
  );
}
