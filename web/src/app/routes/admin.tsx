import { LockKeyhole, ShieldX } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { useMe } from '@/features/auth/api/get-me';
import { sessionMayExist } from '@/lib/session-hint';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { loadAdminLoginDialog } from './lazy-admin-login';

// The signed-in dashboard (tabs, inbox, orders, Marketshare; about 25 KB gzipped) is no part of the page a visitor
// gets, the Admin Access Required notice: it loads when a session may exist, or once an admin signs in.
const loadAdminSignedIn = () => import('./admin-signed-in');
// The prayer team's area (ADR 0043): all a prayer-team member who is not an admin sees of /admin.
const loadPrayerArea = () => import('@/features/prayer/components/admin-prayer');

export function AdminPage() {
  // A failed lookup is ignored on purpose (spec §6): it reads as "not signed in".
  const { data: user, isPending } = useMe();
  const prayerTeamOnly = !!user && !user.isAdmin && user.isPrayerTeam === true;
  const isDenied = !!user && !user.isAdmin && !prayerTeamOnly;
  const admin = useDeferredModule(loadAdminSignedIn, sessionMayExist() || user?.isAdmin === true, { early: false });
  const prayerArea = useDeferredModule(loadPrayerArea, prayerTeamOnly, { early: false });

  const deniedToastShown = useRef(false);
  useEffect(() => {
    if (!isDenied || deniedToastShown.current) return;
    deniedToastShown.current = true;
    toast({ title: 'Access Denied', description: 'Admin access required to view this page.', variant: 'destructive' });
  }, [isDenied]);

  // As tall as the screen, so the footer is not in view to be pushed down when the dashboard arrives.
  if (isPending) return <Spinner label="Checking your access" className="min-h-svh py-32" />;

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

  if (prayerTeamOnly) {
    if (!prayerArea) return <Spinner label="Loading the prayer area" className="min-h-svh py-32" />;
    return (
      <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <h1 className="font-serif text-4xl font-bold text-indigo-950">Prayer</h1>
        <p className="mt-2 mb-8 text-slate-600">Signed in as {user.username}, prayer team.</p>
        <prayerArea.AdminPrayer />
      </section>
    );
  }

  // The dashboard's code comes as the access check ends (started with it when a session may exist).
  if (!admin) return <Spinner label="Loading the dashboard" className="min-h-svh py-32" />;
  return <admin.AdminSignedIn user={user} />;
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
