import * as Dialog from '@radix-ui/react-dialog';
import { FileText, LoaderCircle, RotateCw } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { statementPageUrl } from '../api/earnings';
import { useRetryPayout, useRunPayouts, type PayoutHeldReason, type PayoutRetry, type PayoutRow } from '../api/payout-runs';
import { cell, numericCell, PersonCell } from './admin-list';

/** Why a payout is held, as the admin reads it (ADR 0048). */
export const HELD_REASON_TEXT: Record<PayoutHeldReason, string> = {
  no_account: 'No payout account yet',
  below_minimum: 'Below the minimum payout',
  restricted: 'Payout account restricted',
  transfer_failed: 'Transfer failed',
};

/** What became of a retry, said in the toast. */
const retryOutcome = (name: string, outcome: PayoutRetry['outcome']) =>
  outcome === 'paid'
    ? { title: 'Payout transferred', description: `${name}’s payout was transferred.`, variant: 'success' as const }
    : outcome === 'skipped'
      ? { title: 'Payout not retried', description: `${name}’s payout is paid already or being transferred by the run right now.`, variant: 'success' as const }
      : {
          title: 'Payout still held',
          description: `${name}’s payout is still held: ${HELD_REASON_TEXT[outcome].toLowerCase()}.`,
          variant: 'destructive' as const,
        };

/**
 * A run's payouts (ADR 0061): each member's amount, whether it was transferred (with the Stripe transfer id) or why it
 * is held, and Retry now on a held one, which transfers it at once and exactly once even while a run is working.
 */
export function RunPayoutsDialog({ month, trigger }: { month: string; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame open={open} onOpenChange={setOpen} trigger={trigger} className="max-w-5xl">
      <div className="grid gap-1 pr-8">
        <Dialog.Title className="font-serif text-2xl font-bold text-indigo-950">Payouts of {month}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">Each member’s payout, its Stripe transfer, or why it is held.</Dialog.Description>
      </div>
      {open && <RunPayouts month={month} />}
    </DialogFrame>
  );
}

function RunPayouts({ month }: { month: string }) {
  const payouts = useRunPayouts(month, { enabled: true });
  const retry = useRetryPayout();
  const year = month.slice(0, 4);
  if (payouts.isPending) return <Spinner label="Loading the payouts" className="py-16" />;
  if (payouts.isError)
    return (
      <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-sm text-red-900">
        {serverMessage(payouts.error) ?? 'The payouts could not be loaded.'}
      </p>
    );
  const rows = payouts.data.pages.flat();
  const onRetry = (p: PayoutRow) => {
    const name = `${p.firstName} ${p.lastName}`;
    retry.mutate(p.payoutId, {
      onSuccess: (answer) => toast(retryOutcome(name, answer.outcome)),
      onError: (error) => toast({ title: 'Payout not retried', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  };
  return (
    <div className="mt-4 grid gap-3">
      <div className="overflow-x-auto rounded-xl border border-indigo-100">
        <table className="w-full text-left text-sm">
          <thead className="bg-indigo-50 text-indigo-950">
            <tr>
              <th className={cell}>Member</th>
              <th className={numericCell}>Amount</th>
              <th className={cell}>Status</th>
              <th className={cell}>Transfer</th>
              <th className={cell}>Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((p) => {
              const busy = retry.isPending && retry.variables === p.payoutId;
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <tr key={p.payoutId} data-testid="run-payout">
                  <PersonCell person={p} />
                  <td className={numericCell}>${p.amount}</td>
                  <td className={cell}>
                    {p.status === 'paid' ? (
                      <Badge variant="positive">Paid</Badge>
                    ) : p.status === 'scheduled' ? (
                      <Badge variant="secondary">Scheduled</Badge>
                    ) : (
                      <>
                        <Badge variant="alert">Held</Badge>
                        <span className="mt-1 block text-slate-700">{HELD_REASON_TEXT[p.heldReason ?? 'transfer_failed']}</span>
                        {p.heldDetail && <span className="block text-xs text-slate-600">{p.heldDetail}</span>}
                      </>
                    )}
                  </td>
                  <td className={`${cell} font-mono text-xs break-all`}>
                    {p.creditId ? (
                      <>
                        <span className="block font-sans text-slate-700">Membership credit</span>
                        {p.creditId}
                      </>
                    ) : (
                      (p.transferId ?? '—')
                    )}
                  </td>
                  <td className={cell}>
                    <div className="flex flex-wrap gap-2">
                      {p.status !== 'paid' && (
                        <Button type="button" size="sm" disabled={busy} aria-label={`Retry now: ${name}’s payout`} onClick={() => onRetry(p)}>
                          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RotateCw className="size-4" aria-hidden />}
                          Retry now
                        </Button>
                      )}
                      <a
                        href={statementPageUrl(p.memberId, year)}
                        className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-800 underline underline-offset-2"
                        aria-label={`${name}’s ${year} statement`}
                      >
                        <FileText className="size-4" aria-hidden /> {year} statement
                      </a>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {payouts.hasNextPage && (
        <Button type="button" variant="outline" disabled={payouts.isFetchingNextPage} onClick={() => payouts.fetchNextPage()}>
          {payouts.isFetchingNextPage && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          Load more payouts
        </Button>
      )}
    </div>
  );
}
