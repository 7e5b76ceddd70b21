import type { OrderStatus } from '@km/contracts';
import { ORDER_STATUS_LABELS } from '@km/contracts/vocabulary';
import type { BadgeVariant } from '@/components/ui/badge';

export { ORDER_STATUSES } from '@km/contracts/vocabulary';

const STATUS_VARIANTS: Record<OrderStatus, BadgeVariant> = {
  pending_payment: 'secondary',
  paid: 'positive',
  payment_failed: 'alert',
  payment_review: 'alert',
  partially_refunded: 'secondary',
  refunded: 'plain',
  cancelled: 'plain',
};

/** "pending_payment" → "Pending payment"; a status this build does not know is shown as sent. */
export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status.replace(/_/g, ' ');
}

export function orderStatusVariant(status: string): BadgeVariant {
  return STATUS_VARIANTS[status as OrderStatus] ?? 'plain';
}
