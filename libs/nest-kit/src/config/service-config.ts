import type { z } from 'zod';
import type { baseServiceEnv } from './load-config';

/** The one provider token under which every service's parsed config is injected: `@Inject(SERVICE_CONFIG)`. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

type BaseServiceEnv = z.infer<z.ZodObject<typeof baseServiceEnv>>;

/** What every service's config starts with; each `config.ts` spreads it into its transform. */
export interface BaseServiceConfig {
  env: BaseServiceEnv['NODE_ENV'];
  logLevel: BaseServiceEnv['LOG_LEVEL'];
  natsUrl: string;
  httpPort: number;
  httpHost: string;
  rpcTimeoutMs: number;
  /** JetStream's ack wait for the service's event consumers: an event a killed process had taken comes again after it. */
  eventAckWaitMs: number;
  /** Copies of the EVENTS stream JetStream keeps (ADR 0070): 1 locally, 3 on the production cluster. */
  streamReplicas: number;
}

/** The shared half of a service's config transform: the parsed {@link baseServiceEnv} keys under their config names. */
export function baseServiceConfig(env: BaseServiceEnv): BaseServiceConfig {
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    natsUrl: env.NATS_URL,
    httpPort: env.HTTP_PORT,
    httpHost: env.HTTP_HOST,
    rpcTimeoutMs: env.RPC_TIMEOUT_MS,
    eventAckWaitMs: env.EVENT_ACK_WAIT_MS,
    streamReplicas: env.NATS_STREAM_REPLICAS,
  };
}
