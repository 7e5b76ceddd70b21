import { clsx } from 'clsx';
import { BadgePercent, LoaderCircle, PackageCheck, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { formatPrice } from '@/lib/format-price';
import { freeShippingNote, MEMBER_DISCOUNT_LABEL, memberDiscountValue, shippingLabel } from '../order-summary';
import type { PricedLine, Totals } from '../orders';

interface OrderSummaryProps {
  /** The server's breakdown; undefined while the first quote is on its way. */
  quote: (Totals & { items: PricedLine[] }) | undefined;
  /** A new quote is being asked for; the one shown is the previous cart's. */
  updating?: boolean;
  /** Shown instead of the totals when no quote could be had. */
  unavailable?: ReactNode;
  /** The free-shipping nudge; off once the order is placed. */
  showShippingNote?: boolean;
  className?: string;
}

/** Spec §2: each line, subtotal, tax, shipping (FREE or the amount), the free-shipping note and the total. */
export function OrderSummary({ quote, updating = false, unavailable, showShippingNote = true, className }: OrderSummaryProps) {
  const note = quote && showShippingNote ? freeShippingNote(quote) : null;

  return (
    <section
      aria-labelledby="order-summary-heading"
      aria-busy={updating || (!quote && !unavailable)}
      className={clsx('rounded-xl border border-indigo-100 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-summary-heading" className="font-serif text-xl font-bold text-indigo-950">
          Order Summary
        </h2>
        <p aria-live="polite" className="text-xs font-medium text-slate-500">
          {updating && quote ? (
            <span className="inline-flex items-center gap-1.5">
              <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
              Updating totals…
            </span>
          ) : null}
        </p>
      </div>

      {!quote ? (
        (unavailable ?? (
          <div role="status" className="flex items-center gap-3 py-8 text-sm text-slate-600">
            <LoaderCircle className="size-5 animate-spin text-indigo-700" aria-hidden />
            Calculating your total…
          </div>
        ))
      ) : (
        <div className={clsx('transition-opacity', updating && 'opacity-60')}>
          <ul aria-label="Items in your order" className="mt-4 divide-y divide-slate-100" data-testid="summary-items">
            {quote.items.map((line) => (
              <li key={line.productId} className="flex items-start justify-between gap-4 py-3" data-testid="summary-item">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900" data-testid="summary-item-name">
                    {line.productName}
                  </p>
                  <p className="text-sm text-slate-600">
                    Qty: <span data-testid="summary-item-quantity">{line.quantity}</span>
                    <span aria-hidden> · </span>
                    <span className="sr-only">, </span>
                    {formatPrice(line.productPrice)} each
                  </p>
                </div>
                <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums" data-testid="summary-item-total">
                  {formatPrice(line.subtotal)}
                </p>
              </li>
            ))}
          </ul>

          <dl className="mt-2 grid gap-2 border-t border-slate-200 pt-4 text-sm">
            <SummaryRow label="Subtotal" value={formatPrice(quote.subtotal)} testId="summary-subtotal" />
            {quote.memberDiscount && (
              <SummaryRow
                label={MEMBER_DISCOUNT_LABEL}
                value={memberDiscountValue(quote.memberDiscount)}
                testId="summary-member-discount"
                valueClassName="font-semibold text-emerald-700"
              />
            )}
            <SummaryRow label="Tax (8%)" value={formatPrice(quote.tax)} testId="summary-tax" />
            <SummaryRow
              label="Shipping"
              value={shippingLabel(quote.shipping)}
              testId="summary-shipping"
              valueClassName={shippingLabel(quote.shipping) === 'FREE' ? 'font-semibold text-emerald-700' : undefined}
            />
          </dl>
          {note && (
            <p
              data-testid="free-shipping-note"
              className={clsx(
                'mt-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
                note.earned ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
              )}
            >
              {note.earned ? <PackageCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : <Truck className="mt-0.5 size-4 shrink-0" aria-hidden />}
              {note.text}
            </p>
          )}
          {!quote.memberDiscount && showShippingNote && (
            // The server gives the discount only to a signed-in active member; everyone else hears about it.
            <p data-testid="member-savings-note" className="mt-3 flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
              <BadgePercent className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Marketshare members save 5% on every purchase.{' '}
                <Link to="/marketshare" className="font-semibold underline underline-offset-2">
                  Join Marketshare
                </Link>
              </span>
            </p>
          )}
          <dl className="mt-4 border-t border-slate-200 pt-4">
            <SummaryRow label="Total" value={formatPrice(quote.total)} testId="summary-total" className="text-lg font-bold text-indigo-950" />
          </dl>
        </div>
      )}
    </section>
  );
}

function SummaryRow({
  label,
  value,
  testId,
  className,
  valueClassName,
}: {
  label: string;
  value: string;
  testId: string;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={clsx('flex items-center justify-between gap-4', className ?? 'text-slate-700')}>
      <dt>{label}</dt>
      <dd className={clsx('tabular-nums', valueClassName)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
