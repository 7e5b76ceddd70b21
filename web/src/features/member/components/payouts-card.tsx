import { Banknote, FileText, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PayoutMethod } from '@km/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { toast } from '@/components/toast/use-toast';
import { usePayoutAccount, usePayoutOnboarding, useSetPayoutMethod } from '../api/payout-account';
import { ownStatementPageUrl } from '../api/get-statement';

/** Stripe's requirement names as a person reads them. */
const NEEDS: Record<string, string> = {
  external_account: 'a bank account',
  business_type: 'account type',
  'business_profile.mcc': 'what you do',
  'business_profile.url': 'a website or profile',
  'individual.first_name': 'your name',
  'individual.last_name': 'your name',
  'individual.dob.day': 'your date of birth',
  'individual.dob.month': 'your date of birth',
  'individual.dob.year': 'your date of birth',
  'individual.ssn_last_4': 'the last 4 digits of your SSN',
  'individual.verification.document': 'an identity document',
  'tos_acceptance.date': 'agreeing to the terms',
  'tos_acceptance.ip': 'agreeing to the terms',
};
const needs = (due: string[]) => [...new Set(due.map((d) => NEEDS[d] ?? d.replace(/[._]/g, ' ')))];

/**
 * The member's choice of where earnings go (ADR 0062): to their bank (a Stripe transfer each month) or off their own
 * $5 membership invoices (credit Stripe applies to the next invoice). Two radio buttons in a fieldset; the choice is
 * saved as it changes.
 */
function EarningsDestination({ method }: { method: PayoutMethod }) {
  const save = useSetPayoutMethod();
  const name = useId();
  // The tapped choice shows at once (the mutation's pending state arrives a tick later, which left the radio unchecked
  // for that tick); a refused save puts the saved choice back.
  const [chosen, setChosen] = useState<PayoutMethod | null>(null);
  const choose = (next: PayoutMethod) => {
    setChosen(next);
    save.mutate(next, {
      onSuccess: () =>
        toast({
          title: next === 'membership_credit' ? 'Earnings go to your membership' : 'Earnings go to your bank',
          description:
            next === 'membership_credit'
              ? 'From the next payout, your earnings are taken off your $5 invoices.'
              : 'From the next payout, your earnings are transferred.',
          variant: 'success',
        }),
      onError: (error) => {
        setChosen(null);
        toast({ title: 'Choice not saved', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };
  const shown = chosen ?? method;
  return (
    <fieldset className="mt-3 grid gap-2 text-sm text-slate-700" disabled={save.isPending}>
      <legend className="font-medium text-slate-800">Where your earnings go</legend>
      {(
        [
          ['transfer', 'To my bank account', 'Transferred through Stripe on the 15th of each month.'],
          ['membership_credit', 'Off my membership', 'Applied to your $5 monthly invoices: Stripe takes it off the next one.'],
        ] as const
      ).map(([value, label, hint]) => (
        <label key={value} className="flex items-start gap-2">
          <input type="radio" name={name} value={value} checked={shown === value} onChange={() => choose(value)} className="mt-1 size-4 accent-indigo-700" />
          <span>
            <span className="font-semibold text-indigo-950">{label}</span>
            <span className="block text-slate-600">{hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Where earnings go (ADR 0048): set up payouts with Stripe, then they are transferred on the 15th. */
export function PayoutsCard() {
  const account = usePayoutAccount();
  const onboarding = usePayoutOnboarding();
  async function setUp() {
    try {
      const { url } = await onboarding.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      toast({ title: 'Payouts could not be set up', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  }
  const a = account.data;
  const credit = a?.method === 'membership_credit';
  return (
    <section aria-labelledby="payouts-heading" className="mt-6 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payouts-heading" className="flex items-center gap-2 font-semibold text-indigo-950">
          <Banknote className="size-4 text-emerald-700" aria-hidden /> Payouts
        </h2>
        <Link
          to={ownStatementPageUrl(String(new Date().getFullYear()))}
          className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-800 underline underline-offset-2"
        >
          <FileText className="size-4" aria-hidden /> Yearly statement
        </Link>
      </div>
      {a && <EarningsDestination method={a.method} />}
      {!a ? (
        <p className="mt-2 text-sm text-slate-600">{account.isError ? 'Payout status is unavailable right now.' : 'Loading payout status…'}</p>
      ) : credit ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant="positive">Membership credit</Badge> Your earnings are applied to your $5 membership invoices on the 15th of each month.
        </p>
      ) : a.status === 'active' ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge variant="positive">Payouts active</Badge> Your earnings are transferred to your bank account on the 15th of each month.
        </p>
      ) : (
        <div className="mt-2 text-sm text-slate-700">
          <p>
            {a.status === 'restricted'
              ? 'Stripe needs more information before your earnings can be transferred.'
              : 'Set up payouts to have your earnings transferred to your bank account on the 15th of each month.'}
          </p>
          {a.status !== 'none' && a.currentlyDue.length > 0 && (
            <p className="mt-1" data-testid="payouts-missing">
              Still needed: {needs(a.currentlyDue).join(', ')}.
            </p>
          )}
          {a.status === 'none' && <p className="mt-1">You will need your date of birth, the last 4 digits of your SSN and a bank account.</p>}
          <Button className="mt-3" onClick={setUp} disabled={onboarding.isPending}>
            {onboarding.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {a.status === 'none' ? 'Set up payouts' : 'Continue setting up payouts'}
          </Button>
        </div>
      )}
    </section>
  );
}
