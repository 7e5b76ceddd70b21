import type { NatsConnection } from 'nats';
import type Redis from 'ioredis';
import type { ReadinessCheck } from '@km/nest-kit';

export const gatewayReadinessChecks = (redis: Redis, nc: NatsConnection): ReadinessCheck[] => [
  { name: 'redis', check: async () => void (await redis.ping()) },
  { name: 'nats', check: async () => (nc.isClosed() ? 'connection closed' : void (await nc.flush())) },
];
