import type { BackInStockAccepted, BackInStockRequest, BackInStockUnsubscribed } from '@km/contracts/catalog';
import { ConflictError, NotFoundError } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many waiting addresses one claim takes; a product with more is claimed in turns. */
const CLAIM_BATCH = 500;

/** The answer to every accepted request, whether or not the address was already waiting, so nobody learns who waits (ADR 0050). */
export const BACK_IN_STOCK_ACCEPTED = 'Thank you. We will email you once when it is back in stock, and that is all.';

/** An address claimed for its one mail: the row, and the secret of its unsubscribe link. */
export interface ClaimedRequest {
  id: string;
  email: string;
  token: string;
}

/**
 * "Email me when it's back" (ADR 0050): the addresses waiting for an out-of-stock product, each mailed once when it
 * comes back (a guarded claim per row), and the unsubscribe link that forgets an address.
 */
@Injectable()
export class BackInStockService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds the address to the product's list. Only a tracked product that is out of stock has a list: an unknown product
   * is a 404, one in stock or not counted a 409 that says so. An address already waiting is left as it is; one mailed
   * before waits again.
   */
  async subscribe({ productId, email }: BackInStockRequest): Promise<BackInStockAccepted> {
    if (!UUID.test(productId)) throw new NotFoundError('product', productId);
    const [product]: { stock_quantity: number | null; name: string }[] = await this.dataSource.query(
      `SELECT stock_quantity, name FROM catalog_items WHERE id = $1 AND kind = 'product'`,
      [productId],
    );
    if (!product) throw new NotFoundError('product', productId);
    if (product.stock_quantity === null) {
      throw new ConflictError(
        'not_tracked',
        `We do not count the stock of "${product.name}", so we cannot tell you when it is back. Please contact us about it.`,
      );
    }
    if (product.stock_quantity > 0) throw new ConflictError('in_stock', `"${product.name}" is in stock now: you can add it to your cart.`);
    await this.dataSource.query(
      `INSERT INTO back_in_stock_requests (product_id, email, token) VALUES ($1, $2, $3)
       ON CONFLICT (product_id, email) DO UPDATE SET notified_at = NULL WHERE back_in_stock_requests.notified_at IS NOT NULL`,
      [productId, email, randomBytes(32).toString('base64url')],
    );
    return { message: BACK_IN_STOCK_ACCEPTED };
  }

  /**
   * Forgets the address on every list (the link's row names it). A second tap, or a token that is not ours, finds
   * nothing: the answer says so without naming anyone.
   */
  async unsubscribe(token: string): Promise<BackInStockUnsubscribed> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM back_in_stock_requests WHERE email = (SELECT email FROM back_in_stock_requests WHERE token = $1) RETURNING email`,
      [token],
    )) as [{ email: string }[], number];
    return { email: rows[0]?.email ?? null };
  }

  /**
   * Claims the next addresses waiting for the product, each once: the UPDATE takes only rows still unclaimed, and
   * rows another claim holds are skipped, so two consumers (or a repeated event) never claim one address twice. The
   * claim commits with the caller's transaction, with the mails it queues keyed by row.
   */
  async claimWaiting(manager: EntityManager, productId: string): Promise<ClaimedRequest[]> {
    const [rows] = (await manager.query(
      `UPDATE back_in_stock_requests SET notified_at = now()
       WHERE id IN (SELECT id FROM back_in_stock_requests WHERE product_id = $1 AND notified_at IS NULL
                    ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND notified_at IS NULL
       RETURNING id, email, token`,
      [productId, CLAIM_BATCH],
    )) as [ClaimedRequest[], number];
    return rows;
  }
}
