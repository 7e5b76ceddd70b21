import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { EarningsStatementPage, StatementYearField } from '@/components/earnings-statement';
import { useMemberStatement } from '../api/earnings';

/** `/admin/earnings-statement?member=&year=`: a member's earnings statement of a year, to print (ADR 0061). */
export function AdminEarningsStatementPage() {
  const [params, setParams] = useSearchParams();
  const memberId = params.get('member') ?? '';
  const year = params.get('year') ?? String(new Date().getFullYear() - 1);
  const query = useMemberStatement(memberId, year);
  return (
    <EarningsStatementPage
      query={query}
      year={year}
      back={
        <Link to="/admin" className="inline-flex items-center gap-1 font-semibold text-indigo-800 underline underline-offset-2">
          <ArrowLeft className="size-4" aria-hidden /> Admin dashboard
        </Link>
      }
      yearPicker={<StatementYearField year={year} onChange={(y) => setParams({ member: memberId, year: y }, { replace: true })} />}
    />
  );
}
