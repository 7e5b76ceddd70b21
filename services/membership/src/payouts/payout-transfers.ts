import type { PayoutMethod } from '@km/contracts';
import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { STRIPE, withoutCallSite } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';

export type HeldReason = 'no_account' | 'below_minimum' | 'restricted' | 'transfer_failed';
export type TransferOutcome = 'paid' | HeldReason | 'skipped';
export type TransferCounts = Record<TransferOutcome, number>;
export const emptyCounts = (): TransferCounts => ({ paid: 0, no_account: 0, below_minimum: 0, restricted: 0, transfer_failed: 0, skipped: 0 });

/** What one payout run has decided so far, shared by its batches' transfers and its last pass over what is still owed. */
export class TransferRun {
  /**
   * Members whose total owed reached the minimum in this run: each of their payouts is paid, whichever of them is
   * decided first (the total shrinks as the first ones are paid, and the minimum is about the total).
   */
  readonly eligible = new Set<string>();
  /** Payouts this run has paid or held: the last pass leaves those held to the next run. */
  readonly decided = new Set<string>();
  readonly counts: TransferCounts = emptyCounts();
}

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

/**
 * The payouts of `$1` still owed, each locked (SKIP LOCKED: one another worker holds is passed by), in id order. Each
 * payout's member, account and total owed are looked up by key, one payout at a time (LATERAL … LIMIT 1 keeps the
 * planner from merging the claim's 250 rows with all members, 40,000 index entries read in a 30k run). What the member
 * is owed in all is summed over their payouts found by member (a few, one a month) and filtered after: a status
 * condition in the WHERE let the planner AND in the index of every payout due, which a run fills as it goes (11,000
 * index entries read per payout, 390 ms per claim).
 */
const DUE_SELECT = `SELECT p.id, p.member_id, p.month, (p.amount - p.transferred)::text AS due, p.attempt, p.method, m.earnings_destination,
         m.stripe_customer_id, a.stripe_account_id, a.status AS account_status, owed.member_due::text AS member_due
  FROM payouts p
  CROSS JOIN LATERAL (SELECT m.earnings_destination, m.stripe_customer_id FROM members m WHERE m.id = p.member_id LIMIT 1) m
  LEFT JOIN LATERAL (SELECT a.stripe_account_id, a.status FROM payout_accounts a WHERE a.member_id = p.member_id LIMIT 1) a ON true
  CROSS JOIN LATERAL (
    SELECT sum(q.amount - q.transferred) FILTER (WHERE q.status IN ('scheduled', 'held')) AS member_due FROM payouts q WHERE q.member_id = p.member_id
  ) owed
  WHERE p.id = ANY($1::uuid[]) AND p.status IN ('scheduled', 'held') ORDER BY p.id FOR UPDATE OF p SKIP LOCKED`;

/** Payouts held, each with its reason, Stripe's message and whether its key was spent (the attempt moves on), in one statement. */
const HOLD = `UPDATE payouts p SET status = 'held', held_reason = h.reason, held_detail = h.detail, attempt = p.attempt + h.spent,
    method = CASE WHEN h.spent = 1 THEN NULL ELSE p.method END
  FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[]) AS h(id, reason, detail, spent) WHERE p.id = h.id`;

/** Payouts paid, in one statement: each transfer kept with its key, and each payout marked with what moved. */
const PAID = `WITH paid AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS x(id, stripe_id, idempotency_key, cents, method)
  ), kept AS (
    INSERT INTO payout_transfers (transfer_id, payout_id, idempotency_key, amount)
    SELECT stripe_id, id, idempotency_key, cents / 100.0 FROM paid WHERE method = 'transfer' ON CONFLICT (transfer_id) DO NOTHING
  )
  UPDATE payouts p SET status = 'paid', held_reason = NULL, held_detail = NULL,
    transfer_id = CASE WHEN p.method = 'transfer' THEN paid.stripe_id ELSE p.transfer_id END,
    credit_id = CASE WHEN p.method = 'membership_credit' THEN paid.stripe_id ELSE p.credit_id END,
    transferred = p.transferred + paid.cents / 100.0, attempt = p.attempt + 1, paid_at = now()
  FROM paid WHERE p.id = paid.id`;

