import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { EarningsStatementPage, StatementYearField } from '@/components/earnings-statement';
import { useOwnStatement } from '../api/get-statement';

/** `/member-dashboard/statement?year=`: the member's own earnings statement of a year, to print (ADR 0061). */
export function MemberStatementPage() {
  const [params, setParams] = useSearchParams();
  const year = params.get('year') ?? String(new Date().getFullYear());
  const query = useOwnStatement(year);
  return (
    <EarningsStatementPage
      query={query}
      year={year}
      back={
        <Link to="/member-dashboard" className="inline-flex items-center gap-1 font-semibold text-indigo-800 underline underline-offset-2">
          <ArrowLeft className="size-4" aria-hidden /> Member dashboard
        </Link>
      }
      yearPicker={<StatementYearField year={year} onChange={(y) => setParams({ year: y }, { replace: true })} />}
    />
  );
}
