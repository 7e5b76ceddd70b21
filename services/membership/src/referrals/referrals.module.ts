import { Module } from '@nestjs/common';
import { HeldCommissionsHandlers } from './held-commissions.handlers';
import { HeldCommissionsRepository } from './held-commissions.repository';

/** Referrals and commissions held for an admin's review (ADR 0028). */
@Module({
  controllers: [HeldCommissionsHandlers],
  providers: [HeldCommissionsRepository],
})
export class ReferralsModule {}
