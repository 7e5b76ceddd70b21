import { Badge } from '@/components/ui/badge';
import { orderStatusLabel, orderStatusVariant } from '../order-status';

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={orderStatusVariant(status)}>
      <span className="sr-only">Status: </span>
      {orderStatusLabel(status)}
    </Badge>
  );
}
