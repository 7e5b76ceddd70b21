import { Badge } from '@/components/ui/badge';
import { statusBadgeVariant, statusLabel } from '../inbox';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusBadgeVariant(status)}>
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </Badge>
  );
}

export function UrgentBadge() {
  return <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold text-white">Urgent</span>;
}
