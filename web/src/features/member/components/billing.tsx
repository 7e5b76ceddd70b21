import type { MemberInvoice } from '@km/contracts';
import { CANCEL_REASONS, type CancelReason } from '@km/contracts/vocabulary';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CreditCard, LoaderCircle, Receipt } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { FormField, textareaClasses } from '@/components/ui/form-field';
import { serverMessage } from '@/lib/api-client';
import { stripeQueryOptions } from '@/lib/stripe';
import { useCardSetup, useChooseCard, useMemberBilling } from '../api/billing';
import { useMembershipChange } from '../api/change-membership';
import type { MemberProfile } from '../api/get-profile';
import { useMemberInvoices } from '../api/get-invoices';

export const longDate = (iso: string | Date) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const INVOICE_STATUS: Record<MemberInvoice['status'], string> = { paid: 'Paid', open: 'Unpaid', draft: 'Draft', uncollectible: 'Uncollectible', void: 'Void' };
// The site's indigo, as at checkout.
const APPEARANCE = { theme: 'stripe', variables: { colorPrimary: '#312e81', colorDanger: '#b91c1c', borderRadius: '6px' } } as const;
const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * ADR 0059: what a member whose renewal failed (past_due) or whose membership ended should do. The badge above shows
 * the raw status (spec §2, §4); this says what it means.
 */
export function StatusBanner({ profile, onUpdateCard }: { profile: MemberProfile; onUpdateCard: () => void }) {
  if (profile.subscriptionStatus === 'past_due') {
    const by = profile.graceEndsAt ? longDate(profile.graceEndsAt) : null;
    return (
      <section role="alert" aria-labelledby="past-due-heading" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-950">
        <h2 id="past-due-heading" className="flex items-center gap-2 font-semibold">
          <CircleAlert className="size-5" aria-hidden /> Your last payment did not go through
        </h2>
        <p className="mt-2 text-sm">
          Update your card{by ? ` by ${by}` : ''} and we will try the payment again right away. Until then you keep earning commissions, but member discounts
          are paused.{by ? ` If the payment is still unpaid on ${by}, your membership is cancelled.` : ''}
        </p>
        <Button className="mt-3" onClick={onUpdateCard}>
          <CreditCard className="size-4" aria-hidden /> Update card
        </Button>
      </section>
    );
  }
  if (['canceled', 'unpaid', 'incomplete_expired'].includes(profile.subscriptionStatus))
    return (
      <section role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950">
        Your membership has ended, so you no longer earn commissions or member discounts.{' '}
        <Link to="/marketshare" className="font-semibold underline">
          Join Marketshare again
        </Link>{' '}
        to start again with the same referral code.
      </section>
    );
  return null;
}

/** The Billing card: the card the membership is charged to, a way to change it, and the invoices with their receipts. */
export function BillingSection({ onUpdateCard }: { onUpdateCard: () => void }) {
  const billing = useMemberBilling();
  const invoices = useMemberInvoices();
  const card = billing.data?.card;
  return (
    <section aria-labelledby="billing-heading" className="mt-6 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 id="billing-heading" className="flex items-center gap-2 font-semibold text-indigo-950">
        <CreditCard className="size-4 text-indigo-700" aria-hidden /> Billing
      </h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p data-testid="card-on-file">
          {billing.isPending
            ? 'Loading your card…'
            : billing.isError
              ? 'Your card is unavailable right now.'
              : card
                ? `${brandName(card.brand)} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`
                : 'No card on file.'}
        </p>
        <Button variant="outline" size="sm" onClick={onUpdateCard}>
          Update card
        </Button>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-indigo-950">Invoices</h3>
      {invoices.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading invoices…</p>
      ) : invoices.isError ? (
        <p className="mt-2 text-sm text-slate-600">Your invoices are unavailable right now.</p>
      ) : invoices.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invoices yet.</p>
      ) : (
        <ul aria-label="Invoices" className="mt-2 divide-y divide-slate-100">
          {invoices.data.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="text-slate-800">
                {longDate(invoice.date)} · ${invoice.amount}
              </span>
              <span className="flex items-center gap-3">
                <Badge variant={invoice.status === 'paid' ? 'positive' : invoice.status === 'open' ? 'alert' : 'secondary'}>
                  {INVOICE_STATUS[invoice.status]}
                </Badge>
                <Link
                  to={`/member-dashboard/invoices/${encodeURIComponent(invoice.id)}`}
                  className="inline-flex items-center gap-1 font-semibold text-indigo-800 underline"
                >
                  <Receipt className="size-4" aria-hidden />
                  Receipt<span className="sr-only"> of {longDate(invoice.date)}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Update card (ADR 0059): a SetupIntent is made when the dialog opens and the Payment Element saves the card with
 * it; the saved card then becomes the membership's, and an unpaid renewal is retried with it at once.
 */
export function UpdateCardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Stripe.js loads when the dialog first opens, not with the dashboard (ADR 0024).
  const stripe = useQuery({ ...stripeQueryOptions(), enabled: open });
  const setup = useCardSetup();
  const { mutate: startSetup, reset } = setup;
  useEffect(() => {
    if (open) startSetup();
    else reset();
  }, [open, startSetup, reset]);
  const clientSecret = setup.data?.clientSecret;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} className="max-w-lg">
      <DialogHeading
        icon={<CreditCard className="size-5" aria-hidden />}
        iconClassName="bg-indigo-100 text-indigo-800"
        title="Update your card"
        description="Your membership is charged to this card from now on. An unpaid payment is tried again with it right away."
      />
      {setup.isError || stripe.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{serverMessage(setup.error) ?? 'We could not set up a secure card form. Please try again.'}</p>
          <Button variant="outline" size="sm" onClick={() => startSetup()}>
            Try again
          </Button>
        </div>
      ) : stripe.data && clientSecret ? (
        <Elements key={clientSecret} stripe={stripe.data} options={{ clientSecret, appearance: APPEARANCE }}>
          <CardForm onDone={() => onOpenChange(false)} />
        </Elements>
      ) : (
        <SettingUp />
      )}
    </DialogFrame>
  );
}

