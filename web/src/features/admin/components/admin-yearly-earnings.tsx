import { Download } from 'lucide-react';
import { StatementYearField } from '@/components/earnings-statement';
import { useState } from 'react';
import { earningsCsvUrl } from '../api/earnings';
import { AdminSection } from './admin-list';

/**
 * Admin Marketshare tab (ADR 0061): the yearly earnings export, one line per member paid in the calendar year with
 * payouts, profit bonuses and total; members at or above the year's 1099-NEC threshold are flagged. Each member's
 * printable statement opens from the members list and from a run's payouts.
 */
export function AdminYearlyEarnings() {
  const [year, setYear] = useState(() => String(new Date().getFullYear() - 1));
  return (
    <AdminSection
      title="Yearly Earnings"
      description="What each member was paid in a calendar year, with those at or above the 1099-NEC reporting threshold flagged."
      actions={
        <div className="flex flex-wrap items-end gap-3">
          <StatementYearField year={year} onChange={setYear} />
          <a
            href={earningsCsvUrl(year)}
            download
            className="inline-flex h-10 items-center gap-1 rounded-md border border-indigo-200 bg-white px-4 text-sm font-semibold text-indigo-900 hover:bg-indigo-50"
          >
            <Download className="size-4" aria-hidden /> {year} earnings CSV
          </a>
        </div>
      }
    >
      <p className="text-sm text-slate-700">
        The CSV has one line per member paid in {year}: payouts, profit bonuses, the total, and <code>form_1099_nec</code> (yes or no).
      </p>
    </AdminSection>
  );
}
