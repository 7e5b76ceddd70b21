import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { JsonLogger, createLogger } from '../logging/logger';
import { natsConnectOptions } from '../nats/nats-connection';
import { SafeServerNats } from '../nats/safe-server-nats';

export interface BootstrapServiceOptions {
  name: string;
  natsUrl: string;
  httpPort: number;
  httpHost: string;
  logLevel: string;
}

/**
 * Starts a domain service: NATS handlers (one queue group per service, so replicas
 * share the load) plus a small HTTP server for `/health` and `/ready`.
 */
export async function bootstrapService(module: DynamicModule, options: BootstrapServiceOptions): Promise<INestApplication> {
  const logger = new JsonLogger(createLogger(options.name, options.logLevel));
  const app = await NestFactory.create(module, { logger, bufferLogs: true });
  app.connectMicroservice<MicroserviceOptions>(
    {
      // Nest's NATS transport, except that a failed handler or reply can never end the process.
      strategy: new SafeServerNats({ ...natsConnectOptions(options.natsUrl, `${options.name}-handlers`), queue: options.name, maxReconnectAttempts: -1 }),
    },
    { inheritAppConfig: true },
  );
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  // Make sure the server has our subscriptions before we report ready.
  for (const microservice of app.getMicroservices()) await microservice.unwrap<NatsConnection>().flush();
  await app.listen(options.httpPort, options.httpHost);
  logger.log(`${options.name} ready: NATS handlers up, probes on :${options.httpPort}`, 'Bootstrap');
  return app;
}
