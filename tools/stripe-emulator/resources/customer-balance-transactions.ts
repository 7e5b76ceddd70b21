// A customer's credit balance (ADR 0062): POST/GET /v1/customers/:id/balance_transactions. `customer.balance` is in
// cents, negative when the customer has credit; each change is a balance transaction with the balance it left
// (`ending_balance`). An invoice takes the balance when it is finalized, as Stripe does: its `starting_balance` is the
// balance then, a credit lowers `amount_due` (never below zero, the rest of the credit stays), a debit raises it, and
// an `applied_to_invoice` transaction records what the invoice took; `ending_balance` is what was left. What is left
// due under Stripe's smallest charge is not charged but put back on the balance (`invoice_too_small`).
import type Stripe from 'stripe';
import { allowOnly, currency, int, invalid, metadata, MINIMUM, missing, newId, nstr, type Params } from '../params';
import type { Shapes } from '../present';
import { route } from '../routing';
import type { Ctx, StripeState } from '../store';
import { clockNow } from './test-clocks';

function record(
  s: StripeState,
  customer: Stripe.Customer,
  fields: Pick<Stripe.CustomerBalanceTransaction, 'amount' | 'currency' | 'type' | 'description' | 'metadata' | 'invoice'>,
  ctx: Ctx,
): Stripe.CustomerBalanceTransaction {
  const before = structuredClone(customer);
  customer.balance += fields.amount;
  customer.currency ??= fields.currency;
  const txn = s.put(
    'customer_balance_transaction',
    {
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      checkout_session: null,
      created: clockNow(s, customer),
      credit_note: null,
      customer: customer.id,
      customer_account: null,
      ending_balance: customer.balance,
      livemode: false,
      ...fields,
    },
    {},
  );
  s.emit('customer.updated', 'customer', customer, ctx, before);
  return txn;
}

/** POST /v1/customers/:id/balance_transactions: an adjustment (negative: a credit the next invoices use). */
export function createBalanceTransaction(s: StripeState, customerId: string, p: Params, ctx: Ctx): Stripe.CustomerBalanceTransaction {
  allowOnly(p, ['amount', 'currency', 'description', 'metadata']);
  const customer = s.find('customer', customerId, 'customer', 404);
  if (p.amount === undefined) throw missing('amount');
  const amount = int(p.amount, 'amount')!;
  const cur = currency(p.currency);
  if (!cur) throw missing('currency');
  if (customer.currency && customer.currency !== cur)
    throw invalid(
      `The currency of this balance transaction (${cur}) must match the customer's currency (${customer.currency}).`,
      'currency',
      'currency_mismatch',
    );
  return record(
    s,
    customer,
    { amount, currency: cur, type: 'adjustment', description: nstr(p.description, 'description') ?? null, metadata: metadata(p.metadata), invoice: null },
    ctx,
  );
}

/**
 * An invoice being finalized takes the customer's balance: answers its `starting_balance`, `ending_balance` and
 * `amount_due` for a `total`. Credit covers up to the total; a debit is added to it.
 */
export function applyBalanceToInvoice(
  s: StripeState,
  customer: Stripe.Customer,
  invoiceId: string,
  total: number,
  cur: string,
  ctx: Ctx,
): { starting_balance: number; ending_balance: number; amount_due: number } {
  const starting = customer.balance;
  if (starting === 0 || (customer.currency && customer.currency !== cur)) return { starting_balance: starting, ending_balance: starting, amount_due: total };
  const applied = starting < 0 ? Math.min(total, -starting) : -starting;
  record(s, customer, { amount: applied, currency: cur, type: 'applied_to_invoice', description: null, metadata: {}, invoice: invoiceId }, ctx);
  const due = total - applied;
  // Less than Stripe's smallest charge is not charged: the invoice is paid and the amount goes onto the balance for the next one.
  if (due > 0 && due < (MINIMUM[cur] ?? 0))
    record(s, customer, { amount: due, currency: cur, type: 'invoice_too_small', description: null, metadata: {}, invoice: invoiceId }, ctx);
  return { starting_balance: starting, ending_balance: customer.balance, amount_due: due < (MINIMUM[cur] ?? 0) ? 0 : due };
}

export const routes = [
  route('POST', '/v1/customers/:id/balance_transactions', (s, p, c, id) => createBalanceTransaction(s, id, p, c)),
  route('GET', '/v1/customers/:id/balance_transactions', (s, p, _c, id) => {
    allowOnly(p, ['limit', 'starting_after', 'ending_before', 'invoice']);
    s.find('customer', id, 'customer', 404);
    const invoice = p.invoice === undefined ? undefined : String(p.invoice);
    return s.list(
      'customer_balance_transaction',
      p,
      `/v1/customers/${id}/balance_transactions`,
      (t) => t.customer === id && (!invoice || t.invoice === invoice),
    );
  }),
];

export const shapes: Shapes = {
  customer_balance_transaction: { expandable: ['customer', 'invoice'] },
};
