import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';

/** One admin list under its heading: the section is a region named by the heading; `actions` sit beside it (a form). */
export function AdminSection({ title, description, actions, children }: { title: string; description: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="font-serif text-2xl font-bold text-indigo-950">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A query's three other states (loading, failed, nothing yet) as the admin lists say them, else `children` with its data. */
export function QueryState<T>({
  query,
  what,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is listed, in the plural ("payout runs"). */
  what: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p role="status" className="text-slate-600">
        Loading {what}…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-red-700">
        {serverMessage(query.error) ?? `The ${what} could not be loaded.`}
      </p>
    );
  if (isEmpty(query.data)) return <p className="text-slate-600">{empty}</p>;
  return children(query.data);
}

export interface AdminColumn {
  label: string;
  /** Amounts and counts: right-aligned. */
  numeric?: boolean;
}

/** The admin lists' table: a header row of columns, and the rows the caller renders (`<tr>` of `<td className={cell}>`). */
export function AdminTable({ columns, children }: { columns: readonly AdminColumn[]; children: ReactNode }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone when no cell holds a button or link (axe
    // scrollable-region-focusable).
    <div
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-indigo-100 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-indigo-50 text-indigo-950">
          <tr>
            {columns.map((c) => (
              <th key={c.label} className={c.numeric ? numericCell : cell}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A person's cell: the name in bold over the email. */
export function PersonCell({ person }: { person: { firstName: string; lastName: string; email: string } }) {
  return (
    <td className={cell}>
      <span className="block font-semibold text-indigo-950">
        {person.firstName} {person.lastName}
      </span>
      <span className="text-slate-600">{person.email}</span>
    </td>
  );
}

/** A cell's padding; {@link numericCell} for amounts and counts. */
export const cell = 'px-4 py-3';
export const numericCell = 'px-4 py-3 text-right tabular-nums';

/**
 * Previous / Next through a paged list, with where the reader is ("Page 2 of 5"); nothing while it all fits on one
 * page. `busy` (the next page still loading) holds both buttons.
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  busy = false,
  count,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  busy?: boolean;
  /** The whole count, said after the page ("60 members"). */
  count?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="size-4" aria-hidden />
        Previous<span className="sr-only"> page</span>
      </Button>
      <p className="text-sm text-slate-600" aria-current="page">
        Page {page} of {pages}
        {count ? ` (${count})` : ''}
      </p>
      <Button variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        Next<span className="sr-only"> page</span>
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** The form that starts (or repeats) a run by hand: one field and its button, which spins while the start is sent. */
export function StartRunForm({
  name,
  field,
  action,
  pending,
  onStart,
}: {
  /** The form's accessible name ("Start a payout run"). */
  name: string;
  field: InputHTMLAttributes<HTMLInputElement> & { label: string };
  /** The button's words. */
  action: string;
  pending: boolean;
  onStart: () => void;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onStart();
  };
  return (
    <form aria-label={name} onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      <TextField required {...field} />
      <Button type="submit" disabled={pending}>
        {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
        {action}
      </Button>
    </form>
  );
}
