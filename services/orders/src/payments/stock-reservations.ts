import { CatalogSubjects } from '@km/contracts';
import { RpcClient, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { PricedCart } from '../pricing/cart-pricing';

/** Minutes a reservation stays after a failed attempt: the buyer may try another card on the same intent (ADR 0032). */
export const FAILED_ATTEMPT_GRACE_MINUTES = 10;

/**
 * What orders tells the catalog about a payment intent's stock (ADR 0032): the catalog owns the counts and decides;
 * orders only asks, by payment intent, so every call is safe to repeat.
 */
@Injectable()
export class StockReservations {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Holds the cart for the intent, replacing what it held; a conflict (`out_of_stock`) names what is left. */
  async reserve(paymentIntentId: string, cart: PricedCart): Promise<void> {
    await this.rpc.send(CatalogSubjects.reserveStock, {
      paymentIntentId,
      lines: cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, productName: line.productName })),
    });
  }

  /**
   * The intent can no longer be paid (cancelled): what it held goes back now. After a failed attempt it can, so the
   * hold is only shortened. Best effort: the catalog's sweep releases an expired hold when this message is lost.
   */
  async release(paymentIntentId: string, reason: 'cancelled' | 'failed'): Promise<void> {
    const withinMinutes = reason === 'failed' ? FAILED_ATTEMPT_GRACE_MINUTES : undefined;
    await this.rpc.send(CatalogSubjects.releaseStock, { paymentIntentId, withinMinutes }).catch((error) => {
      this.logger.warn({ err: error, paymentIntentId, reason }, 'could not tell the catalog to release stock; its sweep releases it when it expires');
    });
  }
}
