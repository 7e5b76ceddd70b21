import { baseProductionRules, baseServiceConfig, baseServiceEnv, booleanFromEnv, loadConfig, refuseInProduction } from '@km/nest-kit';
import { jobsEnv, jobsProductionRules, jobsSettingsFromEnv } from '@km/nest-kit/jobs';
import { mailEnv, mailProductionRules, mailSettingsFromEnv } from '@km/nest-kit/mail';
import { checkStorageEnv, storageEnv, storageOptionsFrom } from '@km/nest-kit/storage';
import { z } from 'zod';

export const mediaConfigSchema = z
  .object({
    ...baseServiceEnv,
    ...storageEnv,
    ...jobsEnv,
    ...mailEnv,
    DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (postgres://…/media)'),
    PUBLIC_ORIGIN: z.url('PUBLIC_ORIGIN must be the site address, e.g. https://kingdommarketplace.example').optional(),
    SEED_DEMO: booleanFromEnv,
    // The RSS feed's channel (GET /feeds/podcast.xml): what Apple Podcasts and PSP-1 show for the show.
    PODCAST_TITLE: z.string().trim().min(1).max(255).default('Kingdom Marketplace Podcast'),
    PODCAST_DESCRIPTION: z
      .string()
      .trim()
      .min(1)
      .max(4000)
      .default('Conversations on faith, purpose, business and community with Kingdom-minded creators, entrepreneurs and ministry leaders.'),
    PODCAST_AUTHOR: z.string().trim().min(1).max(255).default('Kingdom Marketplace'),
    PODCAST_OWNER_EMAIL: z.email('PODCAST_OWNER_EMAIL must be an email address').default('podcast@kingdommarketplace.example'),
    PODCAST_CATEGORY: z.string().trim().min(1).default('Religion & Spirituality'),
    PODCAST_SUBCATEGORY: z.string().trim().optional(),
    PODCAST_EXPLICIT: booleanFromEnv,
    PODCAST_LANGUAGE: z
      .string()
      .regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/i, 'PODCAST_LANGUAGE must be a language code like en-us')
      .default('en-us'),
    PODCAST_IMAGE_URL: z.string().trim().min(1).default('/podcast-cover.jpg'),
    PODCAST_GUID: z.uuid('PODCAST_GUID must be a UUID').optional(),
    PODCAST_LOCKED: z.enum(['true', 'false'], { error: 'PODCAST_LOCKED must be true or false' }).default('true'),
  })
  .superRefine((env, ctx) => {
    checkStorageEnv(env, ctx);
    refuseInProduction(env, ctx, { ...baseProductionRules, ...jobsProductionRules, ...mailProductionRules, DATABASE_URL: 'url' });
    // Links in emails (episodes, unsubscribe) must point at the real site.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'PUBLIC_ORIGIN is required in production (links in emails point there)' });
    }
  })
  .transform((env) => ({
    ...baseServiceConfig(env),
    databaseUrl: env.DATABASE_URL,
    storage: storageOptionsFrom(env),
    jobs: jobsSettingsFromEnv(env),
    mail: mailSettingsFromEnv(env),
    publicOrigin: new URL(env.PUBLIC_ORIGIN ?? 'http://localhost:3000').origin,
    /** Fill an empty podcast with demo episodes (small generated media) at start. */
    seedDemo: env.SEED_DEMO,
    feed: {
      title: env.PODCAST_TITLE,
      description: env.PODCAST_DESCRIPTION,
      author: env.PODCAST_AUTHOR,
      ownerName: env.PODCAST_AUTHOR,
      ownerEmail: env.PODCAST_OWNER_EMAIL,
      category: env.PODCAST_CATEGORY,
      subcategory: env.PODCAST_SUBCATEGORY ?? 'Christianity',
      explicit: env.PODCAST_EXPLICIT,
      language: env.PODCAST_LANGUAGE.toLowerCase(),
      imageUrl: env.PODCAST_IMAGE_URL,
      guid: env.PODCAST_GUID ?? null,
      locked: env.PODCAST_LOCKED === 'true',
    },
  }));

export type MediaConfig = z.infer<typeof mediaConfigSchema>;

export const loadMediaConfig = (env: Record<string, string | undefined> = process.env): MediaConfig => loadConfig(mediaConfigSchema, env);
