import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { EarningsStatement } from '@km/contracts';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { SITE_NAME } from '@km/contracts/vocabulary';

const money = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A member's earnings statement of a calendar year, laid out to print (ADR 0061): who paid whom, each payment with its
 * date and Stripe transfer, the total, and whether it reaches the year's 1099-NEC threshold. Shared by the member's
 * own page and the admin's: the year is the page's `?year=` (this year by default), `back` the way back.
 */
export function EarningsStatementPage<K extends QueryKey>({
  statementOf,
  back,
}: {
  /** The query of the statement of a year (the member's own, or a member's for the admin). */
  statementOf: (year: string) => UseQueryOptions<EarningsStatement, Error, EarningsStatement, K>;
  back: { to: string; label: string };
}) {
  const [params, setParams] = useSearchParams();
  const year = params.get('year') ?? String(new Date().getFullYear());
  const query = useQuery(statementOf(year));
  const setYear = (next: string) =>
    setParams(
      (current) => {
        current.set('year', next);
        return current;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby="statement-heading" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 print:hidden">
        <Link to={back.to} className="inline-flex items-center gap-1 font-semibold text-indigo-800 underline underline-offset-2">
          <ArrowLeft className="size-4" aria-hidden /> {back.label}
        </Link>
        <div className="flex flex-wrap items-end gap-3">
          <StatementYearField year={year} onChange={setYear} />
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden /> Print
          </Button>
        </div>
      </div>
      <h1 id="statement-heading" className="font-serif text-3xl font-bold text-indigo-950">
        Earnings statement {year}
      </h1>
      {query.isPending ? (
        <Spinner label="Loading the statement" className="py-16" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {serverMessage(query.error) ?? 'The statement could not be loaded.'}
        </p>
      ) : (
        <StatementBody statement={query.data} />
      )}
    </section>
  );
}

function StatementBody({ statement: s }: { statement: EarningsStatement }) {
  return (
    <>
      <dl className="mt-4 grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Paid by</dt>
          <dd className="font-semibold text-indigo-950">{SITE_NAME}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Paid to</dt>
          <dd className="font-semibold text-indigo-950">
            {s.member.firstName} {s.member.lastName}
            <span className="block font-normal text-slate-700">{s.member.email}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Calendar year</dt>
          <dd className="font-semibold text-indigo-950">1 January to 31 December {s.year}</dd>
        </div>
      </dl>
      {s.lines.length === 0 ? (
        <p className="mt-6 text-slate-700">Nothing was paid to this member in {s.year}.</p>
      ) : (
        // A region of its own that takes focus, so a keyboard can scroll it where the table is wider than a phone.
        <div
          role="region"
          aria-label={`Payments in ${s.year}`}
          tabIndex={0}
          className="mt-6 overflow-x-auto rounded-xl border border-indigo-100 bg-white focus-visible:outline-2 focus-visible:outline-indigo-500 print:border-0"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payments in {s.year}</caption>
            <thead className="bg-indigo-50 text-indigo-950">
              <tr>
                <th className="px-4 py-2">Paid on</th>
                <th className="px-4 py-2">Payment</th>
                <th className="hidden px-4 py-2 sm:table-cell print:table-cell">Stripe transfer</th>
                <th className="px-4 py-2 text-right">Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {s.lines.map((line) => (
                <tr key={line.id}>
                  <td className="px-3 py-2 sm:px-4 sm:whitespace-nowrap">{longDate(line.paidOn)}</td>
                  <td className="px-4 py-2">
                    {line.kind === 'profit_bonus'
                      ? `Profit bonus ${line.period}`
                      : `Referral commissions of ${line.period}${line.paidAs === 'membership_credit' ? ', applied to the membership' : ''}`}
                  </td>
                  <td className="hidden px-4 py-2 font-mono text-xs break-all sm:table-cell print:table-cell">{line.transferId ?? '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums sm:px-4">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold text-indigo-950">
                <th scope="row" colSpan={2} className="px-4 py-2 text-right">
                  Total paid in {s.year}
                </th>
                <td className="hidden sm:table-cell print:table-cell" />
                <td className="px-4 py-2 text-right tabular-nums" data-testid="statement-total">
                  {money(s.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="mt-6 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="statement-1099">
        {s.reportable ? <Badge variant="alert">Form 1099-NEC</Badge> : <Badge variant="plain">No 1099-NEC</Badge>}
        {s.reportable
          ? `${money(s.total)} is at or above the ${money(s.threshold)} reporting threshold for ${s.year}: a Form 1099-NEC is filed for these payments.`
          : `${money(s.total)} is below the ${money(s.threshold)} reporting threshold for ${s.year}: no Form 1099-NEC is filed.`}
        {s.thresholdFrom !== s.year &&
          Number(s.year) > Number(s.thresholdFrom) &&
          ` (The ${s.thresholdFrom} threshold applies until the ${s.year} figure is published.)`}
      </p>
    </>
  );
}

/** The year field of a statement page: the current year and the five before it. */
export function StatementYearField({ year, onChange }: { year: string; onChange: (year: string) => void }) {
  const id = useId();
  const now = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, i) => String(now - i));
  if (!years.includes(year)) years.push(year);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Year
      </label>
      <select id={id} value={year} onChange={(e) => onChange(e.currentTarget.value)} className={`${inputClasses} w-28`}>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}
