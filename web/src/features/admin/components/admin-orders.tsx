import { CircleAlert, ReceiptText, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { ScrollTable, type TableColumn } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatPrice } from '@/lib/format-price';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders';
import { formatOrderDate, pageCount, pageRange } from '../admin-orders';
import type { OrderStatus } from '@km/contracts';
import { ORDER_STATUSES, orderStatusLabel } from '../order-status';
import { Pager } from './admin-list';
import { AdminOrderDetail } from './admin-order-detail';
import { OrderStatusBadge } from './order-status-badge';

interface AdminOrdersProps {
  /** Orders are fetched only once the caller knows the user is an admin (spec §6). */
  isAdmin: boolean;
}

/** The admin dashboard's Orders tab: every order, newest first, a page at a time, optionally by status. */
export function AdminOrders({ isAdmin }: AdminOrdersProps) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const filterId = useId();
  const [opened, setOpened] = useState<string | null>(null);
  const openedBy = useRef<HTMLButtonElement | null>(null);
  const orders = useOrders({ page, pageSize: ORDERS_PAGE_SIZE, status: status || undefined }, { enabled: isAdmin });

  const data = orders.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const range = data ? pageRange(data.page, data.pageSize, data.total) : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as OrderStatus | '');
              setPage(1);
            }}
            className={`${inputClasses} w-48`}
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {range && data && data.total > 0 && `Showing ${range.first}–${range.last} of ${data.total} orders, newest first`}
          </p>
          <Button variant="ghost" size="sm" onClick={() => void orders.refetch()} disabled={orders.isFetching || !isAdmin}>
            <RefreshCw className={orders.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
            {orders.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>

      {orders.isPending ? (
        <Spinner label="Loading orders" className="py-16" />
      ) : orders.isError && !data ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-10 text-center text-red-900">
          <CircleAlert className="size-8" aria-hidden />
          <p>The orders could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data || data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 bg-white p-12 text-center text-slate-600">
          <ReceiptText className="size-10 text-indigo-300" aria-hidden />
          <p>{status ? `No orders with status "${orderStatusLabel(status)}".` : 'No orders yet.'}</p>
        </div>
      ) : (
        <>
          <ScrollTable label="Orders table" caption="Orders, newest first" columns={ORDER_COLUMNS} minWidth="min-w-[52rem]" busy={orders.isFetching}>
            {data.items.map((order) => (
              <tr key={order.orderNumber} className="hover:bg-stone-50" data-testid="order-row">
                <th scope="row" className="px-4 py-3 font-mono font-semibold whitespace-nowrap text-indigo-950">
                  <button
                    type="button"
                    className="rounded text-indigo-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                    aria-label={`Open order ${order.orderNumber}`}
                    onClick={(event) => {
                      openedBy.current = event.currentTarget;
                      setOpened(order.orderNumber);
                    }}
                  >
                    {order.orderNumber}
                  </button>
                </th>
                <td className="px-4 py-3 whitespace-nowrap text-slate-900">{order.customerName}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{order.customerEmail}</td>
                <td className="px-4 py-3">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatPrice(order.total)}
                  {order.status === 'payment_review' && order.amountReceived !== null && (
                    <span className="block text-xs font-normal text-red-800" data-testid="order-amount-received">
                      Received {formatPrice(order.amountReceived)}
                      {order.receivedCurrency && order.receivedCurrency !== 'usd' ? ` ${order.receivedCurrency.toUpperCase()}` : ''}
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{order.itemCount}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
                </td>
              </tr>
            ))}
          </ScrollTable>

          <Pager label="Orders pages" page={page} pages={pages} onPage={setPage} busy={orders.isFetching} />
        </>
      )}
      <AdminOrderDetail orderNumber={opened} onClose={() => setOpened(null)} returnFocusTo={openedBy} />
    </div>
  );
}

const ORDER_COLUMNS: readonly TableColumn[] = [
  { label: 'Order' },
  { label: 'Customer' },
  { label: 'Email' },
  { label: 'Status' },
  { label: 'Total', numeric: true },
  { label: 'Items', numeric: true },
  { label: 'Created' },
];
