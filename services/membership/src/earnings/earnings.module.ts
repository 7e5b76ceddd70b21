import { Module } from '@nestjs/common';
import { EarningsHandlers } from './earnings.handlers';
import { EarningsStatements } from './earnings-statements';

/** What each calendar year paid each member: statements and the 1099-NEC export (ADR 0061). */
@Module({
  controllers: [EarningsHandlers],
  providers: [EarningsStatements],
})
export class EarningsModule {}
