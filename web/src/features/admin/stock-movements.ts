import type { StockMovement, StockMovementReason } from '@km/contracts';

const REASONS: Record<StockMovementReason, string> = {
  sale: 'Sale',
  refund_restock: 'Refund restock',
  cancel_restock: 'Cancel restock',
  manual: 'Manual change',
  tracking_started: 'Tracking started',
  tracking_stopped: 'Tracking stopped',
};

export const movementReasonLabel = (reason: StockMovementReason) => REASONS[reason] ?? reason;

/** "+3", "−2" (a true minus sign), "0". */
export const formatDelta = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : '0');

/** Who made a movement: the admin, the order, or the shop itself. */
export function movementBy(movement: Pick<StockMovement, 'actor' | 'orderNumber'>): string {
  if (movement.actor) return movement.actor;
  if (movement.orderNumber) return `Order ${movement.orderNumber}`;
  return 'The shop';
}

/** What the product's count is: a number of units, or "Not tracked". */
export const stockCount = (stockQuantity: number | null) => (stockQuantity === null ? 'Not tracked' : `${stockQuantity} available`);
