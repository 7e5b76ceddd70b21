import { CircleCheck, Clock, Home, LoaderCircle, Mail, Receipt, ShoppingBag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { useOrder } from '../api/get-order';
import type { BuyerOrder } from '../orders';
import { OrderSummary } from './order-summary';

interface OrderConfirmationProps {
  orderNumber: string;
  email: string;
}

/**
 * Spec §2's "Order Confirmed" screen, for the checkout page after payment and for /checkout/success. It reads
 * the order back to show what was bought and whether Stripe's webhook has marked it paid yet.
 */
export function OrderConfirmation({ orderNumber, email }: OrderConfirmationProps) {
  const { query: order, checking } = useOrder({ orderNumber, email });
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The screen replaces the form the buyer was on (often scrolled to its button): start at the top and focus the
  // heading so the change is announced. preventScroll, or the heading would end up under the sticky header.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section aria-labelledby="order-confirmed-heading" className="mx-auto grid max-w-2xl gap-8 px-4 py-12 sm:px-6 lg:py-16">
      <div className="rounded-2xl border border-indigo-100 bg-white p-6 text-center shadow-sm sm:p-10">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700">
          <CircleCheck className="size-9" aria-hidden />
        </span>
        <h1 id="order-confirmed-heading" ref={headingRef} tabIndex={-1} className="mt-5 font-serif text-3xl font-bold text-indigo-950 outline-none sm:text-4xl">
          Order Confirmed
        </h1>
        <p className="mt-2 text-slate-600">Thank you for your order! May it be a blessing.</p>

        <div className="mx-auto mt-6 grid max-w-sm gap-1 rounded-xl bg-indigo-50 px-4 py-3">
          <p className="text-xs font-semibold tracking-wide text-indigo-800 uppercase">Order number</p>
          <p className="font-mono text-xl font-bold tracking-wider break-all text-indigo-950" data-testid="order-number">
            {orderNumber}
          </p>
        </div>

        <PaymentStatus order={order.data} checking={checking} />

        <p className="mt-4 flex items-start justify-center gap-2 text-sm text-slate-600">
          <Mail className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden />
          <span>
            A confirmation email is on its way to <span className="font-medium break-words text-slate-900">{email}</span>.
          </span>
        </p>

        <div className="mt-8 flex flex-col flex-wrap justify-center gap-3 sm:flex-row">
          <Link to="/products" className={buttonClasses('primary', 'lg')}>
            <ShoppingBag className="size-4" aria-hidden />
            Continue Shopping
          </Link>
          {/* The order's status page; the email goes along in the router's state, never in the address (ADR 0036). */}
          <Link to={`/orders/${encodeURIComponent(orderNumber)}`} state={{ email }} className={buttonClasses('outline', 'lg')}>
            <Receipt className="size-4" aria-hidden />
            View your order
          </Link>
          <Link to="/" className={buttonClasses('outline', 'lg')}>
            <Home className="size-4" aria-hidden />
            Back to Home
          </Link>
        </div>
      </div>

      {order.data && <OrderSummary quote={order.data} showShippingNote={false} />}
    </section>
  );
}

function PaymentStatus({ order, checking }: { order: BuyerOrder | undefined; checking: boolean }) {
  let content;
  if (!order) {
    content = null;
  } else if (order.status === 'paid') {
    content = (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 font-medium text-emerald-800">
        <CircleCheck className="size-4" aria-hidden />
        Payment received
      </span>
    );
  } else if (order.status === 'pending_payment' && checking) {
    content = (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 font-medium text-indigo-900">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        Confirming your payment…
      </span>
    );
  } else if (order.status === 'pending_payment') {
    content = (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900">
        <Clock className="size-4" aria-hidden />
        Payment processing: we&apos;ll email you as soon as it&apos;s confirmed.
      </span>
    );
  } else if (order.status === 'payment_review') {
    content = (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 font-medium text-amber-900">
        <Clock className="size-4" aria-hidden />
        We are reviewing this payment: our team will email you shortly.
      </span>
    );
  } else {
    content = (
      <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 font-medium text-red-800">
        Payment failed: this order has not been paid.
      </span>
    );
  }

  return (
    <p role="status" className="mt-4 min-h-8 text-sm" data-testid="order-payment-status">
      {content}
    </p>
  );
}