/** Cents of a numeric(12,2) text (exact: such amounts are far below 2^53 cents). */
const cents = (amount: string) => Math.round(Number(amount) * 100);

interface Hold {
  id: string;
  reason: HeldReason;
  detail: string | null;
  keySpent: boolean;
}

/** Runs `work` over `items`, at most `concurrency` at a time. */
async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * Moves a payout's money with one Stripe transfer to the member's connected account, exactly once (ADR 0048). Payouts
 * are decided a claim at a time (ADR 0073): a claim's rows are locked by one statement (SKIP LOCKED: another worker
 * passes them by), and each transfer request carries an Idempotency-Key of the payout id and its attempt; the
 * outcomes are written in one statement before the commit. A worker killed between Stripe's answers and the commit
 * leaves the rows as they were, so the next run asks again with the same keys and Stripe answers the same transfers.
 * The attempt moves on only once its key is spent: after a transfer is recorded, or after Stripe refused it outright
 * (a 4xx that made nothing). An unclear answer (network, 5xx, an idempotency conflict) keeps the key, so nothing can
 * be transferred twice.
 */
@Injectable()
export class PayoutTransfers {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Every payout still owed up to this month (this run's and those held by earlier runs) that `run` has not decided yet:
   * pages of ids, each cut into claims.
   */
  async transferDue(month: string, run = new TransferRun()): Promise<TransferCounts> {
    let after = '00000000-0000-0000-0000-000000000000';
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
      await this.transferPayouts(
        ids.filter((id) => !run.decided.has(id)),
        run,
      );
    }
    this.logger.info({ month, ...run.counts }, 'payout transfers done');
    return run.counts;
  }

  /**
   * These payouts (a batch a run has just written, or a page of those still owed), cut into claims of `transferClaim`
   * payouts, `transferClaimsInFlight` claims at once (one's rows are written while another's requests are at Stripe).
   */
  async transferPayouts(ids: string[], run: TransferRun): Promise<void> {
    const { transferClaim, transferClaimsInFlight } = this.config.payouts;
    const claims = Array.from({ length: Math.ceil(ids.length / transferClaim) }, (_, i) => ids.slice(i * transferClaim, (i + 1) * transferClaim));
    await inPool(claims, transferClaimsInFlight, async (claim) => {
      const outcomes = await this.transferClaim(claim, run.eligible);
      for (const id of claim) {
        const outcome = outcomes.get(id);
        // Skipped (locked by another worker, or paid already): the last pass looks at it again.
        if (outcome) run.decided.add(id);
        run.counts[outcome ?? 'skipped']++;
      }
    });
  }

  /** One payout (an admin's retry now, ADR 0061): paid, held with its reason, or skipped (paid already, or a run has it now). */
  async transfer(payoutId: string): Promise<TransferOutcome> {
    return (await this.transferClaim([payoutId], new Set())).get(payoutId) ?? 'skipped';
  }

