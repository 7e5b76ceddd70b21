import { CircleAlert, History } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { useStockMovements, useStockProducts } from '../api/stock-movements';
import { formatOrderDate, pageCount, pageRange } from '../admin-orders';
import { formatDelta, movementBy, movementReasonLabel, stockCount } from '../stock-movements';
import { Pager } from './admin-list';

/** The dashboard's Stock tab: pick a product, read its stock movements a page at a time, newest first (ADR 0032). */
export function AdminStock({ isAdmin }: { isAdmin: boolean }) {
  const [search, setSearch] = useState('');
  // `?product=<id>` opens a product's movements: the low-stock email links here (ADR 0050).
  const [params] = useSearchParams();
  const [productId, setProductId] = useState<string | null>(() => params.get('product'));
  const [page, setPage] = useState(1);
  const searchId = useId();
  const productFieldId = useId();
  const products = useStockProducts(search, { enabled: isAdmin });
  const movements = useStockMovements(productId, page);
  const product = products.data?.items.find((item) => item.id === productId) ?? null;
  const data = movements.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const range = data ? pageRange(data.page, data.pageSize, data.total) : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Find a product
          </label>
          <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.currentTarget.value)} className={`${inputClasses} w-56`} />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={productFieldId} className="text-sm font-medium text-slate-800">
            Product
          </label>
          <select
            id={productFieldId}
            value={productId ?? ''}
            onChange={(event) => {
              setProductId(event.currentTarget.value || null);
              setPage(1);
            }}
            className={`${inputClasses} w-72`}
          >
            <option value="">Choose a product</option>
            {products.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({stockCount(item.stockQuantity)})
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-slate-600" aria-live="polite">
          {product && `${product.name}: ${stockCount(product.stockQuantity)}.`}{' '}
          {range && data && data.total > 0 && `Showing ${range.first}–${range.last} of ${data.total} movements, newest first`}
        </p>
      </div>

      {productId === null ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 bg-white p-12 text-center text-slate-600">
          <History className="size-10 text-indigo-300" aria-hidden />
          <p>Choose a product to see its sales, restocks and manual changes.</p>
        </div>
      ) : movements.isPending ? (
        <Spinner label="Loading stock movements" className="py-16" />
      ) : movements.isError && !data ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-10 text-center text-red-900">
          <CircleAlert className="size-8" aria-hidden />
          <p>The stock movements could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void movements.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data || data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-indigo-200 bg-white p-12 text-center text-slate-600">
          No stock movements yet. Set a stock quantity in the product form to start counting.
        </p>
      ) : (
        <>
          <ScrollTable
            label="Stock movements table"
            caption="Stock movements, newest first"
            columns={MOVEMENT_COLUMNS}
            minWidth="min-w-[40rem]"
            busy={movements.isFetching}
          >
            {data.items.map((movement) => (
              <tr key={movement.id} data-testid="stock-movement-row">
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={movement.createdAt}>{formatOrderDate(movement.createdAt)}</time>
                </td>
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {movementReasonLabel(movement.reason)}
                </th>
                <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatDelta(movement.delta)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{movement.quantityAfter ?? '—'}</td>
                <td className="px-4 py-3 text-slate-700">{movementBy(movement)}</td>
              </tr>
            ))}
          </ScrollTable>
          <Pager label="Stock movements pages" page={page} pages={pages} onPage={setPage} busy={movements.isFetching} />
        </>
      )}
    </div>
  );
}

const MOVEMENT_COLUMNS = [{ label: 'When' }, { label: 'What' }, { label: 'Change', numeric: true }, { label: 'Left after', numeric: true }, { label: 'Who' }];
