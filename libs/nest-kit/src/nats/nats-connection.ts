import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}

/** Closes the shared raw NATS connection (JetStream, health) when the app stops. */
@Injectable()
export class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown() {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

/** A raw NATS connection (JetStream, health checks) shared by the whole app. */
@Global()
@Module({})
export class NatsConnectionModule {
  static forRoot(url: string, name: string): DynamicModule {
    return {
      module: NatsConnectionModule,
      providers: [{ provide: NATS_CONNECTION, useFactory: () => connectNats(url, name) }, NatsConnectionCloser],
      exports: [NATS_CONNECTION],
    };
  }
}
