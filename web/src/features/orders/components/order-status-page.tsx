import type { BuyerOrder } from '@km/contracts';
import { ORDER_STATUS_LABELS, MEMBER_DISCOUNT_PERCENT, type OrderStatus } from '@km/contracts/vocabulary';
import { ExternalLink, Printer, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice, toCents } from '@/lib/format-price';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useNoIndex } from '@/lib/use-no-index';
import { useMemberOrder } from '../api/get-member-order';
import { useLookupOrder } from '../api/lookup-order';
import { useViewOrder } from '../api/view-order';
import { hashWithKey, keyFromHash } from '../order-link';
import { timelineStep } from '../timeline-steps';

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** How the page was reached: the link's key, the email the checkout page passed along, or neither (a member's history). */
interface Arrival {
  key: string | null;
  email: string | null;
}

/**
 * /orders/:orderNumber, the order's status page: opened from the signed link of its emails (`#key=…`, ADR 0036), from
 * the checkout's confirmation (which passes the email along), or from a member's order history (ADR 0037). Anyone
 * else is offered the lookup form.
 */
export function OrderStatusPage() {
  useNoIndex();
  const { orderNumber = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const key = keyFromHash(location.hash);
  const email = (location.state as { email?: unknown } | null)?.email;
  const arrival: Arrival = { key, email: typeof email === 'string' && !key ? email : null };

  // From the checkout's confirmation: one lookup, then the page carries the key like a link from the email.
  const lookup = useLookupOrder();
  const looked = useRef(false);
  useEffect(() => {
    if (!arrival.email || looked.current) return;
    looked.current = true;
    lookup.mutate(
      { orderNumber, email: arrival.email },
      { onSuccess: ({ key: found }) => void navigate({ hash: hashWithKey(found) }, { replace: true, state: null }) },
    );
  }, [arrival.email, orderNumber, lookup, navigate]);

  const byKey = useViewOrder(orderNumber, key);
  const byMember = useMemberOrder(orderNumber, !key && !arrival.email);
  const read = key ? byKey : arrival.email ? lookup : byMember;

  // A lookup that succeeded is followed at once by the address with its key, which reads the order it left in the cache.
  if (arrival.email ? !lookup.isError : read.isPending) return <Spinner label="Looking up your order" className="py-32" />;
  const order = key ? byKey.data : byMember.data;
  if (order) return <OrderStatus order={order} />;
  if (read.error && !(read.error instanceof ApiError && read.error.status === 404))
    return (
      <Notice title="We couldn't load your order">
        <p>{serverMessage(read.error) ?? 'Please try again in a moment.'}</p>
      </Notice>
    );
  return <NotOpened orderNumber={orderNumber} fromLink={key !== null} />;
}

function NotOpened({ orderNumber, fromLink }: { orderNumber: string; fromLink: boolean }) {
  return (
    <Notice title={fromLink ? 'This link did not open an order' : 'Find your order'}>
      <p>
        {fromLink
          ? 'The link may be incomplete. Open it again from your confirmation email, or look the order up with its number and your email address.'
          : 'Open the link in your confirmation email, or look the order up with its number and the email address you ordered with.'}
      </p>
      <Link to="/orders" state={{ orderNumber }} className={buttonClasses('primary', 'lg', 'mt-6')}>
        Look up an order
      </Link>
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center text-slate-700">
      <span className="grid size-16 place-items-center rounded-full bg-indigo-100 text-indigo-900">
        <SearchX className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 font-serif text-3xl font-bold text-indigo-950">{title}</h1>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const STATUS_VARIANT: Partial<Record<string, BadgeVariant>> = {
  paid: 'positive',
  pending_payment: 'secondary',
  payment_review: 'secondary',
  payment_failed: 'alert',
};
/** Statuses this page does not know yet (a later release's) show as their own words. */
const statusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The order: status, timeline, what was bought, where it goes; the receipt is the same page printed. */
export function OrderStatus({ order }: { order: BuyerOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [printedAt] = useState(() => new Date().toISOString());
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <article
      aria-labelledby="order-heading"
      className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6 print:max-w-none print:p-0 print:text-black"
      data-receipt
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-800 uppercase print:text-black">Kingdom Marketplace · Receipt</p>
          <h1 id="order-heading" ref={heading} tabIndex={-1} className="mt-1 font-serif text-3xl font-bold text-indigo-950 outline-none print:text-black">
            Order <span className="font-mono">{order.orderNumber}</span>
          </h1>
          <p className="mt-1 text-slate-700">
            Placed {longDate(order.createdAt)} by {order.customerName}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Badge variant={STATUS_VARIANT[order.status] ?? 'plain'} className="text-sm">
            <span className="sr-only">Status: </span>
            {statusLabel(order.status)}
          </Badge>
          <Button variant="outline" onClick={() => window.print()} className="print:hidden">
            <Printer className="size-4" aria-hidden /> Print receipt
          </Button>
        </div>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem] print:grid-cols-1">
        <Panel id="items-heading" title="Items">
          <ScrollTable
            label={`Items in order ${order.orderNumber}`}
            caption={`Items in order ${order.orderNumber}, with their prices`}
            columns={ITEM_COLUMNS}
            look="plain"
            className="mt-3"
          >
            {order.items.map((line) => (
              <tr key={line.productId} data-testid="order-line">
                <td className="py-2 pr-2 font-medium text-slate-900">{line.productName}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{line.quantity}</td>
                <td className="hidden py-2 pl-3 text-right tabular-nums sm:table-cell print:table-cell">{formatPrice(line.productPrice)}</td>
                <td className="py-2 pl-3 text-right font-semibold tabular-nums">{formatPrice(line.subtotal)}</td>
              </tr>
            ))}
          </ScrollTable>
          <dl className="mt-3 grid gap-1.5 border-t border-slate-200 pt-3 text-sm">
            <Amount label="Subtotal" value={formatPrice(order.subtotal)} />
            {order.memberDiscount && toCents(order.memberDiscount) > 0 && (
              <Amount label={`Member discount (${MEMBER_DISCOUNT_PERCENT}%)`} value={`-${formatPrice(order.memberDiscount)}`} />
            )}
            <Amount label="Tax" value={formatPrice(order.tax)} />
            <Amount label="Shipping" value={toCents(order.shipping) === 0 ? 'FREE' : formatPrice(order.shipping)} />
            <Amount label="Total" value={formatPrice(order.total)} strong testId="order-total" />
          </dl>
        </Panel>

        <div className="grid content-start gap-6">
          <Panel id="timeline-heading" title="Progress">
            <ol className="mt-3 grid gap-4 border-l-2 border-indigo-100 pl-4" data-testid="order-timeline">
              {order.timeline.map((entry, i) => {
                const step = timelineStep(entry);
                return (
                  <li key={`${entry.kind}-${entry.at}-${i}`} className="relative">
                    <span className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-indigo-700" aria-hidden />
                    <p className="font-semibold text-slate-900">{step.title}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={entry.at}>{dateTime(entry.at)}</time>
                    </p>
                    {step.detail && <p className="mt-1 text-sm text-slate-700">{step.detail}</p>}
                    {step.tracking && (
                      <a
                        href={step.tracking.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-indigo-800 underline print:hidden"
                      >
                        {step.tracking.label} <ExternalLink className="size-3.5" aria-hidden />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    )}
                  </li>
                );
              })}
            </ol>
          </Panel>

          <Panel id="address-heading" title="Shipping to">
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">
              {order.customerName}
              {'\n'}
              {order.shippingAddress}
            </p>
            {order.billingAddress !== order.shippingAddress && (
              <>
                <h3 className="mt-4 text-sm font-semibold text-indigo-950">Billing address</h3>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{order.billingAddress}</p>
              </>
            )}
            <p className="mt-4 text-sm break-words text-slate-600">Updates go to {order.customerEmail}.</p>
          </Panel>
        </div>
      </div>

      <footer className="text-sm text-slate-600">
        <p className="print:hidden">
          Questions about this order?{' '}
          <Link to="/contact" className="font-semibold text-indigo-800 underline">
            Contact us
          </Link>{' '}
          and mention {order.orderNumber}.
        </p>
        <p className="hidden print:block">
          Printed {dateTime(printedAt)}. Questions? Reply to your confirmation email and mention {order.orderNumber}.
        </p>
      </footer>
    </article>
  );
}

/** A titled part of the page: a card on screen, plain on paper. */
function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm print:border-0 print:p-0 print:shadow-none">
      <h2 id={id} className="font-serif text-xl font-bold text-indigo-950 print:text-black">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Amount({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div
      className={
        strong
          ? 'flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-indigo-950 print:text-black'
          : 'flex justify-between text-slate-700'
      }
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const ITEM_COLUMNS = [
  { label: 'Item' },
  { label: 'Qty', numeric: true },
  { label: 'Price', numeric: true, className: 'hidden sm:table-cell print:table-cell' },
  { label: 'Total', numeric: true },
];
