import {
  CatalogEvents,
  CatalogStockEvents,
  RESERVATION_MINUTES,
  type OrderRestockedEvent,
  type ReleaseStockRequest,
  type ReserveStockRequest,
  type StockMovement,
  type StockMovementReason,
  type StockMovementsPage,
  type StockMovementsRequest,
  type StockReleased,
  type StockReservation,
} from '@km/contracts';
import { commitWithEvents, ConflictError, NotFoundError, OutboxRelayRunner, recordEvent, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { comesBack, getLowStockThreshold, outOfStockMessage, type Shortfall } from './stock-rules';

/** The namespace of the per-payment-intent advisory locks the catalog takes (ADR 0032). */
const RESERVATION_LOCKS = 32_001;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Held {
  product_id: string;
  quantity: number;
}

interface MovementRow {
  id: string;
  reason: StockMovementReason;
  delta: number;
  quantity_after: number | null;
  actor: string | null;
  order_number: string | null;
  created_at: Date;
}

/** A change of a product's available count, for the events and the alerts that follow it. */
export interface StockChange {
  productId: string;
  before: number | null;
  after: number | null;
}

/**
 * Quantities, reservations and movements (ADR 0032). Every count changes in one guarded UPDATE of the product's row
 * (`… WHERE stock_quantity >= $n`), so two buyers can never take the same unit; a payment intent's reservation is
 * changed only under that intent's lock, so it is replaced, released or sold exactly once.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Holds the lines for the intent, replacing what it held before (a changed cart). All or nothing: when a tracked
   * product has fewer units than asked, nothing changes and the refusal names it with what is left.
   */
  async reserve({ paymentIntentId, lines, minutes = RESERVATION_MINUTES }: ReserveStockRequest): Promise<StockReservation> {
    return commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      await this.lockIntent(manager, paymentIntentId);
      const states: { state: string }[] = await manager.query(`SELECT DISTINCT state FROM stock_reservations WHERE payment_intent_id = $1`, [paymentIntentId]);
      if (states.some((s) => s.state === 'sold')) {
        throw new ConflictError('payment_in_use', 'This payment was already made, so its cart cannot change. Reload the checkout page to start a new one.');
      }
      const held: Held[] = await manager.query(`SELECT product_id, quantity FROM stock_reservations WHERE payment_intent_id = $1 AND state = 'held'`, [
        paymentIntentId,
      ]);
      // Net change per product: what the intent held goes back, what it asks for now is taken.
      const wanted = new Map<string, number>();
      for (const line of lines)
        if (UUID.test(line.productId)) wanted.set(line.productId.toLowerCase(), (wanted.get(line.productId.toLowerCase()) ?? 0) + line.quantity);
      const net = new Map<string, number>();
      for (const h of held) net.set(h.product_id, h.quantity);
      for (const [id, quantity] of wanted) net.set(id, (net.get(id) ?? 0) - quantity);
      const shortfalls: Shortfall[] = [];
      const changes: StockChange[] = [];
      const reserved: Held[] = [];
      // In id order, so two intents touching the same products lock their rows in the same order (no deadlock).
      for (const id of [...net.keys()].sort()) {
        const delta = net.get(id)!;
        const taken = wanted.get(id) ?? 0;
        if (delta === 0) {
          if (taken > 0 && (await this.isTracked(manager, id))) reserved.push({ product_id: id, quantity: taken });
          continue;
        }
        const [row] = await updated<{ before: number; after: number }>(
          manager,
          `UPDATE catalog_items SET stock_quantity = stock_quantity + $2
           WHERE id = $1 AND stock_quantity IS NOT NULL AND stock_quantity + $2 >= 0
           RETURNING stock_quantity - $2 AS before, stock_quantity AS after`,
          [id, delta],
        );
        if (row) {
          changes.push({ productId: id, before: row.before, after: row.after });
          if (taken > 0) reserved.push({ product_id: id, quantity: taken });
          continue;
        }
        const [product]: { name: string; stock_quantity: number | null }[] = await manager.query(
          `SELECT name, stock_quantity FROM catalog_items WHERE id = $1`,
          [id],
        );
        // Not tracked, or no longer sold (pricing refuses those with its own message): nothing to hold.
        if (!product || product.stock_quantity === null) continue;
        shortfalls.push({ name: product.name, asked: taken, available: product.stock_quantity + (net.get(id)! + taken) });
      }
      if (shortfalls.length > 0) {
        throw new ConflictError('out_of_stock', outOfStockMessage(shortfalls), { unavailable: shortfalls });
      }
      await manager.query(`DELETE FROM stock_reservations WHERE payment_intent_id = $1`, [paymentIntentId]);
      const expiresAt = new Date(Date.now() + minutes * 60_000);
      if (reserved.length > 0) {
        await manager.query(
          `INSERT INTO stock_reservations (payment_intent_id, product_id, quantity, expires_at)
           SELECT $1, r.product_id, r.quantity, $3 FROM jsonb_to_recordset($2::jsonb) AS r(product_id uuid, quantity int)`,
          [paymentIntentId, JSON.stringify(reserved), expiresAt],
        );
      }
      await this.announce(manager, changes);
      return { paymentIntentId, lines: reserved.map((r) => ({ productId: r.product_id, quantity: r.quantity })), expiresAt: expiresAt.toISOString() };
    });
  }

  /** What an unpaid intent holds goes back (the intent was cancelled, failed, or its reservation expired). */
  async release({ paymentIntentId, withinMinutes }: ReleaseStockRequest): Promise<StockReleased> {
    if (withinMinutes !== undefined) {
      const shortened = await updated(
        this.dataSource.manager,
        `UPDATE stock_reservations SET expires_at = least(expires_at, now() + make_interval(mins => $2))
         WHERE payment_intent_id = $1 AND state = 'held' RETURNING 1`,
        [paymentIntentId, withinMinutes],
      );
      return { paymentIntentId, released: false, held: shortened.length > 0 };
    }
    return commitWithEvents(this.dataSource, this.outbox, async (manager) => {
      await this.lockIntent(manager, paymentIntentId);
      const held = await updated<Held>(
        manager,
        `UPDATE stock_reservations SET state = 'released' WHERE payment_intent_id = $1 AND state = 'held' RETURNING product_id, quantity`,
        [paymentIntentId],
      );
      const changes: StockChange[] = [];
      for (const h of held.sort((a, b) => a.product_id.localeCompare(b.product_id))) {
        const change = await this.add(manager, h.product_id, h.quantity);
        if (change) changes.push(change);
      }
      await this.announce(manager, changes);
      return { paymentIntentId, released: held.length > 0, held: false };
    });
  }

  /**
   * The intent was paid: what it holds is sold, one `sale` movement per product. A reservation released before the
   * payment arrived (expired, or a failed attempt the buyer then retried) is taken again if the units are there; if
   * they are not, the sale is recorded with what could be taken and staff are told in the log (ADR 0032).
   */
  async sell(manager: EntityManager, paymentIntentId: string, orderNumber: string): Promise<StockChange[]> {
    await this.lockIntent(manager, paymentIntentId);
    const sold = await updated<Held>(
      manager,
      `UPDATE stock_reservations SET state = 'sold' WHERE payment_intent_id = $1 AND state = 'held' RETURNING product_id, quantity`,
      [paymentIntentId],
    );
    const changes: StockChange[] = [];
    for (const s of sold) {
      const [{ stock_quantity }]: { stock_quantity: number | null }[] = await manager.query(`SELECT stock_quantity FROM catalog_items WHERE id = $1`, [
        s.product_id,
      ]);
      await this.recordMovement(manager, s.product_id, 'sale', -s.quantity, stock_quantity, null, orderNumber);
    }
    const late = await updated<Held>(
      manager,
      `UPDATE stock_reservations SET state = 'sold' WHERE payment_intent_id = $1 AND state = 'released' RETURNING product_id, quantity`,
      [paymentIntentId],
    );
    for (const l of late.sort((a, b) => a.product_id.localeCompare(b.product_id))) {
      const [row] = await updated<{ before: number; after: number }>(
        manager,
        `WITH was AS (SELECT stock_quantity FROM catalog_items WHERE id = $1 AND stock_quantity IS NOT NULL FOR UPDATE)
         UPDATE catalog_items c SET stock_quantity = c.stock_quantity - least(c.stock_quantity, $2) FROM was
         WHERE c.id = $1 RETURNING was.stock_quantity AS before, c.stock_quantity AS after`,
        [l.product_id, l.quantity],
      );
      if (!row) continue;
      const taken = row.before - row.after;
      if (taken < l.quantity) {
        this.logger.error(
          { productId: l.product_id, orderNumber, short: l.quantity - taken },
          'a payment arrived after its reservation was released and the units were sold meanwhile',
        );
      }
      changes.push({ productId: l.product_id, before: row.before, after: row.after });
      await this.recordMovement(manager, l.product_id, 'sale', -taken, row.after, null, orderNumber);
    }
    await this.announce(manager, changes);
    return changes;
  }

  /** Units of a paid order come back (an admin restocked refunded lines or cancelled the order). */
  async restock(manager: EntityManager, event: OrderRestockedEvent): Promise<StockChange[]> {
    const changes: StockChange[] = [];
    const lines = [...event.lines].filter((l) => UUID.test(l.productId) && l.quantity > 0).sort((a, b) => a.productId.localeCompare(b.productId));
    for (const line of lines) {
      const change = await this.add(manager, line.productId, line.quantity);
      if (!change) continue;
      changes.push(change);
      await this.recordMovement(
        manager,
        line.productId,
        event.reason === 'refund' ? 'refund_restock' : 'cancel_restock',
        line.quantity,
        change.after,
        null,
        event.orderNumber,
      );
    }
    await this.announce(manager, changes);
    return changes;
  }

  /** Releases reservations whose time ran out; each intent under its lock, so replicas sweeping together release once. */
  async releaseExpired(limit = 100): Promise<number> {
    const due: { payment_intent_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT payment_intent_id FROM stock_reservations WHERE state = 'held' AND expires_at < now() LIMIT $1`,
      [limit],
    );
    for (const { payment_intent_id } of due) await this.release({ paymentIntentId: payment_intent_id });
    return due.length;
  }

  async movements({ productId, page, pageSize }: StockMovementsRequest): Promise<StockMovementsPage> {
    if (!UUID.test(productId)) throw new NotFoundError('product', productId);
    const [exists]: unknown[] = await this.dataSource.query(`SELECT 1 FROM catalog_items WHERE id = $1`, [productId]);
    if (!exists) throw new NotFoundError('product', productId);
    const [[{ total }], rows]: [[{ total: number }], MovementRow[]] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM stock_movements WHERE product_id = $1`, [productId]),
      this.dataSource.query(
        `SELECT id, reason, delta, quantity_after, actor, order_number, created_at FROM stock_movements WHERE product_id = $1
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [productId, pageSize, (page - 1) * pageSize],
      ),
    ]);
    return { items: rows.map(toMovement), total, page, pageSize };
  }

  /** An admin's change, in the caller's transaction (the product's row is locked by the caller). */
  async recordMovement(
    manager: EntityManager,
    productId: string,
    reason: StockMovementReason,
    delta: number,
    quantityAfter: number | null,
    actor: string | null,
    orderNumber: string | null,
  ) {
    await manager.query(`INSERT INTO stock_movements (product_id, reason, delta, quantity_after, actor, order_number) VALUES ($1, $2, $3, $4, $5, $6)`, [
      productId,
      reason,
      delta,
      quantityAfter,
      actor,
      orderNumber,
    ]);
  }

  /** Tells the store's copies which products' counts changed, and whoever should hear of it (ADR 0050). */
  async announce(manager: EntityManager, changes: StockChange[]) {
    for (const change of changes) {
      await recordEvent(manager, CatalogEvents.itemStockChanged, { itemId: change.productId, kind: 'product' });
    }
    await this.alert(manager, changes);
  }

  /**
   * What changed counts tell people (ADR 0050), in the transaction that changed them, so the mail is recorded with the
   * change or not at all. Staff: one guarded statement on the product's row both decides the low-stock alert and
   * re-arms it: `low_stock_alerted` flips to true only on the write that first finds the count at or under the
   * threshold, and back to false once it is above it (or no longer tracked). Two sales crossing the line together are
   * serialised by the row's lock, and the second finds the flag already set. Visitors: a count that was 0 and is not.
   */
  async alert(manager: EntityManager, changes: StockChange[]) {
    for (const change of changes) {
      const [flipped] = await updated<{ alerted: boolean; quantity: number | null }>(
        manager,
        `UPDATE catalog_items SET low_stock_alerted = (stock_quantity IS NOT NULL AND stock_quantity <= $2)
         WHERE id = $1 AND kind = 'product' AND low_stock_alerted <> (stock_quantity IS NOT NULL AND stock_quantity <= $2)
         RETURNING low_stock_alerted AS alerted, stock_quantity AS quantity`,
        [change.productId, getLowStockThreshold()],
      );
      if (flipped?.alerted) await recordEvent(manager, CatalogStockEvents.ranLow, { productId: change.productId, quantity: flipped.quantity! });
      if (comesBack(change.before, change.after)) await recordEvent(manager, CatalogStockEvents.cameBack, { productId: change.productId });
    }
  }

  private async add(manager: EntityManager, productId: string, quantity: number): Promise<StockChange | null> {
    const [row] = await updated<{ before: number; after: number }>(
      manager,
      `UPDATE catalog_items SET stock_quantity = stock_quantity + $2 WHERE id = $1 AND stock_quantity IS NOT NULL
       RETURNING stock_quantity - $2 AS before, stock_quantity AS after`,
      [productId, quantity],
    );
    return row ? { productId, before: row.before, after: row.after } : null;
  }

  private async isTracked(manager: EntityManager, productId: string): Promise<boolean> {
    const [row]: { tracked: boolean }[] = await manager.query(`SELECT stock_quantity IS NOT NULL AS tracked FROM catalog_items WHERE id = $1`, [productId]);
    return row?.tracked ?? false;
  }

  private async lockIntent(manager: EntityManager, paymentIntentId: string) {
    await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RESERVATION_LOCKS, paymentIntentId]);
  }
}

/** The rows an UPDATE … RETURNING gave back (TypeORM answers such a statement with [rows, count] on Postgres). */
async function updated<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, params)) as [T[], number];
  return rows;
}

const toMovement = (row: MovementRow): StockMovement => ({
  id: row.id,
  reason: row.reason,
  delta: row.delta,
  quantityAfter: row.quantity_after,
  actor: row.actor,
  orderNumber: row.order_number,
  createdAt: row.created_at.toISOString(),
});
