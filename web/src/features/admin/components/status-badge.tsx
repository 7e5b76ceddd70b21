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
