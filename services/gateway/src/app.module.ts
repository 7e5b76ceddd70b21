import { HealthModule, NATS_CONNECTION, NatsConnectionModule, RpcModule } from '@km/nest-kit';
import { StorageModule } from '@km/nest-kit/storage';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import type { NatsConnection } from 'nats';
import type Redis from 'ioredis';
import { AuthController } from './auth/auth.controller';
import { StaffController, StaffInvitationController } from './auth/staff.controller';
import { BackInStockController, ProductsController, ServicesController } from './catalog/catalog.controller';
import { CatalogReadModelService } from './catalog/catalog-read-model.service';
import { LoginBudgetGuard, RoleGuard, SessionGuard } from './auth/guards';
import { PasswordStrategy, SessionCookieStrategy } from './auth/strategies';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { gatewayReadinessChecks } from './health/gateway-health';
import { HttpErrorFilter } from './http/http-error.filter';
import { FormsModule } from './forms/forms.module';
import { MediaController } from './media/media.controller';
import { MediaFilesModule } from './media/media-files.module';
import { MediaModule } from './media/media.module';
import { MembershipModule } from './membership/membership.module';
import { OrdersModule } from './orders/orders.module';
import { RateLimitModule } from './http/rate-limit.module';
import { REDIS, RedisModule } from './redis/redis.module';
import { PageHeads } from './seo/page-heads.service';
import { SeoController } from './seo/seo.controller';

/**
 * The routes module of every service the registry marks `gatewayRoutes`, by its registry name. Listed by import, not
 * loaded by name, so a search for a module finds where it is wired; app.module.spec.ts holds this list to the registry
 * (every such service, and no other), and `npm run new:service` adds a line here.
 */
export const SERVICE_ROUTES = {
  media: MediaModule,
  orders: OrdersModule,
  membership: MembershipModule,
  forms: FormsModule,
} as const satisfies Record<string, { forRoot(config: GatewayConfig): DynamicModule }>;

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        RedisModule.forRoot(config.redisUrl),
        RateLimitModule.forRoot(config),
        NatsConnectionModule.forRoot(config.natsUrl, 'gateway'),
        RpcModule.forRoot({ natsUrl: config.natsUrl, timeoutMs: config.rpcTimeoutMs, name: 'gateway' }),
        PassportModule,
        StorageModule.forRoot(config.storage),
        MediaFilesModule.forRoot(config),
        ...Object.values(SERVICE_ROUTES).map((routes) => routes.forRoot(config)),
        HealthModule.forRoot({
          inject: [REDIS, NATS_CONNECTION],
          useFactory: (redis: Redis, nc: NatsConnection) => gatewayReadinessChecks(redis, nc),
        }),
      ],
      controllers: [
        AuthController,
        StaffController,
        StaffInvitationController,
        ProductsController,
        ServicesController,
        BackInStockController,
        MediaController,
        SeoController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        CatalogReadModelService,
        PageHeads,
        PasswordStrategy,
        SessionCookieStrategy,
        LoginBudgetGuard,
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_GUARD, useClass: RoleGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
