import {
  baseProductionRules,
  baseServiceConfig,
  baseServiceEnv,
  loadConfig,
  optionalBooleanFromEnv,
  refuseInProduction,
  refuseInsecureCookies,
  stripeModeEnv,
} from '@km/nest-kit';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import path from 'node:path';
import { z } from 'zod';
import { PODCAST_APP_ENV, PODCAST_APPS } from '@km/contracts';
import { featuredVideoEmbedUrl } from './media/featured-video';

/** An optional https:// address; empty means unset. */
const httpsAddress = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), { message: `${name} must be an https:// address, or empty` })
    .transform((value) => value || undefined)
    .optional();

const origin = z.url().transform((u) => new URL(u).origin);

/** One host of the show as the feed names it (Podcasting 2.0 `podcast:person`, ADR 0069). */
const podcastHostSchema = z.strictObject({
  name: z.string().trim().min(1).max(128),
  href: z.url({ protocol: /^https$/ }).optional(),
  img: z.url({ protocol: /^https$/ }).optional(),
});
export type PodcastHost = z.infer<typeof podcastHostSchema>;

export const gatewayConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    ...stripeModeEnv,
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    PUBLIC_ORIGIN: origin.optional(),
    ALLOWED_ORIGINS: z.string().default(''),
    COOKIE_SECURE: optionalBooleanFromEnv,
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '../../../../web/dist')),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    // How far one replica may run ahead of Redis for one address (default: 2 % of the limit) and how often every
    // replica's counts go to Redis (ADR 0012).
    RATE_LIMIT_SYNC_BATCH: z.coerce.number().int().positive().optional(),
    RATE_LIMIT_SYNC_MS: z.coerce.number().int().positive().default(1000),
    // Requests slower than this are logged like errors (at info); the others only at debug.
    LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(500),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    LOGIN_SLOWDOWN_AFTER_FAILURES: z.coerce.number().int().min(0).default(10),
    LOGIN_SLOWDOWN_MAX_MS: z.coerce.number().int().min(0).default(3000),
    // Wrong TOTP or recovery codes (and current passwords) per account per LOGIN_WINDOW_SECONDS, then 429.
    SECOND_FACTOR_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    RATE_LIMIT_FORMS_PER_HOUR: z.coerce.number().int().positive().default(20),
    RATE_LIMIT_MEMBER_LINKS_PER_HOUR: z.coerce.number().int().positive().default(3),
    // ADR 0012: /feeds/* per address and minute; anonymous manuscript uploads (≤ 50 MB each) per address and per hour
    // from every visitor together.
    RATE_LIMIT_FEEDS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** The prayer wall (ADR 0042): "I prayed" taps per address per minute, flags per address per hour. */
    RATE_LIMIT_PRAYED_PER_MINUTE: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_PRAYER_FLAGS_PER_HOUR: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_MANUSCRIPTS_PER_HOUR: z.coerce.number().int().positive().default(5),
    RATE_LIMIT_MANUSCRIPTS_TOTAL_PER_HOUR: z.coerce.number().int().positive().default(100),
    // Keys the visitor hash of play and download counting (media/visitor.ts); the same on every replica, and kept at
    // least 24 hours (a new key starts every visitor's window afresh).
    VISITOR_HASH_KEY: z
      .string()
      .min(32, 'VISITOR_HASH_KEY must be at least 32 characters (e.g. openssl rand -hex 32)')
      .default('visitor-hash-key-dev-only-0123456789abcdef'),
    STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    // The organisation's profiles elsewhere (Facebook, Instagram, YouTube pages …), comma-separated: the pages'
    // structured data lists them as `sameAs`. Unset: none is claimed.
    SOCIAL_PROFILE_URLS: z
      .string()
      .default('')
      .transform((list, ctx) => {
        const urls = list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        for (const url of urls)
          if (!/^https:\/\/[^\s]+$/.test(url)) ctx.addIssue({ code: 'custom', message: `SOCIAL_PROFILE_URLS: ${url} is not an https:// address` });
        return urls;
      }),
    // "Follow in your app" (ADR 0046): the show's page in each listening app; unset or empty: that app is not shown.
    PODCAST_APPLE_URL: httpsAddress('PODCAST_APPLE_URL'),
    PODCAST_SPOTIFY_URL: httpsAddress('PODCAST_SPOTIFY_URL'),
    PODCAST_OVERCAST_URL: httpsAddress('PODCAST_OVERCAST_URL'),
    PODCAST_POCKET_CASTS_URL: httpsAddress('PODCAST_POCKET_CASTS_URL'),
    // The show's hosts for the feed's podcast:person (ADR 0069): a JSON list of {"name", "href"?, "img"?} (https
    // addresses). Empty or unset: no person is named.
    PODCAST_HOSTS: z
      .string()
      .trim()
      .default('')
      .transform((text, ctx) => {
        if (text === '') return [];
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'PODCAST_HOSTS must be JSON: a list of {"name": …, "href"?: "https://…", "img"?: "https://…"}, or empty' });
          return z.NEVER;
        }
        const hosts = z.array(podcastHostSchema).max(20).safeParse(json);
        if (!hosts.success) {
          const where = hosts.error.issues.map((i) => `${i.path.join('.') || 'the list'}: ${i.message}`).join('; ');
          ctx.addIssue({ code: 'custom', message: `PODCAST_HOSTS must be a list of {"name", "href"?, "img"?} with https addresses (${where})` });
          return z.NEVER;
        }
        return hosts.data;
      }),
    RATE_LIMIT_CHECKOUT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    // Order lookups by number and email (POST /api/order-lookups) per address and hour (ADR 0036).
    RATE_LIMIT_ORDER_LOOKUPS_PER_HOUR: z.coerce.number().int().positive().default(20),
    CHECKOUT_RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    // Local copies of stored media on this gateway's disk (media/media-copies.ts, ADR 0023): a directory of its own
    // (emptied at start; unset: a fresh temporary one) and how many megabytes of copies it may keep (0: none).
    MEDIA_CACHE_DIR: z.string().trim().min(1).optional(),
    MEDIA_CACHE_MB: z.coerce.number().int().min(0).default(1024),
    // The podcast page's featured video: a YouTube or Vimeo address instead of the newest video episode.
    PODCAST_FEATURED_VIDEO_URL: z
      .string()
      .trim()
      .transform((address, ctx) => {
        if (address === '') return undefined;
        const embed = featuredVideoEmbedUrl(address);
        if (!embed)
          ctx.addIssue({
            code: 'custom',
            message:
              'PODCAST_FEATURED_VIDEO_URL must be the https address of a YouTube or Vimeo video (e.g. https://www.youtube.com/watch?v=…, https://vimeo.com/…), or empty',
          });
        return embed;
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    checkStorageEnv(env, ctx);
    refuseInProduction(env, ctx, { ...baseProductionRules, REDIS_URL: 'url', STRIPE_PUBLISHABLE_KEY: 'stripe-key', VISITOR_HASH_KEY: 'secret' });
    // Required: without it cookies silently lose Secure and HSTS is off, so production never guesses it.
    refuseInProduction(env, ctx, { PUBLIC_ORIGIN: 'required' });
    refuseInsecureCookies({ NODE_ENV: env.NODE_ENV, publicOrigin: env.PUBLIC_ORIGIN, cookieSecure: env.COOKIE_SECURE }, ctx);
  })
  .transform((env) => {
    const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.HTTP_PORT}`;
    const extra = env.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin);
    return {
      ...baseServiceConfig(env),
      redisUrl: env.REDIS_URL,
      publicOrigin,
      allowedOrigins: [publicOrigin, ...extra],
      cookieSecure: env.COOKIE_SECURE === true || publicOrigin.startsWith('https:'),
      trustProxy: env.TRUST_PROXY,
      webDistDir: env.WEB_DIST_DIR,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      /** All replicas together admit at most limit + replicas × syncBatch − 1 requests per address and minute. */
      rateLimitSync: { batch: env.RATE_LIMIT_SYNC_BATCH ?? Math.max(1, Math.ceil(env.RATE_LIMIT_PER_MINUTE / 50)), everyMs: env.RATE_LIMIT_SYNC_MS },
      slowRequestMs: env.LOG_SLOW_REQUEST_MS,
      login: {
        maxFailures: env.LOGIN_MAX_FAILURES,
        windowSeconds: env.LOGIN_WINDOW_SECONDS,
        /** Failed sign-ins (any usernames) plus registrations per client IP per window: password spraying. */
        maxAttemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
        /** Failures for one username across all addresses before each further attempt is delayed (never refused). */
        slowdownAfterFailures: env.LOGIN_SLOWDOWN_AFTER_FAILURES,
        slowdownMaxMs: env.LOGIN_SLOWDOWN_MAX_MS,
      },
      /** Wrong second-factor codes or current passwords per user per login window before 429. */
      secondFactor: { maxFailures: env.SECOND_FACTOR_MAX_FAILURES },
      /** Form submissions (contact, prayer, publishing, books, newsletter) per client IP per hour, all kinds together. */
      rateLimitFormsPerHour: env.RATE_LIMIT_FORMS_PER_HOUR,
      /** Sign-in links mailed to one member's address per hour; more requests answer the same and mail nothing. */
      memberLinksPerHour: env.RATE_LIMIT_MEMBER_LINKS_PER_HOUR,
      /** /feeds/* requests (feed and enclosures) per client network per minute. */
      rateLimitFeedsPerMinute: env.RATE_LIMIT_FEEDS_PER_MINUTE,
      /** Anonymous manuscript uploads per client network per hour, and from every visitor together per hour. */
      prayerWall: { prayedPerMinute: env.RATE_LIMIT_PRAYED_PER_MINUTE, flagsPerHour: env.RATE_LIMIT_PRAYER_FLAGS_PER_HOUR },
      manuscriptUploads: { perAddressPerHour: env.RATE_LIMIT_MANUSCRIPTS_PER_HOUR, totalPerHour: env.RATE_LIMIT_MANUSCRIPTS_TOTAL_PER_HOUR },
      visitorHashKey: env.VISITOR_HASH_KEY,
      stripeJsOrigin: new URL(env.STRIPE_JS_URL).origin,
      /** What the SPA loads Stripe.js with (GET /api/config/payments, which answers 503 while the key is unset). */
      payments: { stripeJsUrl: env.STRIPE_JS_URL, publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null },
      /** create-payment-intent and order creation together, per client IP per minute. */
      rateLimitCheckoutPerMinute: env.RATE_LIMIT_CHECKOUT_PER_MINUTE,
      /** Order lookups (number + email) per client network per hour, right or wrong (ADR 0036). */
      rateLimitOrderLookupsPerHour: env.RATE_LIMIT_ORDER_LOOKUPS_PER_HOUR,
      /** Checkout requests wait on the catalog and Stripe, so they get longer than other NATS requests. */
      checkoutRpcTimeoutMs: env.CHECKOUT_RPC_TIMEOUT_MS,
      /** The podcast page's featured video as an embed address (YouTube or Vimeo), or null for the newest video episode. */
      podcast: {
        featuredVideoEmbedUrl: env.PODCAST_FEATURED_VIDEO_URL ?? null,
        /** The show's hosts, named in the feed as podcast:person role="host" (ADR 0069). */
        hosts: env.PODCAST_HOSTS,
        /** The show's page in each listening app configured, in PODCAST_APPS order (ADR 0046). */
        followLinks: PODCAST_APPS.flatMap((app) => {
          const url = env[PODCAST_APP_ENV[app]];
          return url ? [{ app, url }] : [];
        }),
      },
      /** The organisation's profiles elsewhere, for the pages' structured data (`sameAs`). */
      socialProfiles: env.SOCIAL_PROFILE_URLS,
      /** Copies of stored media kept on local disk for Range reads; `dir` null: a temporary directory of its own. */
      mediaCache: { dir: env.MEDIA_CACHE_DIR ?? null, maxBytes: env.MEDIA_CACHE_MB * 1024 * 1024 },
      /** Uploads are streamed here and `/media/*` is served from here. */
      storage: storageOptionsFrom(env),
    };
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env): GatewayConfig => loadConfig(gatewayConfigSchema, env);
