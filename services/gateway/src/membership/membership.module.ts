import { DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { MemberSignInController } from './member-sign-in.controller';
import { MembershipWebhookController } from './membership-webhook.controller';
import { MembershipBillingController } from './membership-billing.controller';
import { MembershipController } from './membership.controller';
import { AdminMembersController } from './admin-members.controller';
import { EarningsController } from './earnings.controller';
import { PayoutRunsController } from './payout-runs.controller';
import { ProfitBonusPeriodsController } from './profit-bonus-periods.controller';

/** Marketshare: joining (counted with checkout's budget), member reads, member sign-in links, membership's Stripe endpoint, the admin's payout runs. */
@Module({})
export class MembershipModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: MembershipModule,
      controllers: [
        MembershipController,
        MembershipBillingController,
        MemberSignInController,
        MembershipWebhookController,
        PayoutRunsController,
        ProfitBonusPeriodsController,
        AdminMembersController,
        EarningsController,
      ],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
    };
  }
}
