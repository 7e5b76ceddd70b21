import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type BaseServiceConfig } from '../config/service-config';
import { openDataSource, postgresOptions, type DatabaseOptions } from '../database/database';
import { RpcErrorFilter } from '../errors/rpc-error.filter';
import { HealthModule } from '../health/health.module';
import { createLogger } from '../logging/logger';
import { NATS_CONNECTION, NatsConnectionModule } from '../nats/nats-connection';
import { RequestIdInterceptor } from '../nats/request-id.interceptor';
import { HandledEvent, OutboxEvent } from '../outbox/outbox-event.entity';
import { CreateOutboxTables1763700000000 } from '../outbox/outbox.migration';
import { OutboxRelay } from '../outbox/outbox-relay';
import { EventConsumerKit } from '../outbox/consumer-service';
import { SERVICE_LOGGER } from './service-logger';

export { SERVICE_LOGGER };

export interface ServiceKitOptions extends Omit<DatabaseOptions, 'url' | 'entities'> {
  name: string;
  /** Entities no module declares with {@link ServiceKitModule.forFeature}; a service split into modules leaves it out. */
  entities?: DatabaseOptions['entities'];
  /** The service's parsed config: NATS, log level and database come from it, and it is injected as `SERVICE_CONFIG`. */
  config: BaseServiceConfig & { databaseUrl: string };
}

@Injectable()
export class OutboxRelayRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly relay: OutboxRelay;
  constructor(
    dataSource: DataSource,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(SERVICE_LOGGER) logger: Logger,
    @Inject(SERVICE_CONFIG) config: BaseServiceConfig,
  ) {
    this.relay = new OutboxRelay({ dataSource, nc, logger, streamReplicas: config.streamReplicas });
  }
  async onApplicationBootstrap() {
    await this.relay.start();
  }
  async onApplicationShutdown() {
    await this.relay.stop();
  }
}

/**
 * Everything a domain service shares: its config (as `SERVICE_CONFIG`), its Postgres database (migrations at start,
 * outbox tables included), a NATS connection, the outbox relay, `/health` and `/ready`,
 * request ids from message headers, and errors serialised for the caller.
 */
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    const { natsUrl, logLevel, databaseUrl } = options.config;
    const entities = [...((options.entities ?? []) as Function[]), OutboxEvent, HandledEvent];
    const migrations = [CreateOutboxTables1763700000000, ...(options.migrations as Function[])];
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        NatsConnectionModule.forRoot(natsUrl, options.name),
        TypeOrmModule.forRootAsync({
          // The entities of every module's forFeature join the data source too.
          useFactory: () => ({ ...postgresOptions({ url: databaseUrl, entities, migrations }), autoLoadEntities: true }),
          dataSourceFactory: (dataSourceOptions) => openDataSource(dataSourceOptions!),
        }),
        HealthModule.forRoot({
          inject: [DataSource, NATS_CONNECTION],
          useFactory: (dataSource: DataSource, nc: NatsConnection) => [
            { name: 'database', check: async () => void (await dataSource.query('SELECT 1')) },
            { name: 'nats', check: async () => (nc.isClosed() ? 'connection closed' : void (await nc.flush())) },
          ],
        }),
      ],
      providers: [
        { provide: SERVICE_CONFIG, useValue: options.config },
        { provide: SERVICE_LOGGER, useValue: createLogger(options.name, logLevel) },
        OutboxRelayRunner,
        EventConsumerKit,
        { provide: APP_INTERCEPTOR, useClass: RequestIdInterceptor },
        { provide: APP_FILTER, useClass: RpcErrorFilter },
      ],
      exports: [SERVICE_CONFIG, SERVICE_LOGGER, OutboxRelayRunner, EventConsumerKit],
    };
  }

  /**
   * A module's own entities (TypeORM's `forFeature`): they join the service's one data source, so a service split into
   * one module per aggregate declares each entity in the module that owns its table and lists none in
   * {@link ServiceKitModule.forRoot}.
   */
  static forFeature(entities: Function[]): DynamicModule {
    return TypeOrmModule.forFeature(entities);
  }
}
