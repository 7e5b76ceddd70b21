import { ArrowLeft, Check, Copy, Crown, Gift, LoaderCircle, Lock, Percent, Share2, TrendingUp, Users } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PaymentStep, type PaymentHandle } from '@/components/payment/payment-step';
import { toast } from '@/components/toast/use-toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, serverMessage } from '@/lib/api-client';
import { referralLink, shareReferralLink } from '@/lib/referral';
import { useConfiguredStripe } from '@/lib/stripe';
import { useCreateMembership, type JoinSignIn } from '../api/create-membership';
import { useCreateMembershipPayment, type MembershipPayment } from '../api/create-membership-payment';
import { emptySignupForm, savePendingSignup, takePendingSignup, type SignupFormValues } from '../signup-form';

const SETUP_FAILED = 'Unable to initialize payment. Please try again.';
const PAYMENT_FAILED = 'There was an error processing your payment.';
const SIGNUP_FAILED = 'There was an error creating your membership. Please try again.';

/** A 409 `signup_paid` from the payment step carries the paid subscription's ids. */
function paidSignup(error: unknown): { subscriptionId: string; customerId: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { reason?: string; subscriptionId?: string; customerId?: string } | undefined;
  return details?.reason === 'signup_paid' && details.subscriptionId && details.customerId
    ? { subscriptionId: details.subscriptionId, customerId: details.customerId }
    : null;
}

type Step = { name: 'form' } | { name: 'payment'; payment: MembershipPayment } | { name: 'welcome'; referralCode: string; signIn: JoinSignIn; email: string };

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <Users className="size-5" aria-hidden />, title: '$1 per referral signup', text: 'Earn $1 for every member who joins with your referral code.' },
  {
    icon: <TrendingUp className="size-5" aria-hidden />,
    title: 'Payouts monthly on the 15th',
    text: 'Referral earnings are paid out every month on the 15th.',
  },
  { icon: <Percent className="size-5" aria-hidden />, title: '5% off all purchases', text: 'Members save 5% on everything in the marketplace.' },
  {
    icon: <Gift className="size-5" aria-hidden />,
    title: 'Profit bonuses every 6 months',
    text: 'Share in the marketplace’s success, based on company performance.',
  },
  { icon: <Crown className="size-5" aria-hidden />, title: 'VIP at 10 referrals', text: 'Refer 10 members to unlock VIP benefits.' },
];

