import { baseServiceEnv, booleanFromEnv, loadConfig } from '@km/nest-kit';
import path from 'node:path';
import { z } from 'zod';

const origin = z.url().transform((u) => new URL(u).origin);

export const gatewayConfigSchema = z
  .object({
    ...baseServiceEnv,
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    PUBLIC_ORIGIN: origin.optional(),
    ALLOWED_ORIGINS: z.string().default(''),
    COOKIE_SECURE: booleanFromEnv,
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '../../../../web/dist')),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
    STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  })
  .transform((env) => {
    const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.HTTP_PORT}`;
    const extra = env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean).map((o) => new URL(o).origin);
    return {
      env: env.NODE_ENV,
      logLevel: env.LOG_LEVEL,
      natsUrl: env.NATS_URL,
      httpPort: env.HTTP_PORT,
      httpHost: env.HTTP_HOST,
      rpcTimeoutMs: env.RPC_TIMEOUT_MS,
      redisUrl: env.REDIS_URL,
      publicOrigin,
      allowedOrigins: [publicOrigin, ...extra],
      cookieSecure: env.COOKIE_SECURE || publicOrigin.startsWith('https:'),
      trustProxy: env.TRUST_PROXY,
      webDistDir: env.WEB_DIST_DIR,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      login: { maxFailures: env.LOGIN_MAX_FAILURES, windowSeconds: env.LOGIN_WINDOW_SECONDS },
      stripeJsOrigin: new URL(env.STRIPE_JS_URL).origin,
    };
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig =>
  loadConfig(gatewayConfigSchema, env);
