import { Global, Inject, Injectable, Module, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');
/** Longer than any healthy rate-limit script takes, shorter than a person waits for a page. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        // Fail fast while Redis is down rather than queueing commands behind a hung request.
        {
          provide: REDIS,
          useFactory: async () => {
            // commandTimeout: a Redis that holds the connection open but never answers (frozen, partitioned) would
            // otherwise hang every API request in the rate limiter; the fault suite (tools/faults) found it.
            const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
            await redis.connect();
            return redis;
          },
        },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
