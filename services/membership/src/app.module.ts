import { ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { createStripeClient, STRIPE } from '@km/nest-kit/stripe';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateMembership1763700000500 } from '../migrations/1763700000500-create-membership';
import { MemberSavings1763700000501 } from '../migrations/1763700000501-member-savings';
import { Payouts1763700000502 } from '../migrations/1763700000502-payouts';
import { CommissionReversals1763700000503 } from '../migrations/1763700000503-commission-reversals';
import { ProfitBonuses1763700000504 } from '../migrations/1763700000504-profit-bonuses';
import { StoreRefunds1763700000505 } from '../migrations/1763700000505-store-refunds';
import { ReferralReview1763700000506 } from '../migrations/1763700000506-referral-review';
import { SignupBrowsers1763700000510 } from '../migrations/1763700000510-signup-browsers';
import { ProfitBonusRunner } from './bonuses/profit-bonus-runner';
import { ProfitBonusesHandlers } from './bonuses/profit-bonuses.handlers';
import { ProfitBonusesQueue } from './bonuses/profit-bonuses-queue';
import { StoreRefundsConsumer, StoreRevenueConsumer } from './bonuses/store-revenue.consumer';
import type { MembershipConfig } from './config';
import { MembershipMailer } from './mail/membership-mailer';
import { AdminMembersHandlers } from './members/admin-members.handlers';
import { MemberReadsService } from './members/member-reads.service';
import { MembersHandlers } from './members/members.handlers';
import { MembersService } from './members/members.service';
import { MembershipPrice } from './payments/membership-price';
import { CommissionReversalsService } from './payments/commission-reversals.service';
import { SubscriptionWebhooksService } from './payments/subscription-webhooks.service';
import { HeldCommissionsHandlers } from './referrals/held-commissions.handlers';
import { PayoutRunner } from './payouts/payout-runner';
import { PayoutsHandlers } from './payouts/payouts.handlers';
import { PayoutsQueue } from './payouts/payouts-queue';
import { JoinCompletionQueue } from './members/join-completion-queue';
import { MemberSavingsConsumer } from './savings/member-savings.consumer';

@Module({})
export class AppModule {
  static forRoot(config: MembershipConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        // Members, referrals and commissions are read and written with SQL (sums and guarded statements), not entities.
        ServiceKitModule.forRoot({
          name: 'membership',
          config,
          entities: [],
          migrations: [
            CreateMembership1763700000500,
            MemberSavings1763700000501,
            Payouts1763700000502,
            CommissionReversals1763700000503,
            ProfitBonuses1763700000504,
            StoreRefunds1763700000505,
            ReferralReview1763700000506,
            SignupBrowsers1763700000510,
          ],
        }),
        MailModule.forRoot(config.mail, 'membership', config.logLevel),
      ],
      controllers: [MembersHandlers, PayoutsHandlers, ProfitBonusesHandlers, AdminMembersHandlers, HeldCommissionsHandlers],
      providers: [
        { provide: STRIPE, useFactory: () => createStripeClient(config.stripe, 'membership') },
        MembershipPrice,
        MembersService,
        MemberReadsService,
        SubscriptionWebhooksService,
        CommissionReversalsService,
        MembershipMailer,
        MemberSavingsConsumer,
        PayoutRunner,
        PayoutsQueue,
        JoinCompletionQueue,
        ProfitBonusRunner,
        ProfitBonusesQueue,
        StoreRevenueConsumer,
        StoreRefundsConsumer,
      ],
    };
  }
}
