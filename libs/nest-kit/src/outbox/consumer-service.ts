import type { EventType, TypedEvent } from '@km/contracts';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVICE_CONFIG, type BaseServiceConfig } from '../config/service-config';
import { NATS_CONNECTION } from '../nats/nats-connection';
import { SERVICE_LOGGER } from '../service/service-logger';
import { EventConsumer, type EventConsumerOptions } from './event-consumer';

/** What every event consumer of a service runs on; one injectable instead of three constructor parameters. */
@Injectable()
export class EventConsumerKit {
  constructor(
    readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) readonly nc: NatsConnection,
    @Inject(SERVICE_LOGGER) readonly logger: Logger,
    @Inject(SERVICE_CONFIG) private readonly config: BaseServiceConfig,
  ) {}

  get ackWaitMs(): number {
    return this.config.eventAckWaitMs;
  }

  get streamReplicas(): number {
    return this.config.streamReplicas;
  }
}

/**
 * A provider that consumes events for the app's lifetime: started at bootstrap, stopped at shutdown. A subclass
 * names its durable consumer and event types and implements `handle`.
 */
export abstract class ConsumerService<T extends EventType> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly consumer: EventConsumer<T>;
  protected readonly logger: Logger;

  constructor(kit: EventConsumerKit, options: Pick<EventConsumerOptions<T>, 'durable' | 'types' | 'maxDeliver'>) {
    this.logger = kit.logger;
    this.consumer = new EventConsumer<T>({
      ...options,
      ackWaitMs: kit.ackWaitMs,
      streamReplicas: kit.streamReplicas,
      dataSource: kit.dataSource,
      nc: kit.nc,
      logger: kit.logger,
      handle: (event, manager) => this.handle(event, manager),
    });
  }

  /** Handles one event in the transaction that also records it as handled. */
  protected abstract handle(event: TypedEvent<T>, manager: EntityManager): Promise<void>;

  async onApplicationBootstrap() {
    await this.consumer.start();
  }

  async onApplicationShutdown() {
    await this.consumer.stop();
  }
}
