import { ArrowLeft, Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { toast } from '@/components/toast/use-toast';
import { PaymentStep, type PaymentHandle } from '@/components/payment/payment-step';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { useConfiguredStripe } from '@/lib/stripe';
import { useCreateOrder } from '../api/create-order';
import { usePaymentIntent } from '../api/create-payment-intent';
import { conflictReason, isCartChanged } from '../api-error';
import { newCheckoutId, type CheckoutCartItem } from '../intent-request';
import { saveLastOrder } from '../last-order';
import { EMPTY_SHIPPING_FORM, toBillingDetails, toOrderPayload, type ShippingFormValues } from '../order-payload';
import { purchaseButtonLabel } from '../order-summary';
import { OrderConfirmation } from './order-confirmation';
import { OrderSummary } from './order-summary';
import { incompleteFields, ShippingFields } from './shipping-fields';

const SETUP_FAILED = 'Unable to initialize payment. Please try again.';
const SOLD_OUT = 'Not enough stock for your cart.';
const PAYMENT_FAILED = 'There was an error processing your payment.';
const ORDER_FAILED = 'There was an error processing your order.';

interface CheckoutProps {
  /** The cart's lines; the app passes them in, so this feature does not reach into the cart's state. */
  items: readonly CheckoutCartItem[];
  /** Called once, after the order is placed and its payment confirmed: the app empties the cart. */
  onOrderPlaced: () => void;
}

interface Confirmed {
  orderNumber: string;
  email: string;
}

/**
 * Spec §2 and §4: shipping form, Stripe's Payment Element and the server's order summary. On submit the order is
 * created first, then the payment confirmed in the browser; a failed payment leaves the order in place (the
 * same payment intent, and so the same order, is used when the buyer tries again).
 */
export function Checkout({ items, onOrderPlaced }: CheckoutProps) {
  const [checkoutId] = useState(newCheckoutId);
  const [values, setValues] = useState<ShippingFormValues>(EMPTY_SHIPPING_FORM);
  const [payment, setPayment] = useState<PaymentHandle | null>(null);
  const [elementFailed, setElementFailed] = useState(false);
  // Bumped by "Try again" after the Payment Element failed to load, so Elements mounts afresh.
  const [elementsAttempt, setElementsAttempt] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  // Guards against a second submit before the disabled button has rendered.
  const submitting = useRef(false);

  const stripe = useConfiguredStripe();
  const intent = usePaymentIntent(checkoutId, items);
  const createOrder = useCreateOrder();
  const quote = intent.data;

  const setField = useCallback(<K extends keyof ShippingFormValues>(key: K, value: ShippingFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  // The browser knows which fields are still invalid; read it after every change.
  useEffect(() => {
    setMissing(incompleteFields(fieldsetRef.current));
  }, [values]);

  // Spec §8: one toast each time setting up payment fails (config, Stripe.js, the payment intent or the Payment
  // Element) while this page is open; an error cached from an earlier visit is retried, not announced.
  const setupFailedAt = Math.max(stripe.errorUpdatedAt, intent.errorUpdatedAt);
  const announcedFailure = useRef(setupFailedAt);
  useEffect(() => {
    if (setupFailedAt <= announcedFailure.current) return;
    announcedFailure.current = setupFailedAt;
    // Another buyer took the last units (ADR 0032): nothing to try again, the cart must change; the message says how.
    const soldOut = conflictReason(intent.error) === 'out_of_stock';
    toast({ title: soldOut ? SOLD_OUT : SETUP_FAILED, variant: 'destructive' });
  }, [setupFailedAt, intent.error]);
  useEffect(() => {
    if (elementFailed) toast({ title: SETUP_FAILED, variant: 'destructive' });
  }, [elementFailed]);

  // The cart is emptied only once the confirmation is on screen, so the empty-cart redirect never wins the race.
  useEffect(() => {
    if (confirmed) onOrderPlaced();
  }, [confirmed, onOrderPlaced]);

  if (confirmed) return <OrderConfirmation orderNumber={confirmed.orderNumber} email={confirmed.email} />;
  if (items.length === 0) return <Navigate to="/products" replace />;

  const setupError = stripe.isError
    ? 'Secure payment could not be loaded.'
    : intent.isError && !intent.isFetching
      ? (serverMessage(intent.error) ?? 'We could not prepare your payment.')
      : elementFailed
        ? 'The payment form could not be loaded.'
        : null;
  const retrySetup = () => {
    if (stripe.isError) void stripe.refetch();
    if (intent.isError) void intent.refetch();
    if (elementFailed) {
      setElementFailed(false);
      setElementsAttempt((n) => n + 1);
    }
  };

  const quoteIsCurrent = !!quote && !intent.isPlaceholderData && !intent.isFetching;
  const paymentReady = !!payment && quoteIsCurrent;
  const canSubmit = paymentReady && missing.length === 0 && !processing;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser has already validated the shipping fields before firing submit; this covers any other path.
    if (!event.currentTarget.reportValidity() || !canSubmit || !quote || !payment || submitting.current) return;
    const { stripe: stripeJs, elements } = payment;
    const email = values.email.trim();

    submitting.current = true;
    setProcessing(true);
    try {
      // Stripe wants the Payment Element checked before any other asynchronous work.
      const { error: incomplete } = await elements.submit();
      if (incomplete) {
        elements.getElement('payment')?.focus();
        return;
      }

      let order;
      try {
        order = await createOrder.mutateAsync(toOrderPayload(values, quote));
      } catch (err) {
        toast({ title: 'Order Failed', description: serverMessage(err) ?? ORDER_FAILED, variant: 'destructive' });
        // Prices moved since the quote: ask again so the summary and the button show what will be charged.
        if (isCartChanged(err)) void intent.refetch();
        return;
      }
      // Kept before confirming: a payment that needs a redirect comes back to /checkout/success, which reads it.
      saveLastOrder({ orderNumber: order.orderNumber, email, paymentIntentId: quote.paymentIntentId });

      const { error } = await stripeJs.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}/checkout/success`,
          receipt_email: email,
          payment_method_data: { billing_details: toBillingDetails(values) },
        },
        redirect: 'if_required',
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message || PAYMENT_FAILED, variant: 'destructive' });
        return;
      }

      setConfirmed({ orderNumber: order.orderNumber, email });
      toast({
        title: 'Order placed successfully!',
        description: `Your order ${order.orderNumber} has been confirmed.`,
        variant: 'success',
      });
    } catch {
      // Stripe.js throws (rather than returns) for integration problems and lost connections.
      toast({ title: 'Payment Failed', description: PAYMENT_FAILED, variant: 'destructive' });
    } finally {
      submitting.current = false;
      setProcessing(false);
    }
  }

  const hint = processing
    ? null
    : !paymentReady
      ? setupError
        ? null
        : 'The purchase button is enabled once secure payment is ready.'
      : missing.length > 0
        ? `To complete your purchase, fill in: ${missing.join(', ')}.`
        : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Link
        to="/products"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-indigo-800 hover:text-indigo-950 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Products
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">Checkout</h1>

      <form onSubmit={handleSubmit} aria-label="Checkout" className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-10">
        <div className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-6 lg:col-start-1">
          <ShippingFields values={values} onChange={setField} disabled={processing} fieldsetRef={fieldsetRef} />
        </div>

        <div className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-6 lg:col-start-1">
          <PaymentStep
            stripe={stripe.data}
            clientSecret={quote?.clientSecret}
            attempt={elementsAttempt}
            setupError={setupError}
            onRetry={retrySetup}
            onHandleChange={setPayment}
            onLoadError={() => setElementFailed(true)}
            note="Payments are processed securely by Stripe; your card details never touch our servers."
            billingDetails="never"
          />
        </div>

        {/* After the form in reading order (so the total is heard before the button); beside it on wide screens. */}
        <OrderSummary
          quote={quote}
          updating={intent.isFetching && !!quote}
          unavailable={intent.isError && !quote ? <p className="py-6 text-sm text-slate-600">Your total will appear once payment is set up.</p> : undefined}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1"
        />

        <div className="grid gap-3 lg:col-start-1">
          <Button type="submit" size="lg" disabled={!canSubmit} aria-describedby={hint ? 'purchase-hint' : undefined} className="w-full">
            <Lock className="size-4" aria-hidden />
            {purchaseButtonLabel(quote?.total, processing)}
          </Button>
          {hint && (
            <p id="purchase-hint" className="text-center text-sm text-slate-600">
              {hint}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
