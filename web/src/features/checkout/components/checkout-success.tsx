import { CircleAlert, Home, SearchX, ShoppingBag } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import { orderToShow, parseStripeReturn, readLastOrder } from '../last-order';
import { OrderConfirmation } from './order-confirmation';

interface CheckoutSuccessProps {
  /** Called once the order is found and not failed: the app empties the cart. */
  onConfirmed: () => void;
}

/**
 * /checkout/success: where Stripe sends the buyer back after a payment that needed a redirect
 * (`?payment_intent=…&redirect_status=…`), and where a reload of the confirmation lands. The order is looked
 * up with the number and email this tab saved when it was placed.
 */
export function CheckoutSuccess({ onConfirmed }: CheckoutSuccessProps) {
  const [searchParams] = useSearchParams();
  const [stripeReturn] = useState(() => parseStripeReturn(searchParams));
  const [target] = useState(() => orderToShow(readLastOrder(), stripeReturn));
  const { query: order } = useOrder(target);

  const failed = stripeReturn?.redirectStatus === 'failed' || order.data?.status === 'payment_failed';
  const found = !!order.data && !failed;
  useEffect(() => {
    if (found) onConfirmed();
  }, [found, onConfirmed]);

  if (!target) return <NothingFound />;
  if (stripeReturn?.redirectStatus === 'failed') return <PaymentFailed orderNumber={target.orderNumber} />;
  if (order.isPending) return <Spinner label="Looking up your order" className="py-32" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) return <NothingFound />;
    return (
      <Notice icon={<CircleAlert className="size-8" aria-hidden />} title="We couldn't load your order">
        <p>
          Your order number is <strong className="font-mono text-slate-900">{target.orderNumber}</strong>. Please try again in a moment; your confirmation email
          has the details too.
        </p>
        <Button className="mt-6" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (failed) return <PaymentFailed orderNumber={target.orderNumber} />;
  return <OrderConfirmation orderNumber={target.orderNumber} email={target.email} />;
}

function PaymentFailed({ orderNumber }: { orderNumber: string }) {
  return (
    <Notice icon={<CircleAlert className="size-8" aria-hidden />} title="Payment Failed">
      <p>
        The payment for order <strong className="font-mono text-slate-900">{orderNumber}</strong> did not go through, so nothing was charged. Your cart is still
        here: you can try again with another card.
      </p>
      <Link to="/checkout" className={buttonClasses('primary', 'lg', 'mt-6')}>
        Return to Checkout
      </Link>
    </Notice>
  );
}

function NothingFound() {
  return (
    <Notice icon={<SearchX className="size-8" aria-hidden />} title="No recent order found">
      <p>
        We couldn&apos;t find an order placed in this browser tab. If you just completed a purchase, the confirmation email we sent you has your order number
        and details.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/products" className={buttonClasses('primary', 'lg')}>
          <ShoppingBag className="size-4" aria-hidden />
          Continue Shopping
        </Link>
        <Link to="/" className={buttonClasses('outline', 'lg')}>
          <Home className="size-4" aria-hidden />
          Back to Home
        </Link>
      </div>
    </Notice>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center text-slate-600">
      <span className="grid size-16 place-items-center rounded-full bg-indigo-100 text-indigo-900">{icon}</span>
      <h1 className="mt-6 font-serif text-3xl font-bold text-indigo-950">{title}</h1>
      <div className="mt-3">{children}</div>
    </section>
  );
}
