import { RateLimitedError } from '@km/nest-kit';
import { Global, Module, type ExecutionContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import assert from 'node:assert/strict';
import type Redis from 'ioredis';
import { loadGatewayConfig, type GatewayConfig } from '../config';
import { REDIS } from '../redis/redis.module';
import { CheckoutBudget, CheckoutBudgetGuard } from './budget-guards';
import { RateLimitModule } from './rate-limit.module';

/** A Redis that counts the pipelines sent to it (INCRBY and PEXPIRE, as the address budget sends them). */
function countingRedis() {
  const values = new Map<string, number>();
  const state = { pipelines: 0 };
  const redis = {
    // rate-limiter-flexible defines its script when RateLimits is made; these tests never call it.
    defineCommand() {},
    pipeline() {
      const ops: (() => [null, unknown])[] = [];
      const pipeline = {
        incrby(key: string, by: number) {
          ops.push(() => (values.set(key, (values.get(key) ?? 0) + by), [null, values.get(key)]));
          return pipeline;
        },
        pexpire() {
          ops.push(() => [null, 1]);
          return pipeline;
        },
        async exec() {
          state.pipelines++;
          return ops.map((op) => op());
        },
      };
      return pipeline;
    },
  };
  return { redis: redis as unknown as Redis, state };
}

const config = (perMinute: number) => ({ rateLimitCheckoutPerMinute: perMinute, rateLimitSync: { batch: 1, everyMs: 60_000 } }) as GatewayConfig;
const from = (ip: string) => ({ switchToHttp: () => ({ getRequest: () => ({ ip }) }) }) as unknown as ExecutionContext;

test('checkout requests within a batch are admitted without a Redis round trip (issue 14: one per request was a quarter of the gateway’s CPU per checkout)', async () => {
  const { redis, state } = countingRedis();
  const budget = new CheckoutBudget(redis, config(1000)); // batch 20
  const guard = new CheckoutBudgetGuard(budget);
  for (let i = 0; i < 20; i++) assert.equal(await guard.canActivate(from('10.0.0.1')), true);
  assert.equal(state.pipelines, 0);
  await budget.onModuleDestroy();
  assert.equal(state.pipelines, 1);
});

test('the guards the orders and membership modules each make share one budget: an address gets exactly the limit from one gateway', async () => {
  const { redis } = countingRedis();
  // Each area module makes its own guard (as Nest does for @UseGuards); RateLimitModule provides the one budget.
  @Global()
  @Module({ providers: [{ provide: REDIS, useValue: redis }], exports: [REDIS] })
  class TestRedisModule {}
  @Module({ providers: [CheckoutBudgetGuard] })
  class OrdersArea {}
  @Module({ providers: [CheckoutBudgetGuard] })
  class MembershipArea {}
  @Module({
    imports: [
      TestRedisModule,
      RateLimitModule.forRoot(loadGatewayConfig({ RATE_LIMIT_CHECKOUT_PER_MINUTE: '2', RATE_LIMIT_SYNC_MS: '60000' })),
      OrdersArea,
      MembershipArea,
    ],
  })
  class Gateway {}
  const app = await NestFactory.createApplicationContext(Gateway, { logger: false, abortOnError: false });
  const orders = app.select(OrdersArea).get(CheckoutBudgetGuard, { strict: true });
  const membership = app.select(MembershipArea).get(CheckoutBudgetGuard, { strict: true });
  assert.notEqual(orders, membership, 'two guards, as two modules make them');
  assert.equal(await orders.canActivate(from('10.0.0.2')), true);
  assert.equal(await membership.canActivate(from('10.0.0.2')), true);
  await assert.rejects(
    async () => membership.canActivate(from('10.0.0.2')),
    (error: unknown) =>
      error instanceof RateLimitedError && /^Too many checkout attempts from this address\. Please wait \d+ seconds and try again\.$/.test(error.message),
  );
  assert.equal(await orders.canActivate(from('10.0.0.3')), true, 'another address is unaffected');
  await app.close();
});
