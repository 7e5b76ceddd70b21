import { ArrowLeft, LoaderCircle, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useMemberInvoice } from '../api/get-invoices';
import { longDate } from './billing';

const STATUS = { paid: 'Paid', open: 'Unpaid', draft: 'Draft', uncollectible: 'Uncollectible', void: 'Void' } as const;

/** A printable receipt of one Marketshare invoice (ADR 0059): the member's own; anyone else's is "not found". */
export function InvoiceReceiptPage() {
  const { invoiceId = '' } = useParams();
  const invoice = useMemberInvoice(invoiceId);
  if (invoice.isPending)
    return (
      <div role="status" className="flex min-h-[60svh] items-center justify-center gap-3 text-slate-700">
        <LoaderCircle className="size-6 animate-spin text-indigo-700" aria-hidden /> Loading your receipt...
      </div>
    );
  if (invoice.isError) {
    const status = invoice.error instanceof ApiError ? invoice.error.status : 0;
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center text-slate-700">
        <h1 className="font-serif text-2xl font-bold text-indigo-950">Receipt</h1>
        <p className="mt-4">
          {status === 401 || status === 403
            ? 'Sign in to your member dashboard to see your receipts.'
            : status === 404 || status === 400
              ? 'We could not find this receipt among your invoices.'
              : 'Your receipt is unavailable right now. Please try again in a moment.'}
        </p>
        <Link to="/member-dashboard" className={buttonClasses('outline', 'md', 'mt-6')}>
          Back to your dashboard
        </Link>
      </div>
    );
  }
  const r = invoice.data;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 print:py-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/member-dashboard" className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden /> Back to your dashboard
        </Link>
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden /> Print receipt
        </Button>
      </div>
      <article aria-labelledby="receipt-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm print:border-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="font-serif text-lg font-bold text-indigo-950">Kingdom Marketplace</p>
            <h1 id="receipt-heading" className="mt-1 text-2xl font-bold text-slate-900">
              Receipt{r.number ? ` ${r.number}` : ''}
            </h1>
          </div>
          <Badge variant={r.status === 'paid' ? 'positive' : 'alert'}>{STATUS[r.status]}</Badge>
        </header>
        <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Billed to</dt>
            <dd className="text-slate-900">
              {r.customerName}
              <br />
              {r.customerEmail}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{r.paidAt ? 'Paid on' : 'Invoice date'}</dt>
            <dd className="text-slate-900">{longDate(r.paidAt ?? r.date)}</dd>
          </div>
          {r.card && (
            <div>
              <dt className="text-slate-500">Paid with</dt>
              <dd className="text-slate-900">
                {r.card.brand.charAt(0).toUpperCase() + r.card.brand.slice(1)} ending in {r.card.last4}
              </dd>
            </div>
          )}
        </dl>
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">What this receipt is for</caption>
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Description
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-100">
              <td className="py-3 text-slate-900">
                Marketshare membership
                <span className="block text-xs text-slate-500">
                  {longDate(r.periodStart)} – {longDate(r.periodEnd)}
                </span>
              </td>
              <td className="py-3 text-right text-slate-900">${r.amount}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-3 font-semibold text-slate-900">
                Total
              </th>
              <td className="py-3 text-right font-semibold text-slate-900">${r.amount}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  );
}
