import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { CARRIER_LABELS, CARRIERS, FULFILMENT_STATUS_LABELS, type Carrier } from '@km/contracts/vocabulary';
import type { AdminOrder } from '@km/contracts';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { inputClasses } from '@/components/ui/field';
import { CheckboxField, FormField } from '@/components/ui/form-field';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { formatPrice } from '@/lib/format-price';
import { useAdminOrder, useAdminOrderStep, type AdminOrderStep } from '../api/admin-order';
import { formatOrderDate, timelineText } from '../admin-orders';
import { OrderStatusBadge } from './order-status-badge';

interface AdminOrderDetailProps {
  orderNumber: string | null;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

const carrierLabel = (carrier: string) => CARRIER_LABELS[carrier as Carrier] ?? carrier;

/** One order for staff (ADR 0034, 0035): payment, customer, lines, refunds, shipments, timeline and notes, and the steps. */
export function AdminOrderDetail({ orderNumber, onClose, returnFocusTo }: AdminOrderDetailProps) {
  const order = useAdminOrder(orderNumber);
  return (
    <DialogFrame open={orderNumber !== null} onOpenChange={(open) => !open && onClose()} returnFocusTo={returnFocusTo} className="max-w-4xl">
      <div className="grid gap-1 pr-8">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">Order</p>
        <Dialog.Title className="font-mono text-2xl font-bold text-indigo-950">{orderNumber}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">
          {order.data ? `Placed ${formatOrderDate(order.data.createdAt)} by ${order.data.customerName}` : 'Loading the order'}
        </Dialog.Description>
      </div>
      {order.isPending ? (
        <Spinner label="Loading the order" className="py-16" />
      ) : order.isError ? (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-4 text-sm text-red-900">
          {serverMessage(order.error) ?? 'The order could not be loaded.'}
        </p>
      ) : (
        <OrderBody order={order.data} />
      )}
    </DialogFrame>
  );
}

function OrderBody({ order }: { order: AdminOrder }) {
  const step = useAdminOrderStep(order.orderNumber);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  // Each success starts the forms afresh (a new key), so a reason or tracking number is never sent twice by mistake.
  const [round, setRound] = useState(0);
  const run = (what: AdminOrderStep, success: string) => {
    setDone(null);
    step.mutate(what, {
      onSuccess: () => {
        setDone(success);
        setQuantities({});
        setRound((n) => n + 1);
      },
    });
  };
  const chosen = order.items.flatMap((line) => {
    const quantity = Number(quantities[line.lineId] ?? '0');
    return Number.isInteger(quantity) && quantity > 0 ? [{ lineId: line.lineId, quantity }] : [];
  });
  const error = step.isError ? (serverMessage(step.error) ?? 'That did not work; try again.') : null;
  const paid = order.status === 'paid' || order.status === 'partially_refunded';

  return (
    <div className="mt-5 grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="order-status">
          <OrderStatusBadge status={order.status} />
        </span>
        <span className="rounded-full border border-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-700" data-testid="fulfilment-status">
          {FULFILMENT_STATUS_LABELS[order.fulfilmentStatus]}
        </span>
      </div>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <Fact label="Customer" value={`${order.customerName} · ${order.customerEmail}${order.customerPhone ? ` · ${order.customerPhone}` : ''}`} />
        <Fact label="Ships to" value={order.shippingAddress} />
        <Fact label="Card" value={order.card ? `${order.card.brand} ending ${order.card.last4}` : 'Not known yet'} />
        <Fact label="Payment intent" value={order.paymentIntentId} mono />
        <Fact label="Charge" value={order.chargeId ?? 'None yet'} mono />
        <Fact
          label="Money"
          value={`Total ${formatPrice(order.total)} · received ${order.amountReceived ? formatPrice(order.amountReceived) : 'nothing yet'} · refunded ${formatPrice(order.amountRefunded)} · refundable ${formatPrice(order.refundable)}`}
        />
      </dl>

      <section aria-labelledby="order-lines-heading" className="grid gap-2">
        <h3 id="order-lines-heading" className="font-semibold text-slate-900">
          Lines
        </h3>
        <p className="text-xs text-slate-600">Choose how many units of each line to refund or ship, then use the forms below.</p>
        <ScrollTable label="Order lines" columns={LINE_COLUMNS} look="inset" minWidth="min-w-[36rem]">
          {order.items.map((line) => (
            <tr key={line.lineId} data-testid="order-line">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {line.productName}
                <span className="block text-xs font-normal text-slate-600">
                  {formatPrice(line.productPrice)} each{line.requiresShipping ? '' : ' · no shipping needed'}
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantityFulfilled}</td>
              <td className="px-3 py-2 text-right tabular-nums">{line.quantityRefunded}</td>
              <td className="px-3 py-2">
                <input
                  type="number"
                  min={0}
                  max={line.quantity}
                  inputMode="numeric"
                  aria-label={`Units of ${line.productName}`}
                  value={quantities[line.lineId] ?? ''}
                  onChange={(event) => setQuantities({ ...quantities, [line.lineId]: event.currentTarget.value })}
                  className={`${inputClasses} w-20`}
                />
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>

      <div aria-live="polite" className="text-sm">
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-900">
            {error}
          </p>
        )}
        {done && !error && <p className="rounded-md bg-emerald-50 p-3 font-medium text-emerald-900">{done}</p>}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <RefundForm
          key={`refund-${round}`}
          order={order}
          chosen={chosen}
          disabled={!paid || step.isPending}
          onRefund={(body) => run({ kind: 'refund', body }, 'Refunded.')}
        />
        <ShipForm
          key={`ship-${round}`}
          chosen={chosen}
          disabled={!paid || step.isPending}
          onShip={(body) => run({ kind: 'fulfil', body }, 'Marked shipped; the buyer is emailed.')}
        />
      </div>

      {order.fulfilments.length > 0 && (
        <section aria-labelledby="shipments-heading" className="grid gap-2">
          <h3 id="shipments-heading" className="font-semibold text-slate-900">
            Shipments
          </h3>
          <ul className="grid gap-2">
            {order.fulfilments.map((f) => (
              <li
                key={f.fulfilmentId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
                data-testid="shipment"
              >
                <span>
                  {f.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')} · {carrierLabel(f.carrier)}
                  {f.trackingNumber && (
                    <>
                      {' · '}
                      {f.trackingUrl ? (
                        <a href={f.trackingUrl} className="text-indigo-800 underline" target="_blank" rel="noreferrer">
                          {f.trackingNumber}
                        </a>
                      ) : (
                        f.trackingNumber
                      )}
                    </>
                  )}
                  {' · '}
                  <strong>{f.status}</strong>
                </span>
                {f.status !== 'undone' && (
                  <span className="flex gap-2">
                    {f.status === 'shipped' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={step.isPending}
                        onClick={() => run({ kind: 'delivered', fulfilmentId: f.fulfilmentId }, 'Marked delivered.')}
                      >
                        Mark delivered
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={step.isPending}
                      onClick={() => run({ kind: 'undo', fulfilmentId: f.fulfilmentId }, 'Shipment undone.')}
                    >
                      Undo shipment
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="timeline-heading" className="grid gap-2">
        <h3 id="timeline-heading" className="font-semibold text-slate-900">
          Timeline
        </h3>
        <ol className="grid gap-1.5 border-l-2 border-indigo-100 pl-4 text-sm" data-testid="timeline">
          {order.timeline.map((entry, i) => (
            <li key={`${entry.kind}-${entry.at}-${i}`}>
              <time dateTime={entry.at} className="mr-2 text-xs text-slate-600">
                {formatOrderDate(entry.at)}
              </time>
              {timelineText(entry, carrierLabel)}
            </li>
          ))}
        </ol>
        <NoteForm disabled={step.isPending} onNote={(text) => run({ kind: 'note', body: { text } }, 'Note added.')} />
      </section>

      {order.status !== 'cancelled' && (
        <CancelForm
          key={`cancel-${round}`}
          paid={paid || order.status === 'refunded'}
          disabled={step.isPending}
          onCancel={(body) => run({ kind: 'cancel', body }, 'Order cancelled.')}
        />
      )}
    </div>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className={mono ? 'font-mono text-xs break-all text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}

interface Chosen {
  lineId: string;
  quantity: number;
}

function RefundForm({
  order,
  chosen,
  disabled,
  onRefund,
}: {
  order: AdminOrder;
  chosen: Chosen[];
  disabled: boolean;
  onRefund: (body: { amount?: string; lines: { lineId: string; quantity: number; restock: boolean }[]; reason: string }) => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRefund({ ...(amount.trim() ? { amount: amount.trim() } : {}), lines: chosen.map((c) => ({ ...c, restock })), reason });
  };
  return (
    <form onSubmit={submit} aria-labelledby="refund-heading" className="grid content-start gap-3 rounded-lg border border-slate-200 p-4">
      <h3 id="refund-heading" className="font-semibold text-slate-900">
        Refund
      </h3>
      <FormField label="Amount" hint={`Leave empty to refund the chosen units with their tax. Refundable: ${formatPrice(order.refundable)}.`}>
        {({ id, describedBy }) => (
          <input
            id={id}
            aria-describedby={describedBy}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            className={inputClasses}
            placeholder="12.50"
          />
        )}
      </FormField>
      <FormField label="Reason" required>
        {({ id, describedBy }) => (
          <input id={id} aria-describedby={describedBy} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} className={inputClasses} />
        )}
      </FormField>
      <CheckboxField label="Put the refunded units back in stock" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
      <Button type="submit" variant="destructive" disabled={disabled || (chosen.length === 0 && !amount.trim())}>
        Refund
      </Button>
    </form>
  );
}

function ShipForm({
  chosen,
  disabled,
  onShip,
}: {
  chosen: Chosen[];
  disabled: boolean;
  onShip: (body: { lines: Chosen[]; carrier: Carrier; trackingNumber?: string; trackingUrl?: string }) => void;
}) {
  const [carrier, setCarrier] = useState<Carrier>('usps');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const carrierId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onShip({
      lines: chosen,
      carrier,
      ...(trackingNumber.trim() ? { trackingNumber: trackingNumber.trim() } : {}),
      ...(carrier === 'other' && trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="ship-heading" className="grid content-start gap-3 rounded-lg border border-slate-200 p-4">
      <h3 id="ship-heading" className="font-semibold text-slate-900">
        Ship
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={carrierId} className="text-sm font-medium text-slate-800">
          Carrier
        </label>
        <select id={carrierId} value={carrier} onChange={(e) => setCarrier(e.currentTarget.value as Carrier)} className={inputClasses}>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <FormField label="Tracking number">
        {({ id }) => <input id={id} value={trackingNumber} onChange={(e) => setTrackingNumber(e.currentTarget.value)} className={inputClasses} />}
      </FormField>
      {carrier === 'other' && (
        <FormField label="Tracking page" hint="https://… where the buyer can follow the parcel">
          {({ id, describedBy }) => (
            <input
              id={id}
              type="url"
              aria-describedby={describedBy}
              value={trackingUrl}
              onChange={(e) => setTrackingUrl(e.currentTarget.value)}
              className={inputClasses}
            />
          )}
        </FormField>
      )}
      <Button type="submit" disabled={disabled || chosen.length === 0}>
        Mark shipped
      </Button>
    </form>
  );
}

function NoteForm({ disabled, onNote }: { disabled: boolean; onNote: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onNote(text);
        setText('');
      }}
    >
      <FormField label="Staff note" hint="Only staff see notes." className="min-w-0 flex-1">
        {({ id, describedBy }) => (
          <input id={id} aria-describedby={describedBy} required value={text} onChange={(e) => setText(e.currentTarget.value)} className={inputClasses} />
        )}
      </FormField>
      <Button type="submit" variant="outline" disabled={disabled}>
        Add note
      </Button>
    </form>
  );
}

function CancelForm({ paid, disabled, onCancel }: { paid: boolean; disabled: boolean; onCancel: (body: { reason: string; restock: boolean }) => void }) {
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  return (
    <form
      aria-labelledby="cancel-heading"
      className="grid gap-3 rounded-lg border border-red-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onCancel({ reason, restock });
      }}
    >
      <h3 id="cancel-heading" className="font-semibold text-red-900">
        Cancel the order
      </h3>
      <p className="text-xs text-slate-600">{paid ? 'Everything left is refunded to the card first.' : 'Its payment is cancelled at Stripe.'}</p>
      <FormField label="Why" required>
        {({ id }) => <input id={id} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} className={inputClasses} />}
      </FormField>
      {paid && <CheckboxField label="Put the units back in stock" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />}
      <Button type="submit" variant="destructive" disabled={disabled}>
        Cancel order
      </Button>
    </form>
  );
}

const LINE_COLUMNS = [
  { label: 'Item' },
  { label: 'Ordered', numeric: true },
  { label: 'Shipped', numeric: true },
  { label: 'Refunded', numeric: true },
  { label: 'Units' },
];
