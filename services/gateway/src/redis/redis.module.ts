import { Global, Inject, Injectable, Module, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

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
            const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
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
