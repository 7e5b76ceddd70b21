import { Module } from '@nestjs/common';
import { MemberSavingsConsumer } from './member-savings.consumer';

/** Member Savings: the member discounts of paid orders. */
@Module({ providers: [MemberSavingsConsumer] })
export class SavingsModule {}
