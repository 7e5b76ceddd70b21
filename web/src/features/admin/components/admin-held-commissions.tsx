import { Check, LoaderCircle, Undo2 } from 'lucide-react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { useState } from 'react';
import { serverMessage } from '@/lib/api-client';
import { AdminSection, cell, numericCell, Pager, PersonCell, QueryState } from './admin-list';
import { HELD_COMMISSIONS_PAGE_SIZE, useHeldCommissions, useReviewHeldCommission, type HeldCommission, type HoldReason } from '../api/held-commissions';

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
  const [page, setPage] = useState(1);
  const held = useHeldCommissions({ enabled: isAdmin, page });
  const pages = Math.max(1, Math.ceil((held.data?.total ?? 0) / HELD_COMMISSIONS_PAGE_SIZE));
  // Deciding the last rows of the last page leaves it empty: the last page that has rows is shown instead.
  if (held.data && !held.isPlaceholderData && held.data.items.length === 0 && page > 1) setPage(pages);
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
    <AdminSection
      title="Held Commissions"
      description="Referrals that look like the referrer’s own (same card or same mailbox) wait here and are not paid until approved."
    >
      <QueryState query={held} what="held commissions" empty="No commissions are held for review." isEmpty={(data) => data.items.length === 0}>
        {(data) => (
          <>
            <ScrollTable label="Referral commissions awaiting review" columns={HELD_COLUMNS}>
              {data.items.map((c) => {
                const referral = `${c.referrer.firstName} ${c.referrer.lastName} referring ${c.referred.email}`;
                const busy = review.isPending && review.variables?.commissionId === c.commissionId;
                return (
                  <tr key={c.commissionId}>
                    <PersonCell person={c.referrer} />
                    <PersonCell person={c.referred} />
                    <td className={cell}>
                      <Badge variant="secondary">{REASON[c.reason]}</Badge>
                    </td>
                    <td className={numericCell}>${c.amount}</td>
                    <td className={cell}>
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
            </ScrollTable>
            <Pager label="Held commissions pages" page={page} pages={pages} onPage={setPage} busy={held.isPlaceholderData} count={`${data.total} held`} />
          </>
        )}
      </QueryState>
    </AdminSection>
  );
}

const HELD_COLUMNS = [{ label: 'Referrer' }, { label: 'Referred Member' }, { label: 'Reason' }, { label: 'Amount', numeric: true }, { label: 'Decision' }];
