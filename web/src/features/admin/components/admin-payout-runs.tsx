import { Download, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { serverMessage } from '@/lib/api-client';
import { AdminSection, cell, numericCell, StartRunForm, QueryState } from './admin-list';
import { payoutRunCsvUrl, usePayoutRuns, useStartPayoutRun, type PayoutRun } from '../api/payout-runs';
import { RunPayoutsDialog } from './run-payouts-dialog';

/** The last month whose 15th has come (the month an admin would most likely start or repeat). */
function lastDueMonth(now: Date): string {
  const due = new Date(now.getFullYear(), now.getMonth() - (now.getDate() >= 15 ? 0 : 1), 1);
  return `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Admin Marketshare tab (ADR 0016, 0061): what the monthly schedule did (each run with its member count and total,
 * where its payouts stand: paid, held by reason, failed; its payouts with their transfers, a retry of a held one, and the
 * CSV), and a way to start or repeat a month's run by hand; repeating a completed month pays nothing.
 */
export function AdminPayoutRuns({ isAdmin }: { isAdmin: boolean }) {
  const runs = usePayoutRuns({ enabled: isAdmin });
  const start = useStartPayoutRun();
  const [month, setMonth] = useState(() => lastDueMonth(new Date()));

  const onStart = () => {
    start.mutate(month, {
      onSuccess: (answer) =>
        toast({
          title: answer.queued ? 'Payout run started' : 'Payout run already completed',
          description: answer.queued
            ? `The payouts for ${month} are being made; refresh to see the totals.`
            : `${month} paid ${answer.run?.memberCount ?? 0} members $${answer.run?.total ?? '0.00'}; nothing was paid again.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Payout run not started', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <AdminSection
      title="Payout Runs"
      description="Commissions are paid on the 15th of each month, once per member."
      actions={
        <StartRunForm
          name="Start a payout run"
          field={{ label: 'Month', type: 'month', value: month, onChange: (e) => setMonth(e.target.value) }}
          action="Start Payout Run"
          pending={start.isPending}
          onStart={onStart}
        />
      }
    >
      <QueryState query={runs} what="payout runs" empty="No payout runs yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ScrollTable label="Payout history by month" columns={RUN_COLUMNS}>
            {data.map((run) => (
              <tr key={run.month}>
                <td className={`${cell} font-semibold text-indigo-950`}>{run.month}</td>
                <td className={cell}>
                  <RunStatus completed={run.status === 'completed'} />
                </td>
                <td className={cell}>{run.payoutDate}</td>
                <td className={numericCell}>{run.memberCount}</td>
                <td className={numericCell}>${run.total}</td>
                <td className={numericCell}>{run.outcomes.paid}</td>
                <td className={cell}>
                  <HeldCounts run={run} />
                </td>
                <td className={numericCell}>{run.outcomes.failed}</td>
                <td className={cell}>
                  <RunPayoutsDialog
                    month={run.month}
                    trigger={
                      <Button type="button" size="sm" variant="outline" aria-label={`Payouts of ${run.month}`}>
                        <ListChecks className="size-4" aria-hidden /> Payouts
                      </Button>
                    }
                  />
                </td>
                <td className={cell}>
                  <a
                    href={payoutRunCsvUrl(run.month)}
                    download
                    className="inline-flex items-center gap-1 font-semibold text-indigo-800 underline underline-offset-2"
                  >
                    <Download className="size-4" aria-hidden /> CSV
                  </a>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </QueryState>
    </AdminSection>
  );
}

const RUN_COLUMNS = [
  { label: 'Month' },
  { label: 'Status' },
  { label: 'Payout Date' },
  { label: 'Members', numeric: true },
  { label: 'Total', numeric: true },
  { label: 'Paid', numeric: true },
  { label: 'Held' },
  { label: 'Failed', numeric: true },
  { label: 'Details' },
  { label: 'Export' },
];

const HELD_LABEL = { no_account: 'no account', below_minimum: 'below minimum', restricted: 'restricted' } as const;

/** How many of a run's payouts are held, with each reason that holds any ("2 no account, 1 restricted"). */
function HeldCounts({ run }: { run: PayoutRun }) {
  const reasons = (Object.keys(HELD_LABEL) as (keyof typeof HELD_LABEL)[]).filter((r) => run.outcomes.held[r] > 0);
  if (reasons.length === 0) return <span className="tabular-nums">0</span>;
  return <span className="text-slate-700">{reasons.map((r) => `${run.outcomes.held[r]} ${HELD_LABEL[r]}`).join(', ')}</span>;
}

/** A run's (or a bonus period's) status: completed, or still running. */
export const RunStatus = ({ completed }: { completed: boolean }) => (
  <Badge variant={completed ? 'positive' : 'secondary'}>{completed ? 'Completed' : 'Running'}</Badge>
);
