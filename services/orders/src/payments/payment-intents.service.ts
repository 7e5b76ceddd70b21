import type { PaymentIntentMessage, PaymentIntentQuote } from '@km/contracts';
import { ConflictError, InvalidError, SERVICE_LOGGER } from '@km/nest-kit';
import { idempotencyKey, STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { CartPricing, type PricedCart } from '../pricing/cart-pricing';
import { INTENT_SOURCE, INTENT_SOURCE_KEY } from './intent-source';
import { StockReservations } from './stock-reservations';

/** Statuses in which Stripe still lets us change a PaymentIntent's amount. */
const AMOUNT_EDITABLE: Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

const NOT_OURS = 'paymentIntentId is not a payment this shop started. Reload the checkout page to start again.';

const PAID_FOR_ANOTHER_CART =
  'This payment was already made for a different cart or total, so it cannot pay for this one. Reload the checkout page to start a new payment for your cart.';

const CART_CHANGED = 'Your cart changed; please review the total and try again.';
/** The intent charges exactly this cart: its total, for its products, quantities and prices. */
const chargesCart = (intent: Stripe.PaymentIntent, cart: PricedCart) =>
  intent.amount === cart.totalCents && intent.metadata?.cart_fingerprint === cart.fingerprint;

@Injectable()
export class PaymentIntentsService {
  constructor(
    private readonly pricing: CartPricing,
    private readonly stock: StockReservations,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Prices the cart and creates (or, for a retry of the same checkout and cart, finds) the PaymentIntent for exactly that total. */
  async create(request: PaymentIntentMessage): Promise<PaymentIntentQuote> {
    const cart = await this.pricing.price(request.items, request.memberId);
    if (request.amount !== undefined && Number(request.amount).toFixed(2) !== cart.totals.total) {
      this.logger.info(
        { clientAmount: request.amount, serverTotal: cart.totals.total, checkoutId: request.checkoutId },
        'client amount differs from the server total; the server total is charged',
      );
    }
    const params: Stripe.PaymentIntentCreateParams = {
      amount: cart.totalCents,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      metadata: { [INTENT_SOURCE_KEY]: INTENT_SOURCE, checkout_id: request.checkoutId, cart_fingerprint: cart.fingerprint },
      ...(request.email ? { receipt_email: request.email } : {}),
    };
    // Same checkout + same request to Stripe = same key, so a retried request gets the intent back instead of a new one;
    // a changed cart or price changes the parameters and therefore the key.
    const intent = await this.stripe.paymentIntents
      .create(params, { idempotencyKey: idempotencyKey(`km-checkout-${request.checkoutId}`, params) })
      .catch((error) => this.fail(error, 'create'));
    // The buyer gets the client secret only once the catalog holds the cart for this intent (ADR 0032): a buyer who
    // lost the race for the last units is told here, before paying, and an intent without its secret cannot be paid.
    await this.stock.reserve(intent.id, cart);
    return { clientSecret: intent.client_secret!, paymentIntentId: intent.id, ...cart.totals, items: cart.lines };
  }

  /**
   * The PaymentIntent as Stripe has it now, refused unless this shop made it in USD and it is not cancelled: none of
   * which changes later, so this may be read before the intent's lock is taken (its amount may: {@link chargeExactly}).
   */
  async retrieveOurs(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentIntentId).catch((error) => {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        throw new InvalidError(NOT_OURS, { fields: [{ field: 'paymentIntentId', message: NOT_OURS }] });
      }
      return this.fail(error, 'retrieve');
    });
    if (intent.metadata?.[INTENT_SOURCE_KEY] !== INTENT_SOURCE || intent.currency !== 'usd') {
      throw new InvalidError(NOT_OURS, { fields: [{ field: 'paymentIntentId', message: NOT_OURS }] });
    }
    if (intent.status === 'canceled') throw new ConflictError('payment_cancelled', 'This payment was cancelled. Reload the checkout page to start a new one.');
    return intent;
  }

  /** The intent charges exactly this cart: its total, for its products, quantities and prices. */
  charges(intent: Stripe.PaymentIntent, cart: PricedCart): boolean {
    return chargesCart(intent, cart);
  }

  /**
   * Reads the PaymentIntent again and makes sure it charges exactly this cart's server total, for this cart. When the
   * total moved (prices or the cart changed since the intent was made) the intent is set to the new total and the
   * buyer is asked to review it; when only the cart changed at the same total, the intent is re-labelled with the new
   * cart. The caller holds the intent's lock, so no other request changes the intent between this check and its order.
   *
   * Resolves null when the order may be inserted. Once the intent is being changed, a refusal is resolved, not thrown,
   * for the caller to answer after its transaction committed: the `payment_intent_updates` row written in it must stay,
   * even when Stripe failed after it may have applied the change.
   */
  async chargeExactly(manager: EntityManager, paymentIntentId: string, cart: PricedCart): Promise<unknown> {
    const intent = await this.retrieveOurs(paymentIntentId);
    const sameAmount = intent.amount === cart.totalCents;
    if (chargesCart(intent, cart)) return null;
    if (!AMOUNT_EDITABLE.includes(intent.status)) {
      // Paid (or being paid) for another total or cart: only the cart it was made for can become its order.
      throw new ConflictError('payment_in_use', PAID_FOR_ANOTHER_CART);
    }
    // The changed cart is held for the intent before the intent is changed to charge it (ADR 0032).
    await this.stock.reserve(intent.id, cart);
    // Requests that read the intent before this lock read it again (OrdersService.createOnce).
    await manager.query('INSERT INTO payment_intent_updates (payment_intent_id) VALUES ($1) ON CONFLICT (payment_intent_id) DO UPDATE SET updated_at = now()', [
      intent.id,
    ]);
    try {
      // A fresh key per decision: setting absolute values is idempotent already, and a key derived from the cart would
      // make Stripe replay an old answer when a cart comes back after another (A → B → A) instead of applying it.
      const updated = await this.stripe.paymentIntents
        .update(
          intent.id,
          { amount: cart.totalCents, metadata: { cart_fingerprint: cart.fingerprint } },
          { idempotencyKey: `km-intent-update-${randomUUID()}` },
        )
        .catch((error) => this.fail(error, 'update'));
      if (updated.amount !== cart.totalCents || updated.metadata?.cart_fingerprint !== cart.fingerprint || !sameAmount) {
        return new ConflictError('cart_changed', CART_CHANGED, { ...cart.totals });
      }
      return null;
    } catch (error) {
      return error;
    }
  }

  private fail(error: unknown, action: string): never {
    this.logger.warn({ err: error, action }, 'Stripe request failed');
    throw stripeFailure(error);
  }
}
