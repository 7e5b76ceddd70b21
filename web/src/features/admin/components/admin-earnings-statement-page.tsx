import { useSearchParams } from 'react-router-dom';
import { EarningsStatementPage } from '@/components/earnings-statement';
import { memberStatementQueryOptions } from '../api/earnings';

/** `/admin/earnings-statement?member=&year=`: a member's earnings statement of a year, to print (ADR 0061). */
export function AdminEarningsStatementPage() {
  const memberId = useSearchParams()[0].get('member') ?? '';
  return <EarningsStatementPage statementOf={(year) => memberStatementQueryOptions(memberId, year)} back={{ to: '/admin', label: 'Admin dashboard' }} />;
}
