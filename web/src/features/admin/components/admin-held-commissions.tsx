import { Check, LoaderCircle, Undo2 } from 'lucide-react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { useHeldCommissions, useReviewHeldCommission, type HeldCommission, type HoldReason } from '../api/held-commissions';

const REASON: Record<HoldReason, string> = {
  same_card_as_referrer: 'Same card as referrer',
  same_card_as_referred_member: 'Same card as another referred member',
  same_email_as_referrer: 'Same email as referrer',
};

/**
 * Admin Marketshare tab (ADR 0028): commissions held as possible self-referral, with why, and the two
 * decisions. Approve makes it pending (paid by the next monthly run); Reverse means it is never paid. Plain buttons in
 * a table, so the list is worked with the keyboard alone; each button names the referral it decides.
 */
export function AdminHeldCommissions({ isAdmin }: { isAdmin: boolean }) {
  const held = useHeldCommissions({ enabled: isAdmin });
  const review = useReviewHeldCommission();

  const decide = (c: HeldCommission, decision: 'approve' | 'reverse') =>
    review.mutate(
      { commissionId: c.commissionId, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'approve' ? 'Commission approved' : 'Commission reversed',
            description:
              decision === 'approve'
                ? `${c.referrer.firstName} ${c.referrer.lastName}’s $${c.amount} is pending and will be paid by the next payout run.`
                : `${c.referrer.firstName} ${c.referrer.lastName}’s $${c.amount} will not be paid.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Commission not changed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby="held-commissions-heading" className="grid gap-6">
      <div>
        <h2 id="held-commissions-heading" className="font-serif text-2xl font-bold text-indigo-950">
          Held Commissions
        </h2>
        <p className="text-sm text-slate-600">
          Referrals that look like the referrer’s own (same card or same mailbox) wait here and are not paid until approved.
        </p>
      </div>
      {held.isPending ? (
        <p role="status" className="text-slate-600">
          Loading held commissions…
        </p>
      ) : held.isError ? (
        <p role="alert" className="text-red-700">
          {serverMessage(held.error) ?? 'The held commissions could not be loaded.'}
        </p>
      ) : held.data.items.length === 0 ? (
        <p className="text-slate-600">No commissions are held for review.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-indigo-100 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="bg-indigo-50 text-indigo-950">
              <tr>
                <th className="px-4 py-3">Referrer</th>
                <th className="px-4 py-3">Referred Member</th>
                <th className="px-4 py-3">Reason</th>
                <th className="px-4 py-3 text-right">Amount</th>
                <th className="px-4 py-3">Decision</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {held.data.items.map((c) => {
                const referral = `${c.referrer.firstName} ${c.referrer.lastName} referring ${c.referred.email}`;
                const busy = review.isPending && review.variables?.commissionId === c.commissionId;
                return (
                  <tr key={c.commissionId}>
                    <td className="px-4 py-3">
                      <span className="block font-semibold text-indigo-950">
                        {c.referrer.firstName} {c.referrer.lastName}
                      </span>
                      <span className="text-slate-600">{c.referrer.email}</span>
                    </td>
                    <td className="px-4 py-3">
                      <span className="block font-semibold text-indigo-950">
                        {c.referred.firstName} {c.referred.lastName}
                      </span>
                      <span className="text-slate-600">{c.referred.email}</span>
                    </td>
                    <td className="px-4 py-3">
                      <Badge variant="secondary">{REASON[c.reason]}</Badge>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">${c.amount}</td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap gap-2">
                        <Button type="button" size="sm" disabled={busy} aria-label={`Approve commission: ${referral}`} onClick={() => decide(c, 'approve')}>
                          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Check className="size-4" aria-hidden />}
                          Approve
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Reverse commission: ${referral}`}
                          onClick={() => decide(c, 'reverse')}
                        >
                          <Undo2 className="size-4" aria-hidden />
                          Reverse
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