  /**
   * A claim of payouts: each paid (a transfer, or credit on the member's own invoices, ADR 0062), held with its reason,
   * or skipped (missing from the answer: paid already, or another worker has it now). First, under the rows' locks,
   * which can be paid, and the method of the request about to be sent is written down (committed: a member who
   * changes their choice while that request's answer is unknown cannot have the payout sent the other way too). Then,
   * under the locks again, the requests (`transferConcurrency` at once) and their outcomes in one statement.
   */
  private async transferClaim(payoutIds: string[], eligible: Set<string>): Promise<Map<string, TransferOutcome>> {
    const outcomes = new Map<string, TransferOutcome>();
    const decided = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(DUE_SELECT, [payoutIds])) as Due[];
      const holds: Hold[] = [];
      const methods: { id: string; method: PayoutMethod }[] = [];
      for (const p of rows) {
        const method = p.method ?? p.earnings_destination;
        let reason: HeldReason | null = null;
        if (method === 'transfer') {
          if (!p.stripe_account_id || p.account_status === 'onboarding') reason = 'no_account';
          else if (p.account_status === 'restricted') reason = 'restricted';
          else if (cents(p.member_due) < this.config.payouts.minimumCents && !eligible.has(p.member_id)) reason = 'below_minimum';
          else eligible.add(p.member_id);
        }
        if (reason) {
          holds.push({ id: p.id, reason, detail: null, keySpent: false });
          outcomes.set(p.id, reason);
        } else if (p.method === null) methods.push({ id: p.id, method });
      }
      await this.hold(manager, holds);
      if (methods.length) {
        await manager.query(`UPDATE payouts p SET method = m.method FROM unnest($1::uuid[], $2::text[]) AS m(id, method) WHERE p.id = m.id`, [
          methods.map((m) => m.id),
          methods.map((m) => m.method),
        ]);
      }
      return rows.filter((p) => !outcomes.has(p.id)).map((p) => p.id);
    });
    if (!decided.length) return outcomes;
    await this.dataSource.transaction(async (manager) => {
      // Gone by now (paid by another worker), or its request was settled and the next one is not decided yet: skipped.
      const due = ((await manager.query(DUE_SELECT, [decided])) as Due[]).filter((p) => p.method !== null);
      const paid: { id: string; stripeId: string; key: string; cents: number; method: PayoutMethod }[] = [];
      const holds: Hold[] = [];
      await inPool(due, this.config.payouts.transferConcurrency, async (p) => {
        const keyed = p.attempt === 0 ? p.id : `${p.id}:${p.attempt}`;
        const idempotencyKey = p.method === 'transfer' ? keyed : `credit-${keyed}`;
        try {
          const made = p.method === 'transfer' ? await this.transferTo(p, idempotencyKey) : await this.credit(p, idempotencyKey);
          paid.push({ id: p.id, stripeId: made.id, key: idempotencyKey, cents: made.amount, method: p.method! });
          outcomes.set(p.id, 'paid');
        } catch (error) {
          const refused =
            error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode < 500 && error.type !== 'StripeIdempotencyError';
          const reason: HeldReason = refused && error.code === 'insufficient_capabilities_for_transfer' ? 'restricted' : 'transfer_failed';
          const detail = error instanceof Error ? error.message : String(error);
          this.logger.warn({ payoutId: p.id, idempotencyKey, refused, detail }, 'payout not made');
          holds.push({ id: p.id, reason, detail, keySpent: refused });
          outcomes.set(p.id, reason);
        }
      });
      if (paid.length) {
        await manager.query(PAID, [
          paid.map((x) => x.id),
          paid.map((x) => x.stripeId),
          paid.map((x) => x.key),
          paid.map((x) => x.cents),
          paid.map((x) => x.method),
        ]);
      }
      await this.hold(manager, holds);
    });
    return outcomes;
  }

  /** One Stripe Connect transfer of what is still owed to the member's account (ADR 0048). */
  private async transferTo(p: Due, idempotencyKey: string): Promise<{ id: string; amount: number }> {
    const transfer = await withoutCallSite(() =>
      this.stripe.transfers.create(
        {
          amount: cents(p.due),
          currency: 'usd',
          destination: p.stripe_account_id!,
          transfer_group: `payouts-${p.month}`,
          metadata: { payout_id: p.id, member_id: p.member_id, month: p.month },
        },
        { idempotencyKey },
      ),
    );
    return { id: transfer.id, amount: transfer.amount };
  }

  /** What is still owed, as credit on the member's Stripe customer balance: their next invoices take it (ADR 0062). */
  private async credit(p: Due, idempotencyKey: string): Promise<{ id: string; amount: number }> {
    const txn = await withoutCallSite(() =>
      this.stripe.customers.createBalanceTransaction(
        p.stripe_customer_id,
        {
          amount: -cents(p.due),
          currency: 'usd',
          description: `Marketshare earnings of ${p.month}`,
          metadata: { payout_id: p.id, member_id: p.member_id, month: p.month },
        },
        { idempotencyKey },
      ),
    );
    return { id: txn.id, amount: -txn.amount };
  }

  private async hold(manager: EntityManager, holds: Hold[]): Promise<void> {
    if (!holds.length) return;
    // A spent key settles the method it was sent with: the next request follows the member's choice then (ADR 0062).
    await manager.query(HOLD, [holds.map((h) => h.id), holds.map((h) => h.reason), holds.map((h) => h.detail), holds.map((h) => (h.keySpent ? 1 : 0))]);
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
