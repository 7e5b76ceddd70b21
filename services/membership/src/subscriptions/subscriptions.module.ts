import { SERVICE_CONFIG } from '@km/nest-kit';
import { createStripeClient, STRIPE } from '@km/nest-kit/stripe';
import { Module } from '@nestjs/common';
import type { MembershipConfig } from '../config';
import { MembershipPrice } from './membership-price';

/** The Stripe side of a membership every aggregate shares: the Stripe client and the $5.00 monthly price. */
@Module({
  providers: [
    { provide: STRIPE, inject: [SERVICE_CONFIG], useFactory: (config: MembershipConfig) => createStripeClient(config.stripe, 'membership') },
    MembershipPrice,
  ],
  exports: [STRIPE, MembershipPrice],
})
export class SubscriptionsModule {}
