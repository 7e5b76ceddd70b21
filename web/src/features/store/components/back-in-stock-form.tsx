import { BellRing, CircleCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { inputClasses } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { useAskBackInStock } from '../api/ask-back-in-stock';
import { backInStockEmailProblem } from '../back-in-stock';

/**
 * "Email me when it's back" on a sold-out product (ADR 0050): one address, one email when the product returns. The
 * answer is the same whether or not the address was already waiting; problems show under the field, read with it.
 */
export function BackInStockForm({ productId, productName }: { productId: string; productName: string }) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ask = useAskBackInStock();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = backInStockEmailProblem(email);
    setProblem(found);
    if (found) {
      input.current?.focus();
      return;
    }
    ask.mutate(
      { productId, email: email.trim() },
      {
        onSuccess: (answer) => setThanks(answer.message),
        onError: (error) => {
          setProblem(serverMessage(error) ?? 'We could not save your address just now. Please try again in a moment.');
          input.current?.focus();
        },
      },
    );
  }

  if (thanks) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        {thanks}
      </p>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-indigo-100 bg-indigo-50/60 p-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-indigo-950">
          <BellRing className="size-4" aria-hidden />
          Email me when it&apos;s back
        </h2>
        <p className="text-sm text-slate-700">We will send one email when {productName} is back in stock, and nothing else.</p>
      </div>
      <FormField label="Your email" error={problem}>
        {({ id, describedBy, invalid }) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={id}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              required
              className={`${inputClasses} min-w-0 flex-1`}
            />
            <Button type="submit" disabled={ask.isPending} className="shrink-0">
              {ask.isPending ? 'Saving…' : 'Notify me'}
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
