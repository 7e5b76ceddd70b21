import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripeElements, StripePaymentElementOptions } from '@stripe/stripe-js';
import { CircleAlert, LoaderCircle, Lock, RefreshCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What a payment form needs from inside <Elements> to pay. */
export interface PaymentHandle {
  stripe: Stripe;
  elements: StripeElements;
}

// The site's indigo, so the card form looks like the rest of the page.
const APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#312e81',
    colorText: '#0f172a',
    colorDanger: '#b91c1c',
    borderRadius: '6px',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
  },
};

interface PaymentStepProps {
  stripe: Stripe | undefined;
  clientSecret: string | undefined;
  /** Counts "Try again"s after the Payment Element failed to load; a new count mounts Elements afresh. */
  attempt: number;
  /** Why payment cannot be set up; with a way to try again. */
  setupError: ReactNode;
  onRetry: () => void;
  /** The handle once the Payment Element is ready, null when it goes away (a new intent remounts it). */
  onHandleChange: (handle: PaymentHandle | null) => void;
  onLoadError: () => void;
  /** Under the heading, beside the lock. */
  note: string;
  /** 'never' when the page's own form supplies the billing details (checkout's shipping address). */
  billingDetails: 'never' | 'auto';
}

/**
 * ARCHITECTURE §5: Stripe's Payment Element in tabs, for checkout and for joining Marketshare: the heading, how
 * payment is set up, why it could not be (with "Try again"), and the handle to pay with once the element is ready.
 */
export function PaymentStep({ stripe, clientSecret, attempt, setupError, onRetry, onHandleChange, onLoadError, note, billingDetails }: PaymentStepProps) {
  return (
    <section aria-labelledby="payment-heading" className="grid gap-4">
      <div>
        <h2 id="payment-heading" className="font-serif text-xl font-bold text-indigo-950">
          Payment
        </h2>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Lock className="size-3.5" aria-hidden />
          {note}
        </p>
      </div>
      {setupError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{setupError}</span>
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden />
            Try again
          </Button>
        </div>
      ) : stripe && clientSecret ? (
        // A new intent means a new Elements group: Stripe does not let clientSecret change in place.
        <Elements key={`${clientSecret}:${attempt}`} stripe={stripe} options={{ clientSecret, appearance: APPEARANCE }}>
          <PaymentFields onHandleChange={onHandleChange} onLoadError={onLoadError} billingDetails={billingDetails} />
        </Elements>
      ) : (
        <SettingUpPayment />
      )}
    </section>
  );
}

function SettingUpPayment() {
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-dashed border-indigo-200 bg-indigo-50/50 px-4 py-6 text-sm text-slate-700">
      <LoaderCircle className="size-5 shrink-0 animate-spin text-indigo-700" aria-hidden />
      Setting up secure payment...
    </div>
  );
}

// Constant: changing the Payment Element's options re-renders it, which would drop what the buyer typed or the
// error it is showing (so it is not made read-only while paying; the button is disabled instead).
const PAYMENT_ELEMENT_OPTIONS: Record<PaymentStepProps['billingDetails'], StripePaymentElementOptions> = {
  never: { layout: 'tabs', fields: { billingDetails: 'never' } },
  auto: { layout: 'tabs' },
};

function PaymentFields({ onHandleChange, onLoadError, billingDetails }: Pick<PaymentStepProps, 'onHandleChange' | 'onLoadError' | 'billingDetails'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!ready || !stripe || !elements) return;
    onHandleChange({ stripe, elements });
    return () => onHandleChange(null);
  }, [ready, stripe, elements, onHandleChange]);

  return (
    <div className="grid gap-3">
      {!ready && <SettingUpPayment />}
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS[billingDetails]} onReady={() => setReady(true)} onLoadError={onLoadError} />
    </div>
  );
}
