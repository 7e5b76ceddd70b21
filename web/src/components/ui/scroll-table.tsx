import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface TableColumn {
  label: string;
  /** Amounts and counts: right-aligned. */
  numeric?: boolean;
  /** More classes for the header cell (a column hidden on a phone: `hidden sm:table-cell`). */
  className?: string;
}

/** card: a page's own table; inset: a table inside a dialog; plain: a table inside a panel that has its own frame. */
export type ScrollTableLook = 'card' | 'inset' | 'plain';

const looks: Record<ScrollTableLook, { frame: string; head: string; cell: string }> = {
  card: {
    frame: 'rounded-xl border border-indigo-100 bg-white shadow-sm',
    head: 'border-b border-indigo-100 bg-indigo-50/60 text-xs font-semibold tracking-wide text-indigo-900 uppercase',
    cell: 'px-4 py-3',
  },
  inset: { frame: 'rounded-lg border border-slate-200', head: 'bg-slate-50 text-xs text-slate-700 uppercase', cell: 'px-3 py-2' },
  plain: { frame: '', head: 'text-slate-600', cell: 'py-2 font-medium' },
};

/**
 * A table that scrolls sideways when it is wider than the screen. The scroll box is a region named by `label` and
 * takes focus, so a keyboard can scroll it too (axe's `scrollable-region-focusable`). The header row comes from
 * `columns`; the caller renders the body's rows (`<tr>` of `<th scope="row">` and `<td>`). `label` must not repeat the
 * name of the section around it: it is a region of its own.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  look = 'card',
  minWidth,
  busy,
  className,
  children,
}: {
  label: string;
  /** Said to screen readers before the table (what the rows are, in which order). */
  caption?: string;
  columns: readonly TableColumn[];
  look?: ScrollTableLook;
  /** The width under which the table scrolls instead of squeezing its columns (`min-w-[40rem]`). */
  minWidth?: string;
  /** The rows are being replaced (the next page loading). */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { frame, head, cell } = looks[look];
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={clsx('overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500', frame, className)}
    >
      <table className={clsx('w-full text-left text-sm', minWidth)} aria-busy={busy}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={head}>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={clsx(cell, c.numeric && 'text-right', c.className)}>
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
