import { ChevronLeft, ChevronRight, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { ADMIN_MEMBERS_PAGE_SIZE, useAdminMembers, useDueProfitBonusPeriod, useProfitBonusPeriods, useStartProfitBonusPeriod } from '../api/admin-marketshare';

const statusBadge = (completed: boolean) => <Badge variant={completed ? 'positive' : 'secondary'}>{completed ? 'Completed' : 'Running'}</Badge>;

/** Admin Marketshare tab (ADR 0018): the half-yearly profit bonus periods, and a start by hand. */
export function AdminProfitBonusPeriods({ isAdmin }: { isAdmin: boolean }) {
  const periods = useProfitBonusPeriods({ enabled: isAdmin });
  const start = useStartProfitBonusPeriod();
  const due = useDueProfitBonusPeriod({ enabled: isAdmin });
  // What the admin typed, else the server's due period (empty until it answers; the field is required).
  const [typed, setTyped] = useState<string | null>(null);
  const period = typed ?? due.data?.period ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(period, {
      onSuccess: (answer) =>
        toast({
          title: answer.queued ? 'Profit bonus run started' : 'Profit bonus run already completed',
          description: answer.queued
            ? `The profit bonuses for ${period} are being paid; refresh to see the totals.`
            : `${period} paid ${answer.period?.memberCount ?? 0} members $${answer.period?.total ?? '0.00'}; nothing was paid again.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Profit bonus run not started', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="bonus-periods-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="bonus-periods-heading" className="font-serif text-2xl font-bold text-indigo-950">
            Profit Bonus Periods
          </h2>
          <p className="text-sm text-slate-600">A share of each half-year’s store sales, paid on January 15 and July 15, once per member.</p>
        </div>
        <form aria-label="Start a profit bonus run" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <TextField label="Period" required pattern="[0-9]{4}-H[12]" placeholder="2026-H1" value={period} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
            Start Profit Bonus Run
          </Button>
        </form>
      </div>
      {periods.isPending ? (
        <p role="status" className="text-slate-600">
          Loading profit bonus periods…
        </p>
      ) : periods.isError ? (
        <p role="alert" className="text-red-700">
          {serverMessage(periods.error) ?? 'The profit bonus periods could not be loaded.'}
        </p>
      ) : periods.data.length === 0 ? (
        <p className="text-slate-600">No profit bonus periods yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-indigo-100 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-indigo-50 text-indigo-950">
              <tr>
                <th className="px-4 py-3">Period</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Payout Date</th>
                <th className="px-4 py-3 text-right">Revenue</th>
                <th className="px-4 py-3 text-right">Share</th>
                <th className="px-4 py-3 text-right">Members</th>
                <th className="px-4 py-3 text-right">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {periods.data.map((p) => (
                <tr key={p.period}>
                  <td className="px-4 py-3 font-semibold text-indigo-950">{p.period}</td>
                  <td className="px-4 py-3">{statusBadge(p.status === 'completed')}</td>
                  <td className="px-4 py-3">{p.payoutDate}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.revenue === null ? '…' : `$${p.revenue}`}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{(p.shareBps / 100).toFixed(2)}%</td>
                  <td className="px-4 py-3 text-right tabular-nums">{p.memberCount}</td>
                  <td className="px-4 py-3 text-right tabular-nums">${p.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Admin Marketshare tab (ADR 0016): the members with status, referrals, pending and paid totals, a page at a time. */
export function AdminMembers({ isAdmin }: { isAdmin: boolean }) {
  const [page, setPage] = useState(1);
  const members = useAdminMembers({ enabled: isAdmin, page });
  const pages = Math.max(1, Math.ceil((members.data?.total ?? 0) / ADMIN_MEMBERS_PAGE_SIZE));

  return (
    <section aria-labelledby="members-heading" className="grid gap-4">
      <div>
        <h2 id="members-heading" className="font-serif text-2xl font-bold text-indigo-950">
          Members
        </h2>
        <p className="text-sm text-slate-600">Newest first. Pending is what the next payouts owe after refunds; paid includes profit bonuses.</p>
      </div>
      {members.isPending ? (
        <p role="status" className="text-slate-600">
          Loading members…
        </p>
      ) : members.isError ? (
        <p role="alert" className="text-red-700">
          {serverMessage(members.error) ?? 'The members could not be loaded.'}
        </p>
      ) : members.data.items.length === 0 ? (
        <p className="text-slate-600">No members yet.</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-indigo-100 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <thead className="bg-indigo-50 text-indigo-950">
                <tr>
                  <th className="px-4 py-3">Member</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3 text-right">Referrals</th>
                  <th className="px-4 py-3 text-right">Pending</th>
                  <th className="px-4 py-3 text-right">Paid</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {members.data.items.map((m) => (
                  <tr key={m.memberId}>
                    <td className="px-4 py-3">
                      <span className="block font-semibold text-indigo-950">
                        {m.firstName} {m.lastName}
                      </span>
                      <span className="text-slate-600">{m.email}</span>
                    </td>
                    <td className="px-4 py-3">
                      <Badge variant={m.subscriptionStatus === 'active' ? 'positive' : 'secondary'}>{m.subscriptionStatus}</Badge>
                      {m.cancelAtPeriodEnd ? <span className="ml-2 text-xs text-slate-600">cancels at period end</span> : null}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{m.referrals}</td>
                    <td className="px-4 py-3 text-right tabular-nums">${m.pending}</td>
                    <td className="px-4 py-3 text-right tabular-nums">${m.paid}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Members pages" className="flex items-center justify-end gap-3 text-sm">
            <Button type="button" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </Button>
            <span>
              Page {page} of {pages} ({members.data.total} members)
            </span>
            <Button type="button" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next <ChevronRight className="size-4" aria-hidden />
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