/** Spec §2 Marketshare page and §4 Membership flow: form, payment, welcome with the member's referral code. */
export function MarketsharePage() {
  const [params, setParams] = useSearchParams();
  const ref = params.get('ref')?.trim() ?? '';
  // Back from Stripe's redirect (a card that needed one): what was kept before leaving, read once.
  const [returned] = useState(() => {
    const status = params.get('redirect_status');
    return status ? { status, pending: takePendingSignup() } : null;
  });
  const [values, setValues] = useState<SignupFormValues>(() => returned?.pending?.form ?? emptySignupForm(ref));
  const [step, setStep] = useState<Step>({ name: 'form' });
  const createPayment = useCreateMembershipPayment();
  const createMembership = useCreateMembership();
  const announcedRef = useRef(false);
  const finishing = useRef(false);

  useEffect(() => {
    if (!ref || announcedRef.current) return;
    announcedRef.current = true;
    toast({ title: 'Referral applied', description: `Referral code ${ref} will be used when you join.`, variant: 'success' });
  }, [ref]);

  async function join(form: SignupFormValues, payment: Pick<MembershipPayment, 'subscriptionId' | 'customerId'>) {
    try {
      const { referralCode, signIn } = await createMembership.mutateAsync({ ...form, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
      setStep({ name: 'welcome', referralCode, signIn, email: form.email });
      toast({ title: 'Welcome to Marketshare', description: 'Your membership is active.', variant: 'success' });
    } catch {
      toast({ title: SIGNUP_FAILED, variant: 'destructive' });
    }
  }

  // Finish joining after the redirect, once.
  useEffect(() => {
    if (!returned || finishing.current) return;
    finishing.current = true;
    setParams({}, { replace: true });
    if (!returned.pending) return;
    const { form, ...ids } = returned.pending;
    if (returned.status === 'succeeded') void Promise.resolve().then(() => join(form, ids));
    else toast({ title: 'Payment Failed', description: PAYMENT_FAILED, variant: 'destructive' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival from the redirect
  }, []);

  async function submitForm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    try {
      const payment = await createPayment.mutateAsync(values);
      setStep({ name: 'payment', payment });
    } catch (error) {
      // Paid earlier but never joined (a closed tab): join with that subscription instead of paying again.
      const paid = paidSignup(error);
      if (paid) return void (await join(values, paid));
      toast({ title: SETUP_FAILED, description: serverMessage(error) ?? undefined, variant: 'destructive' });
    }
  }

  const set = (key: keyof SignupFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <div className="bg-amber-50/40">
      <section className="bg-indigo-950 px-4 py-14 text-white sm:px-6 lg:px-8">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">Marketshare</h1>
          <p className="mt-4 text-lg text-indigo-100">
            Join the Kingdom Marketplace membership: <strong className="text-amber-300">$5.00 per month</strong>, recurring, cancel anytime.
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_28rem] lg:px-8">
        <section aria-labelledby="benefits-heading" className="grid content-start gap-4">
          <h2 id="benefits-heading" className="font-serif text-2xl font-bold text-indigo-950">
            What membership gives you
          </h2>
          <ul className="grid gap-3">
            {BENEFITS.map((b) => (
              <li key={b.title} className="flex gap-3 rounded-xl border border-indigo-100 bg-white p-4 shadow-sm">
                <span className="mt-0.5 text-amber-600">{b.icon}</span>
                <span>
                  <span className="block font-semibold text-indigo-950">{b.title}</span>
                  <span className="text-sm text-slate-600">{b.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <section aria-labelledby="profit-bonus-rule" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-slate-700">
            <h2 id="profit-bonus-rule" className="font-semibold text-indigo-950">
              How profit bonuses work
            </h2>
            {/* ADR 0018: the rule as membership runs it (PROFIT_BONUS_SHARE_BPS, default 200 = 2%). */}
            <p className="mt-1">
              Every six months, 2% of the marketplace’s paid store sales in that half-year, net of the refunds made in it, is shared among members who were
              members for the whole half-year and are still active, in proportion to the members they referred in it. Bonuses are paid on January 15 (for
              July–December) and July 15 (for January–June), to the cent.
            </p>
          </section>
        </section>

        <section className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-6" aria-live="polite">
          {step.name === 'form' && (
            <form onSubmit={submitForm} aria-label="Join Marketshare" className="grid gap-4">
              <h2 className="font-serif text-2xl font-bold text-indigo-950">Join Marketshare</h2>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="First Name *" name="firstName" required value={values.firstName} onChange={set('firstName')} autoComplete="given-name" />
                <TextField label="Last Name *" name="lastName" required value={values.lastName} onChange={set('lastName')} autoComplete="family-name" />
              </div>
              <TextField label="Email *" name="email" type="email" required value={values.email} onChange={set('email')} autoComplete="email" />
              <TextField label="Phone" name="phone" type="tel" value={values.phone} onChange={set('phone')} autoComplete="tel" />
              <TextField label="Referral Code" name="referralCode" value={values.referralCode} onChange={set('referralCode')} placeholder="Optional" />
              <Button type="submit" size="lg" disabled={createPayment.isPending}>
                {createPayment.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Lock className="size-4" aria-hidden />}
                Continue to Payment
              </Button>
              <p className="text-center text-xs text-slate-500">$5.00 per month, recurring. Cancel anytime from your member dashboard.</p>
            </form>
          )}
          {step.name === 'payment' && (
            <MembershipPaymentForm
              payment={step.payment}
              values={values}
              joining={createMembership.isPending}
              onBack={() => setStep({ name: 'form' })}
              onPaid={() => join(values, step.payment)}
            />
          )}
          {step.name === 'welcome' && <Welcome firstName={values.firstName} referralCode={step.referralCode} signIn={step.signIn} email={step.email} />}
        </section>
      </div>
    </div>
  );
}

interface MembershipPaymentProps {
  payment: MembershipPayment;
  values: SignupFormValues;
  joining: boolean;
  onBack: () => void;
  onPaid: () => Promise<void>;
}

function MembershipPaymentForm({ payment, values, joining, onBack, onPaid }: MembershipPaymentProps) {
  const stripe = useConfiguredStripe();
  const [handle, setHandle] = useState<PaymentHandle | null>(null);
  const [elementFailed, setElementFailed] = useState(false);
  // Bumped by "Try again" after the Payment Element failed to load, so Elements mounts afresh.
  const [attempt, setAttempt] = useState(0);
  const [paying, setPaying] = useState(false);

  function retrySetup() {
    if (stripe.isError) void stripe.refetch();
    if (elementFailed) {
      setElementFailed(false);
      setAttempt((n) => n + 1);
    }
  }

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!handle || paying) return;
    const { stripe: stripeJs, elements } = handle;
    setPaying(true);
    try {
      const { error: incomplete } = await elements.submit();
      if (incomplete) return;
      // Kept for a card that needs Stripe's redirect: the page finishes joining when it comes back.
      savePendingSignup({ form: values, subscriptionId: payment.subscriptionId, customerId: payment.customerId });
      const { error } = await stripeJs.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/marketshare`, receipt_email: values.email },
        redirect: 'if_required',
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message || PAYMENT_FAILED, variant: 'destructive' });
        return;
      }
      takePendingSignup();
      await onPaid();
    } catch {
      toast({ title: 'Payment Failed', description: PAYMENT_FAILED, variant: 'destructive' });
    } finally {
      setPaying(false);
    }
  }

  const busy = paying || joining;
  return (
    <form onSubmit={pay} aria-label="Membership payment" className="grid gap-4">
      <PaymentStep
        stripe={stripe.data}
        clientSecret={payment.clientSecret}
        attempt={attempt}
        setupError={stripe.isError || elementFailed ? SETUP_FAILED : null}
        onRetry={retrySetup}
        onHandleChange={setHandle}
        onLoadError={() => setElementFailed(true)}
        note="$5.00 per month, paid securely with Stripe."
        billingDetails="auto"
      />
      <div className="flex gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          <ArrowLeft className="size-4" aria-hidden /> Back
        </Button>
        <Button type="submit" className="flex-1" disabled={!handle || busy}>
          {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Lock className="size-4" aria-hidden />}
          {busy ? 'Processing...' : 'Pay $5.00 and Join'}
        </Button>
      </div>
    </form>
  );
}

function Welcome({ firstName, referralCode, signIn, email }: { firstName: string; referralCode: string; signIn: JoinSignIn; email: string }) {
  const [copied, setCopied] = useState(false);
  const link = referralLink(window.location.origin, referralCode);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(referralCode);
      setCopied(true);
      toast({ title: 'Copied!', description: 'Your referral code has been copied to clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy referral code. Please select and copy manually.', variant: 'destructive' });
    }
  }
  async function share() {
    const outcome = await shareReferralLink(link);
    if (outcome === 'copied') toast({ title: 'Link copied!', description: 'Your referral link has been copied to clipboard.', variant: 'success' });
    if (outcome === 'failed') toast({ title: 'Copy failed', description: 'Unable to copy referral link.', variant: 'destructive' });
  }

  return (
    <div className="grid gap-4 text-center">
      <h2 className="font-serif text-2xl font-bold text-indigo-950">Welcome to Marketshare{firstName ? `, ${firstName}` : ''}!</h2>
      <p className="text-slate-600">Your membership is active. Share your referral code and earn $1 for every member who joins with it.</p>
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-4">
        <p className="text-sm font-medium text-slate-700">Your referral code</p>
        <p data-testid="referral-code" className="mt-1 font-mono text-3xl font-bold tracking-widest text-indigo-950">
          {referralCode}
        </p>
      </div>
      <div className="flex justify-center gap-3">
        <Button variant="outline" onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
        <Button variant="outline" onClick={share}>
          <Share2 className="size-4" aria-hidden /> Share
        </Button>
      </div>
      {signIn === 'signed_in' ? (
        <Link to="/member-dashboard" className={buttonClasses('primary', 'lg')}>
          Go to your Member Dashboard
        </Link>
      ) : (
        // The email already has an account (or this is a repeat): its owner proves it from the inbox (ADR 0026).
        <p role="status" className="rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm break-words text-indigo-950">
          {signIn === 'link_sent'
            ? `This email address already has an account with us, so we sent a sign-in link to ${email}. Open it to see your member dashboard.`
            : 'To see your member dashboard, sign in with the link we email you from the member dashboard page.'}
        </p>
      )}
    </div>
  );
}
