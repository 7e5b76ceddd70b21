import 'reflect-metadata';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { BaseServiceConfig } from '../config/service-config';
import { exitOnStartupFailure } from '../config/startup-failure';
import { bootstrapService } from './bootstrap-service';

export interface RunServiceOptions<Config extends BaseServiceConfig> {
  /** The service's name: its NATS queue group, its logger's name, the prefix of its startup-failure lines. */
  name: string;
  /** The service's root module for a parsed config (usually `(config) => AppModule.forRoot(config)`). */
  module: (config: Config) => DynamicModule;
  /** Reads and validates the environment; the only place that touches `process.env` (the service's `config.ts`). */
  loadConfig: () => Config;
}

/**
 * The whole `main.ts` of a domain service: loads the config, starts NATS handlers and the probes, and on any
 * startup failure prints one line per problem and exits with status 1.
 */
export function runService<Config extends BaseServiceConfig>(options: RunServiceOptions<Config>): Promise<INestApplication> {
  const start = async () => {
    const config = options.loadConfig();
    return bootstrapService(options.module(config), { ...config, name: options.name });
  };
  return start().catch(exitOnStartupFailure(options.name));
}
