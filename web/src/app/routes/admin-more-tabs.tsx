import { AdminOrders } from '@/features/admin/components/admin-orders';
import { AdminHeldCommissions } from '@/features/admin/components/admin-held-commissions';
import { AdminMembers, AdminProfitBonusPeriods } from '@/features/admin/components/admin-marketshare-extras';
import { AdminNewsletter } from '@/features/admin/components/admin-newsletter';
import { AdminPayoutRuns } from '@/features/admin/components/admin-payout-runs';
import { AdminYearlyEarnings } from '@/features/admin/components/admin-yearly-earnings';
import { AdminStock } from '@/features/admin/components/admin-stock';

/** The dashboard's Orders and Marketshare tabs (loaded apart from its inboxes: see admin-signed-in.tsx). */
export function OrdersTab({ isAdmin }: { isAdmin: boolean }) {
  return <AdminOrders isAdmin={isAdmin} />;
}

export function MarketshareTab({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="grid gap-12">
      <AdminMembers isAdmin={isAdmin} />
      <AdminHeldCommissions isAdmin={isAdmin} />
      <AdminPayoutRuns isAdmin={isAdmin} />
      <AdminProfitBonusPeriods isAdmin={isAdmin} />
      <AdminYearlyEarnings />
    </div>
  );
}

/** Stock movements per product (ADR 0032). */
export function StockTab({ isAdmin }: { isAdmin: boolean }) {
  return <AdminStock isAdmin={isAdmin} />;
}

/** Newsletter campaigns (ADR 0057). */
export function NewsletterTab({ isAdmin }: { isAdmin: boolean }) {
  return <AdminNewsletter isAdmin={isAdmin} />;
}
