import { EarningsStatementPage } from '@/components/earnings-statement';
import { ownStatementQueryOptions } from '../api/get-statement';

/** `/member-dashboard/statement?year=`: the member's own earnings statement of a year, to print (ADR 0061). */
export function MemberStatementPage() {
  return <EarningsStatementPage statementOf={ownStatementQueryOptions} back={{ to: '/member-dashboard', label: 'Member dashboard' }} />;
}
