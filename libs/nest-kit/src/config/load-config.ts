import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables against a schema and fails fast with every problem listed.
 * Services call this only from their own `config.ts`.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return result.data;
}

/** Common env keys every service reads. */
export const baseServiceEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // may carry the service's bus credentials: nats://<service>:<password>@host:port (see natsConnectOptions)
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222').refine(isNatsUrl, 'NATS_URL must look like nats://[user:password@]host:port'),
  HTTP_PORT: z.coerce.number().int().min(0).max(65535),
  HTTP_HOST: z.string().min(1).default('0.0.0.0'),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  // How long JetStream waits for an event consumer's ack before it delivers the event again (to a restarted process).
  EVENT_ACK_WAIT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // Copies JetStream keeps of the EVENTS stream: 1 on one server, 3 on the production cluster (ADR 0070). A copy per
  // server at most, and JetStream allows up to 5.
  NATS_STREAM_REPLICAS: z.coerce
    .number({ message: 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (1 on one NATS server, 3 on a 3-node cluster)' })
    .int('NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (1 on one NATS server, 3 on a 3-node cluster)')
    .min(1, 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (1 on one NATS server, 3 on a 3-node cluster)')
    .max(5, 'NATS_STREAM_REPLICAS must be a whole number from 1 to 5 (1 on one NATS server, 3 on a 3-node cluster)')
    .default(1),
};

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An IANA time zone name (what `Intl` accepts), e.g. America/New_York; `name` is the variable, for the message. */
export const ianaTimeZone = (name: string) =>
  z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, `${name} must be an IANA time zone, e.g. America/New_York`);

/** Like {@link booleanFromEnv}, but undefined when the variable is not set, so "explicitly false" can be told apart. */
export const optionalBooleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
/** One nats:// or tls:// address, or a comma-separated list of them (a cluster). */
function isNatsUrl(value: string): boolean {
  return value.split(',').every((one) => {
    if (!URL.canParse(one.trim())) return false;
    const url = new URL(one.trim());
    return ['nats:', 'tls:'].includes(url.protocol) && url.host !== '';
  });
}
