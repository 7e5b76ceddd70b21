import type { PayoutMethod } from '@km/contracts';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { STRIPE } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';

export type HeldReason = 'no_account' | 'below_minimum' | 'restricted' | 'transfer_failed';
export type TransferOutcome = 'paid' | HeldReason | 'skipped';

/** What a person reads for each reason a payout is held. */
export const HELD_REASON_TEXT: Record<HeldReason, string> = {
  no_account: 'No payout account yet: the member has not set up payouts.',
  below_minimum: 'Below the minimum payout: carried forward to the next run.',
  restricted: 'Payout account restricted: Stripe needs more information from the member.',
  transfer_failed: 'The transfer failed.',
};

interface Due {
  id: string;
  member_id: string;
  month: string;
  due: string;
  member_due: string;
  attempt: number;
  /** The method of the request the current key was sent with (null: not sent yet); else the member's choice now. */
  method: PayoutMethod | null;
  earnings_destination: PayoutMethod;
  stripe_customer_id: string;
  stripe_account_id: string | null;
  account_status: string | null;
}

const DUE_SELECT = `SELECT p.id, p.member_id, p.month, (p.amount - p.transferred)::text AS due, p.attempt, p.method, m.earnings_destination,
         m.stripe_customer_id, a.stripe_account_id, a.status AS account_status,
         (SELECT sum(q.amount - q.transferred) FROM payouts q WHERE q.member_id = p.member_id AND q.status IN ('scheduled', 'held'))::text AS member_due
  FROM payouts p JOIN members m ON m.id = p.member_id LEFT JOIN payout_accounts a ON a.member_id = p.member_id
  WHERE p.id = $1 AND p.status IN ('scheduled', 'held') FOR UPDATE OF p SKIP LOCKED`;

/** Cents of a numeric(12,2) text (exact: such amounts are far below 2^53 cents). */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Moves a payout's money with one Stripe transfer to the member's connected account, exactly once (ADR 0048). Each
 * payout is decided in its own transaction under its row lock (SKIP LOCKED: another worker passes it by), and the
 * transfer request carries an Idempotency-Key of the payout id and its attempt: a worker killed between Stripe's
 * answer and the commit leaves the row as it was, so the next run asks again with the same key and Stripe answers the
 * same transfer. The attempt moves on only once its key is spent: after a transfer is recorded, or after Stripe
 * refused it outright (a 4xx that made nothing). An unclear answer (network, 5xx, an idempotency conflict) keeps the
 * key, so nothing can be transferred twice.
 */
