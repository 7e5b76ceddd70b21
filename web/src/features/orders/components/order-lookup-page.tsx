import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useNoIndex } from '@/lib/use-no-index';
import { useLookupOrder } from '../api/lookup-order';
import { orderPagePath } from '../api/view-order';
import { hashWithKey } from '../order-link';

/** /orders: find an order by its number and the email it was placed with; found, its status page opens. */
export function OrderLookupPage() {
  useNoIndex();
  const navigate = useNavigate();
  const prefilled = (useLocation().state as { orderNumber?: unknown } | null)?.orderNumber;
  const [orderNumber, setOrderNumber] = useState(typeof prefilled === 'string' ? prefilled : '');
  const [email, setEmail] = useState('');
  const lookup = useLookupOrder();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    lookup.mutate(
      { orderNumber: orderNumber.trim(), email: email.trim() },
      { onSuccess: ({ order, key }) => void navigate({ pathname: orderPagePath(order.orderNumber), hash: hashWithKey(key) }) },
    );
  }

  const error = lookup.error;
  return (
    <section aria-labelledby="lookup-heading" className="mx-auto max-w-md px-4 py-14">
      <h1 id="lookup-heading" className="font-serif text-3xl font-bold text-indigo-950">
        Find your order
      </h1>
      <p className="mt-2 text-slate-700">
        Enter the order number from your confirmation email (it starts with KM-) and the email address you ordered with. The link in that email opens your order
        directly too.
      </p>
      <form onSubmit={submit} aria-label="Order lookup" className="mt-6 grid gap-4" noValidate={false}>
        <TextField
          label="Order number"
          required
          value={orderNumber}
          onChange={(e) => setOrderNumber(e.target.value)}
          placeholder="KM-7Q2M9XKD"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" maxLength={254} />
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {serverMessage(error) ??
              (error instanceof ApiError && error.status === 429
                ? 'Too many lookups. Please try again later.'
                : 'We could not look up orders just now. Please try again.')}
          </p>
        )}
        <Button type="submit" disabled={lookup.isPending}>
          <Search className="size-4" aria-hidden /> {lookup.isPending ? 'Looking up…' : 'Find order'}
        </Button>
      </form>
    </section>
  );
}