function SettingUp() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <LoaderCircle className="size-4 animate-spin" aria-hidden /> Setting up secure payment...
    </p>
  );
}

function CardForm({ onDone }: { onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const choose = useChooseCard();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/member-dashboard` },
      });
      if (result.error) return setError(result.error.message ?? 'Your card could not be saved. Please check it and try again.');
      const billing = await choose.mutateAsync(result.setupIntent.id);
      toast({
        title: 'Card updated',
        description: billing.subscriptionStatus === 'active' ? 'Your membership is charged to your new card. Thank you!' : 'Your new card is saved.',
        variant: 'success',
      });
      onDone();
    } catch (e) {
      setError(serverMessage(e) ?? 'Your card could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} aria-label="New card" className="grid gap-4">
      {!ready && <SettingUp />}
      <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!ready || busy}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {busy ? 'Saving...' : 'Save card'}
      </Button>
    </form>
  );
}

const REASON_LABEL: Record<CancelReason, string> = {
  too_expensive: 'It costs too much',
  not_using_it: 'I am not using it',
  no_referrals: 'I am not referring anyone',
  payment_trouble: 'Trouble with my payment',
  other: 'Something else',
};

/** Cancel with a reason (ADR 0059): an optional reason and note, kept for staff; access lasts to the end of the paid period. */
export function CancelMembershipDialog({ open, onOpenChange, profile }: { open: boolean; onOpenChange: (open: boolean) => void; profile: MemberProfile }) {
  const change = useMembershipChange();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [comment, setComment] = useState('');
  const until = profile.currentPeriodEnd ? longDate(profile.currentPeriodEnd) : null;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const changed = await change.mutateAsync({ action: 'cancel', cancellation: { ...(reason ? { reason } : {}), ...(comment.trim() ? { comment } : {}) } });
      toast({
        title: 'Membership cancelled',
        description: changed.currentPeriodEnd
          ? `Your membership stays active until ${longDate(changed.currentPeriodEnd)}.`
          : 'Your membership continues until the end of this period.',
        variant: 'success',
      });
      onOpenChange(false);
    } catch (e) {
      toast({ title: 'Membership not changed', description: serverMessage(e) ?? 'Please try again.', variant: 'destructive' });
    }
  }
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} className="max-w-lg">
      <DialogHeading
        icon={<CircleAlert className="size-5" aria-hidden />}
        iconClassName="bg-amber-100 text-amber-800"
        title="Cancel your membership?"
        description={
          until
            ? `You keep your membership until ${until}, the end of the period you paid for. You can resume before then.`
            : 'You keep your membership until the end of the period you paid for.'
        }
      />
      <form onSubmit={submit} aria-label="Cancel membership" className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Why are you cancelling? (optional)</legend>
          {CANCEL_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="accent-indigo-800" />
              {REASON_LABEL[value]}
            </label>
          ))}
        </fieldset>
        <FormField label="Anything you would like to tell us? (optional)" hint="Up to 500 characters.">
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              className={textareaClasses}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep Membership
          </Button>
          <Button type="submit" variant="destructive" disabled={change.isPending}>
            Cancel Membership
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