@Injectable()
export class PayoutTransfers {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Every payout still owed up to this month (this run's and those held by earlier runs), a few at a time. */
  async transferDue(month: string): Promise<Record<TransferOutcome, number>> {
    const counts: Record<TransferOutcome, number> = { paid: 0, no_account: 0, below_minimum: 0, restricted: 0, transfer_failed: 0, skipped: 0 };
    let after = '00000000-0000-0000-0000-000000000000';
    // Members whose total owed reached the minimum in this run: each of their payouts is paid, whichever of them is
    // decided first (the total shrinks as the first ones are paid, and the minimum is about the total).
    const eligible = new Set<string>();
    for (;;) {
      const ids = (
        (await this.dataSource.query(`SELECT id FROM payouts WHERE status IN ('scheduled', 'held') AND month <= $1 AND id > $2 ORDER BY id LIMIT $3`, [
          month,
          after,
          this.config.payouts.batchSize,
        ])) as { id: string }[]
      ).map((r) => r.id);
      if (!ids.length) break;
      after = ids[ids.length - 1];
      let next = 0;
      const worker = async () => {
        while (next < ids.length) counts[await this.transfer(ids[next++], eligible)]++;
      };
      await Promise.all(Array.from({ length: Math.min(this.config.payouts.transferConcurrency, ids.length) }, worker));
    }
    this.logger.info({ month, ...counts }, 'payout transfers done');
    return counts;
  }

  /**
   * One payout: paid (a transfer, or credit on the member's own invoices, ADR 0062), held with its reason, or skipped
   * (paid already, or another worker has it now). First, under the row lock, whether it can be paid, and the method of
   * the request about to be sent is written down (committed: a member who changes their choice while that request's
   * answer is unknown cannot have the payout sent the other way too). Then, under the row lock again, the request.
   */
  async transfer(payoutId: string, eligible = new Set<string>()): Promise<TransferOutcome> {
    const decided = await this.dataSource.transaction(async (manager): Promise<TransferOutcome | PayoutMethod> => {
      const [p] = (await manager.query(DUE_SELECT, [payoutId])) as Due[];
      if (!p) return 'skipped';
      const method = p.method ?? p.earnings_destination;
      if (method === 'transfer') {
        if (!p.stripe_account_id || p.account_status === 'onboarding') return this.hold(manager, p.id, 'no_account');
        if (p.account_status === 'restricted') return this.hold(manager, p.id, 'restricted');
        if (cents(p.member_due) < this.config.payouts.minimumCents && !eligible.has(p.member_id)) return this.hold(manager, p.id, 'below_minimum');
        eligible.add(p.member_id);
      }
      if (p.method === null) await manager.query(`UPDATE payouts SET method = $2 WHERE id = $1`, [p.id, method]);
      return method;
    });
    if (decided !== 'transfer' && decided !== 'membership_credit') return decided;
    return this.dataSource.transaction(async (manager) => {
      const [p] = (await manager.query(DUE_SELECT, [payoutId])) as Due[];
      // Gone by now (paid by another worker), or its request was settled and the next one is not decided yet.
      if (!p || p.method === null) return 'skipped';
      const keyed = p.attempt === 0 ? p.id : `${p.id}:${p.attempt}`;
      const idempotencyKey = p.method === 'transfer' ? keyed : `credit-${keyed}`;
      let paid: { id: string; amount: number };
      try {
        paid = p.method === 'transfer' ? await this.transferTo(p, idempotencyKey) : await this.credit(p, idempotencyKey);
      } catch (error) {
        const refused =
          error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500 && error.type !== 'StripeIdempotencyError';
        const reason: HeldReason = refused && error.code === 'insufficient_capabilities_for_transfer' ? 'restricted' : 'transfer_failed';
        const detail = error instanceof Error ? error.message : String(error);
        this.logger.warn({ payoutId: p.id, idempotencyKey, refused, detail }, 'payout not made');
        return this.hold(manager, p.id, reason, detail, refused);
      }
      if (p.method === 'transfer') {
        await manager.query(
          `INSERT INTO payout_transfers (transfer_id, payout_id, idempotency_key, amount) VALUES ($1, $2, $3, $4 / 100.0) ON CONFLICT (transfer_id) DO NOTHING`,
          [paid.id, p.id, idempotencyKey, paid.amount],
        );
      }
      await manager.query(
        `UPDATE payouts SET status = 'paid', held_reason = NULL, held_detail = NULL,
           transfer_id = CASE WHEN method = 'transfer' THEN $2 ELSE transfer_id END, credit_id = CASE WHEN method = 'membership_credit' THEN $2 ELSE credit_id END,
           transferred = transferred + $3 / 100.0, attempt = attempt + 1, paid_at = now() WHERE id = $1`,
        [p.id, paid.id, paid.amount],
      );
      return 'paid';
    });
  }

  /** One Stripe Connect transfer of what is still owed to the member's account (ADR 0048). */
  private async transferTo(p: Due, idempotencyKey: string): Promise<{ id: string; amount: number }> {
    const transfer = await this.stripe.transfers.create(
      {
        amount: cents(p.due),
        currency: 'usd',
        destination: p.stripe_account_id!,
        transfer_group: `payouts-${p.month}`,
        metadata: { payout_id: p.id, member_id: p.member_id, month: p.month },
      },
      { idempotencyKey },
    );
    return { id: transfer.id, amount: transfer.amount };
  }

  /** What is still owed, as credit on the member's Stripe customer balance: their next invoices take it (ADR 0062). */
  private async credit(p: Due, idempotencyKey: string): Promise<{ id: string; amount: number }> {
    const txn = await this.stripe.customers.createBalanceTransaction(
      p.stripe_customer_id,
      {
        amount: -cents(p.due),
        currency: 'usd',
        description: `Marketshare earnings of ${p.month}`,
        metadata: { payout_id: p.id, member_id: p.member_id, month: p.month },
      },
      { idempotencyKey },
    );
    return { id: txn.id, amount: -txn.amount };
  }

  private async hold(manager: EntityManager, id: string, reason: HeldReason, detail: string | null = null, keySpent = false): Promise<HeldReason> {
    // A spent key settles the method it was sent with: the next request follows the member's choice then (ADR 0062).
    await manager.query(
      `UPDATE payouts SET status = 'held', held_reason = $2, held_detail = $3, attempt = attempt + $4, method = CASE WHEN $4 = 1 THEN NULL ELSE method END
       WHERE id = $1`,
      [id, reason, detail, keySpent ? 1 : 0],
    );
    return reason;
  }

  /**
   * `transfer.reversed`: what Stripe took back of a transfer is owed to the member again: the payout is scheduled for
   * the next run with that amount. Reads the transfer's absolute `amount_reversed`, so a repeated event changes nothing.
   */
  async reversed(manager: EntityManager, transfer: Stripe.Transfer): Promise<boolean> {
    const [row] = (await manager.query(
      `WITH old AS (SELECT payout_id, reversed FROM payout_transfers WHERE transfer_id = $1 FOR UPDATE), changed AS (
         UPDATE payout_transfers t SET reversed = $2 / 100.0 FROM old
         WHERE t.transfer_id = $1 AND old.reversed < $2 / 100.0
         RETURNING t.payout_id, ($2 / 100.0 - old.reversed)::text AS delta
       ) SELECT * FROM changed`,
      [transfer.id, transfer.amount_reversed],
    )) as { payout_id: string; delta: string }[];
    if (!row) return false;
    await manager.query(
      `UPDATE payouts SET transferred = transferred - $2::numeric, status = 'scheduled', held_reason = NULL, held_detail = NULL, paid_at = NULL, method = NULL
       WHERE id = $1`,
      [row.payout_id, row.delta],
    );
    return true;
  }
}
