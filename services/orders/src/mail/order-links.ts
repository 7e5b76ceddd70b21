/** The address of an order's page for the buyer's emails. */
export function orderPageLink(order: { orderNumber: string }, publicOrigin: string): string {
  return `${publicOrigin}/orders/${order.orderNumber}`;
}
