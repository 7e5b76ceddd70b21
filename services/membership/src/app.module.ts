import { RpcModule, ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateMembership1763700000500 } from '../migrations/1763700000500-create-membership';
import { MemberSavings1763700000501 } from '../migrations/1763700000501-member-savings';
import { Payouts1763700000502 } from '../migrations/1763700000502-payouts';
import { CommissionReversals1763700000503 } from '../migrations/1763700000503-commission-reversals';
import { ProfitBonuses1763700000504 } from '../migrations/1763700000504-profit-bonuses';
import { StoreRefunds1763700000505 } from '../migrations/1763700000505-store-refunds';
import { ReferralReview1763700000506 } from '../migrations/1763700000506-referral-review';
import { SignupBrowsers1763700000510 } from '../migrations/1763700000510-signup-browsers';
import { PayoutTransfers1764100000520 } from '../migrations/1764100000520-payout-transfers';
import { PayoutRunOutcomes1764200000500 } from '../migrations/1764200000500-payout-run-outcomes';
import { MembershipCredit1764200000501 } from '../migrations/1764200000501-membership-credit';
import { EarningsModule } from './earnings/earnings.module';
import { MemberBilling1764200000520 } from '../migrations/1764200000520-member-billing';
import { BillingModule } from './billing/billing.module';
import { ProfitBonusesModule } from './bonuses/profit-bonuses.module';
import type { MembershipConfig } from './config';
import { MembershipMailModule } from './mail/membership-mail.module';
import { MembersModule } from './members/members.module';
import { PaymentsModule } from './payments/payments.module';
import { PayoutsModule } from './payouts/payouts.module';
import { ReferralsModule } from './referrals/referrals.module';
import { SavingsModule } from './savings/savings.module';
import { SignInModule } from './sign-in/sign-in.module';

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
            PayoutTransfers1764100000520,
            PayoutRunOutcomes1764200000500,
            MembershipCredit1764200000501,
            MemberBilling1764200000520,
          ],
        }),
        MailModule.forRoot(config.mail, 'membership', config.logLevel),
        RpcModule.forRoot({ natsUrl: config.natsUrl, timeoutMs: config.rpcTimeoutMs, name: 'membership' }),
        // One module per aggregate, each exporting only what another needs.
        MembersModule,
        SignInModule,
        PaymentsModule,
        BillingModule,
        ReferralsModule,
        PayoutsModule,
        ProfitBonusesModule,
        MembershipMailModule,
        SavingsModule,
        EarningsModule,
      ],
    };
  }
}
