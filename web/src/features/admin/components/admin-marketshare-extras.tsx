import { useState } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { ScrollTable } from '@/components/ui/scroll-table';
import { serverMessage } from '@/lib/api-client';
import { statementPageUrl } from '../api/earnings';
import { AdminSection, cell, numericCell, StartRunForm, Pager, PersonCell, QueryState } from './admin-list';
import { RunStatus } from './admin-payout-runs';
import { ADMIN_MEMBERS_PAGE_SIZE, useAdminMembers, useDueProfitBonusPeriod, useProfitBonusPeriods, useStartProfitBonusPeriod } from '../api/admin-marketshare';

/** Admin Marketshare tab (ADR 0018): the half-yearly profit bonus periods, and a start by hand. */
export function AdminProfitBonusPeriods({ isAdmin }: { isAdmin: boolean }) {
  const periods = useProfitBonusPeriods({ enabled: isAdmin });
  const start = useStartProfitBonusPeriod();
  const due = useDueProfitBonusPeriod({ enabled: isAdmin });
  // What the admin typed, else the server's due period (empty until it answers; the field is required).
  const [typed, setTyped] = useState<string | null>(null);
  const period = typed ?? due.data?.period ?? '';

  const onStart = () => {
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
    <AdminSection
      title="Profit Bonus Periods"
      description="A share of each half-year’s store sales, paid on January 15 and July 15, once per member."
      actions={
        <StartRunForm
          name="Start a profit bonus run"
          field={{ label: 'Period', pattern: '[0-9]{4}-H[12]', placeholder: '2026-H1', value: period, onChange: (e) => setTyped(e.target.value) }}
          action="Start Profit Bonus Run"
          pending={start.isPending}
          onStart={onStart}
        />
      }
    >
      <QueryState query={periods} what="profit bonus periods" empty="No profit bonus periods yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ScrollTable label="Half-year profit bonuses" columns={PERIOD_COLUMNS}>
            {data.map((p) => (
              <tr key={p.period}>
                <td className={`${cell} font-semibold text-indigo-950`}>{p.period}</td>
                <td className={cell}>
                  <RunStatus completed={p.status === 'completed'} />
                </td>
                <td className={cell}>{p.payoutDate}</td>
                <td className={numericCell}>{p.revenue === null ? '…' : `$${p.revenue}`}</td>
                <td className={numericCell}>{(p.shareBps / 100).toFixed(2)}%</td>
                <td className={numericCell}>{p.memberCount}</td>
                <td className={numericCell}>${p.total}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </QueryState>
    </AdminSection>
  );
}

const PERIOD_COLUMNS = [
  { label: 'Period' },
  { label: 'Status' },
  { label: 'Payout Date' },
  { label: 'Revenue', numeric: true },
  { label: 'Share', numeric: true },
  { label: 'Members', numeric: true },
  { label: 'Total', numeric: true },
];

const MEMBER_COLUMNS = [
  { label: 'Member' },
  { label: 'Status' },
  { label: 'Referrals', numeric: true },
  { label: 'Pending', numeric: true },
  { label: 'Paid', numeric: true },
  { label: 'Earnings' },
];

/** The cancel dialog's reasons as staff read them (ADR 0059). */
const CANCEL_REASON_LABELS: Record<string, string> = {
  too_expensive: 'costs too much',
  not_using_it: 'not using it',
  no_referrals: 'not referring anyone',
  payment_trouble: 'payment trouble',
  other: 'something else',
};

/** Admin Marketshare tab (ADR 0016): the members with status, referrals, pending and paid totals, a page at a time. */
export function AdminMembers({ isAdmin }: { isAdmin: boolean }) {
  const [page, setPage] = useState(1);
  const members = useAdminMembers({ enabled: isAdmin, page });
  const pages = Math.max(1, Math.ceil((members.data?.total ?? 0) / ADMIN_MEMBERS_PAGE_SIZE));

  return (
    <AdminSection title="Members" description="Newest first. Pending is what the next payouts owe after refunds; paid includes profit bonuses.">
      <QueryState query={members} what="members" empty="No members yet." isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <>
            <ScrollTable label="Marketshare member totals" columns={MEMBER_COLUMNS}>
              {data.items.map((m) => (
                <tr key={m.memberId}>
                  <PersonCell person={m} />
                  <td className={cell}>
                    <Badge variant={m.subscriptionStatus === 'active' ? 'positive' : 'secondary'}>{m.subscriptionStatus}</Badge>
                    {m.cancelAtPeriodEnd ? <span className="ml-2 text-xs text-slate-600">cancels at period end</span> : null}
                    {m.cancelReason || m.cancelComment ? (
                      <span className="mt-1 block max-w-xs text-xs text-slate-600">
                        Reason: {m.cancelReason ? CANCEL_REASON_LABELS[m.cancelReason] : 'not given'}
                        {m.cancelComment ? ` · “${m.cancelComment}”` : ''}
                      </span>
                    ) : null}
                  </td>
                  <td className={numericCell}>{m.referrals}</td>
                  <td className={numericCell}>${m.pending}</td>
                  <td className={numericCell}>${m.paid}</td>
                  <td className={cell}>
                    <a
                      href={statementPageUrl(m.memberId, String(new Date().getFullYear()))}
                      className="font-semibold whitespace-nowrap text-indigo-800 underline underline-offset-2"
                      aria-label={`${m.firstName} ${m.lastName}’s earnings statement`}
                    >
                      Statement
                    </a>
                  </td>
                </tr>
              ))}
            </ScrollTable>
            <Pager label="Members pages" page={page} pages={pages} onPage={setPage} busy={members.isPlaceholderData} count={`${data.total} members`} />
          </>
        )}
      </QueryState>
    </AdminSection>
  );
}
