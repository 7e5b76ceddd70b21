import { Download, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { payoutRunCsvUrl, usePayoutRuns, useStartPayoutRun } from '../api/payout-runs';

/** The last month whose 15th has come (the month an admin would most likely start or repeat). */
function lastDueMonth(now: Date): string {
  const due = new Date(now.getFullYear(), now.getMonth() - (now.getDate() >= 15 ? 0 : 1), 1);
  return `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Admin Marketshare tab (ADR 0016): what the monthly schedule did (each run with its member count and total, and the
 * CSV of its payouts), and a way to start or repeat a month's run by hand; repeating a completed month pays nothing.
 */
export function AdminPayoutRuns({ isAdmin }: { isAdmin: boolean }) {
  const runs = usePayoutRuns({ enabled: isAdmin });
  const start = useStartPayoutRun();
  const [month, setMonth] = useState(() => lastDueMonth(new Date()));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
    <section aria-labelledby="payout-runs-heading" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="payout-runs-heading" className="font-serif text-2xl font-bold text-indigo-950">
            Payout Runs
          </h2>
          <p className="text-sm text-slate-600">Commissions are paid on the 15th of each month, once per member.</p>
        </div>
        <form aria-label="Start a payout run" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <TextField label="Month" type="month" required value={month} onChange={(e) => setMonth(e.target.value)} />
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
            Start Payout Run
          </Button>
        </form>
      </div>

      {runs.isPending ? (
        <p role="status" className="text-slate-600">
          Loading payout runs…
        </p>
      ) : runs.isError ? (
        <p role="alert" className="text-red-700">
          {serverMessage(runs.error) ?? 'The payout runs could not be loaded.'}
        </p>
      ) : runs.data.length === 0 ? (
        <p className="text-slate-600">No payout runs yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-indigo-100 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-indigo-50 text-indigo-950">
              <tr>
                <th className="px-4 py-3">Month</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Payout Date</th>
                <th className="px-4 py-3 text-right">Members</th>
                <th className="px-4 py-3 text-right">Total</th>
                <th className="px-4 py-3">Export</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {runs.data.map((run) => (
                <tr key={run.month}>
                  <td className="px-4 py-3 font-semibold text-indigo-950">{run.month}</td>
                  <td className="px-4 py-3">
                    <Badge variant={run.status === 'completed' ? 'positive' : 'secondary'}>{run.status === 'completed' ? 'Completed' : 'Running'}</Badge>
                  </td>
                  <td className="px-4 py-3">{run.payoutDate}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{run.memberCount}</td>
                  <td className="px-4 py-3 text-right tabular-nums">${run.total}</td>
                  <td className="px-4 py-3">
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
