import { MEMBERSHIP_PRICE_CENTS } from '@km/contracts';
import { SERVICE_CONFIG } from '@km/nest-kit';
import { STRIPE } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { MembershipConfig } from '../config';
import { SOURCE, SOURCE_KEY } from './stripe-metadata';

/**
 * The $5.00/month Price, found by its lookup key or made once (fixed idempotency keys, so two replicas starting
 * together make one). A Price with the key but another amount or interval is refused rather than charged.
 */
@Injectable()
export class MembershipPrice {
  private price?: Promise<string>;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
  ) {}

  id(): Promise<string> {
    this.price ??= this.findOrCreate().catch((error: unknown) => {
      this.price = undefined; // a failed lookup is tried again next time
      throw error;
    });
    return this.price;
  }

  private async findOrCreate(): Promise<string> {
    const key = this.config.stripe.priceLookupKey;
    const [found] = (await this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })).data;
    if (found) {
      if (found.unit_amount !== MEMBERSHIP_PRICE_CENTS || found.currency !== 'usd' || found.recurring?.interval !== 'month')
        throw new Error(`Stripe price ${found.id} (lookup key ${key}) is not $5.00 per month; fix it in Stripe or set another lookup key`);
      return found.id;
    }
    const product = await this.stripe.products.create(
      { name: 'Marketshare membership', metadata: { [SOURCE_KEY]: SOURCE } },
      { idempotencyKey: `km-membership-product-${key}` },
    );
    const price = await this.stripe.prices.create(
      { product: product.id, currency: 'usd', unit_amount: MEMBERSHIP_PRICE_CENTS, recurring: { interval: 'month' }, lookup_key: key },
      { idempotencyKey: `km-membership-price-${key}` },
    );
    return price.id;
  }
}
