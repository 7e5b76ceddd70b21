// Transfers to connected accounts and the platform balance (ADR 0047): POST/GET /v1/transfers, GET /v1/transfers/:id,
// POST/GET /v1/transfers/:id/reversals, GET /v1/balance. The platform's available balance is what its succeeded charges
// brought in, less refunds and transfers, plus reversals and POST /_emulator/balance (test funds): a transfer larger
// than it fails with `balance_insufficient`, one to an account whose `transfers` capability is not active with
// `insufficient_capabilities_for_transfer`, both worded as Stripe words them. Those refusals change nothing and are not
// kept under the request's Idempotency-Key (as a failed validation is not), so the same key works once funds are there.
// Each transfer remembers the key that created it: GET /_emulator/transfers counts transfers per key.
import type Stripe from 'stripe';
import { allowOnly, clone, currency, int, invalid, metadata, missing, newId, now, type Params, str, SYMBOL } from '../params';
import type { Shapes } from '../present';
import { get, route } from '../routing';
import type { Ctx, StripeState } from '../store';

/** The platform's available funds in a currency. */
export function available(s: StripeState, cur: string): number {
  let total = s.balanceAdjustments[cur] ?? 0;
  for (const c of s.scan('charge')) if (c.currency === cur && c.status === 'succeeded') total += c.amount - c.amount_refunded;
  return total - (s.transferredOut[cur] ?? 0);
}

export function retrieveBalance(s: StripeState): Stripe.Balance {
  const currencies = new Set(['usd', ...Object.keys(s.balanceAdjustments), ...s.scan('charge').map((c) => c.currency)]);
  return {
    object: 'balance',
    available: [...currencies].map((cur) => ({ amount: available(s, cur), currency: cur, source_types: { card: available(s, cur) } })),
    livemode: false,
    pending: [...currencies].map((cur) => ({ amount: 0, currency: cur, source_types: { card: 0 } })),
  };
}

const money = (amount: number, cur: string) => `${SYMBOL[cur] ?? ''}${(amount / 100).toFixed(2)}`;

export function createTransfer(s: StripeState, p: Params, ctx: Ctx): Stripe.Transfer {
  allowOnly(p, ['amount', 'currency', 'destination', 'description', 'metadata', 'transfer_group']);
  if (p.amount === undefined) throw missing('amount');
  const amount = int(p.amount, 'amount')!;
  if (amount < 1) throw invalid('Invalid positive integer', 'amount');
  const cur = currency(p.currency);
  if (!cur) throw missing('currency');
  const destinationId = str(p.destination, 'destination');
  if (!destinationId) throw missing('destination');
  const destination = s.peek('account', destinationId);
  if (!destination) throw invalid(`No such destination: '${destinationId}'`, 'destination', 'resource_missing');
  if (destination.capabilities?.transfers !== 'active')
    throw invalid(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    );
  if (available(s, cur) < amount)
    throw invalid(
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
      undefined,
      'balance_insufficient',
    );
  const id = newId('tr');
  const transfer = s.put(
    'transfer',
    {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: null,
      created: now(),
      currency: cur,
      description: str(p.description, 'description') ?? null,
      destination: destination.id,
      destination_payment: newId('py'),
      livemode: false,
      metadata: metadata(p.metadata),
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: str(p.transfer_group, 'transfer_group') ?? null,
    },
    { idempotencyKey: ctx.idempotencyKey ?? null },
  );
  s.transferredOut[cur] = (s.transferredOut[cur] ?? 0) + amount;
  s.emit('transfer.created', 'transfer', transfer, ctx);
  return transfer;
}

/** Takes back all (or `amount`) of what is left of a transfer: its amount is the platform's again; `transfer.reversed`. */
export function createReversal(s: StripeState, transferId: string, p: Params, ctx: Ctx): Stripe.TransferReversal {
  allowOnly(p, ['amount', 'description', 'metadata', 'refund_application_fee']);
  const transfer = s.find('transfer', transferId, 'id', 404);
  const left = transfer.amount - transfer.amount_reversed;
  if (left === 0) throw invalid(`Transfer ${transfer.id} has already been fully reversed.`, undefined, 'transfer_already_reversed');
  const amount = p.amount === undefined ? left : int(p.amount, 'amount')!;
  if (amount < 1) throw invalid('Invalid positive integer', 'amount');
  if (amount > left)
    throw invalid(
      `Reversal amount (${money(amount, transfer.currency)}) is greater than the amount left on the transfer (${money(left, transfer.currency)}).`,
      'amount',
      'amount_too_large',
    );
  const reversal = s.put(
    'transfer_reversal',
    {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      balance_transaction: null,
      created: now(),
      currency: transfer.currency,
      destination_payment_refund: null,
      metadata: metadata(p.metadata),
      source_refund: null,
      transfer: transfer.id,
    },
    {},
  );
  const before = clone(transfer);
  s.transferredOut[transfer.currency] -= amount;
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals = { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] };
  s.emit('transfer.reversed', 'transfer', transfer, ctx, before);
  return reversal;
}

/** GET /_emulator/transfers: how many transfers each Idempotency-Key created (never more than one, as on Stripe). */
export function transfersPerKey(s: StripeState, key: string | null) {
  const counts: Record<string, number> = {};
  for (const t of s.scan('transfer')) {
    const k = s.peekInternal('transfer', t.id).idempotencyKey;
    if (k && (key === null || k === key)) counts[k] = (counts[k] ?? 0) + 1;
  }
  const values = Object.values(counts);
  return {
    transfers: s.scan('transfer').length,
    keys: values.length,
    max_per_key: values.length ? Math.max(...values) : 0,
    ...(key !== null ? { idempotency_key: key, count: counts[key] ?? 0 } : { duplicated_keys: Object.keys(counts).filter((k) => counts[k] > 1) }),
  };
}

export const routes = [
  route('POST', '/v1/transfers', (s, p, c) => createTransfer(s, p, c)),
  route('GET', '/v1/transfers', (s, p) => {
    allowOnly(p, ['destination', 'transfer_group', 'limit', 'starting_after']);
    const [destination, group] = [str(p.destination, 'destination'), str(p.transfer_group, 'transfer_group')];
    return s.list('transfer', p, '/v1/transfers', (t) => (!destination || t.destination === destination) && (!group || t.transfer_group === group));
  }),
  route(
    'GET',
    '/v1/transfers/:id',
    get((s, id) => s.find('transfer', id, 'id', 404)),
  ),
  route('POST', '/v1/transfers/:id/reversals', (s, p, c, id) => createReversal(s, id, p, c)),
  route('GET', '/v1/transfers/:id/reversals', (s, p, _c, id) => {
    allowOnly(p, ['limit', 'starting_after']);
    s.find('transfer', id, 'id', 404);
    return s.list('transfer_reversal', p, `/v1/transfers/${id}/reversals`, (r) => r.transfer === id);
  }),
  route('GET', '/v1/balance', (s, p) => (allowOnly(p, []), retrieveBalance(s))),
];

export const shapes: Shapes = {
  transfer: { expandable: ['destination', 'balance_transaction'] },
  transfer_reversal: { expandable: ['transfer'] },
};
