import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export interface NatsConnectOptions {
  servers: string[];
  name: string;
  user?: string;
  pass?: string;
  inboxPrefix?: string;
}

/**
 * Connection options for `NATS_URL`, which may carry the service's bus credentials (`nats://user:pass@host:port`).
 * The credentials move into `user`/`pass` so the server address the client logs and reports never holds the
 * password, and replies come to the user's own inbox (`_INBOX.<user>.…`), the only one its permissions let it read.
 */
export function natsConnectOptions(url: string, name: string): NatsConnectOptions {
  // A cluster is a comma-separated list; the credentials are the first ones given.
  const parsed = url.split(',').map((one) => new URL(one.trim()));
  const withUser = parsed.find((u) => u.username);
  const servers = parsed.map((u) => `${u.protocol}//${u.host}`);
  if (!withUser) return { servers, name };
  const user = decodeURIComponent(withUser.username);
  return { servers, name, user, pass: decodeURIComponent(withUser.password), inboxPrefix: `_INBOX.${user}` };
}

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ ...natsConnectOptions(url, name), maxReconnectAttempts: -1, reconnectTimeWait: 500 });
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
