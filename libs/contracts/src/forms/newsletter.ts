import { z } from 'zod';
import { newsletterSubscribeSchema } from './schemas';
import { NEWSLETTER_AUDIENCES, type NewsletterAudience } from '../vocabulary/forms';

/** Where a newsletter address came from (ADR 0055); `legacy` marks addresses subscribed before double opt-in. */
export const NEWSLETTER_SOURCES = ['footer', 'contact', 'podcast'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number] | 'legacy';

/**
 * A signed confirmation link's token (ADR 0055): the subscription's id, when it expires (Unix seconds) and an
 * HMAC-SHA256 of both with the address, base64url.
 */
export const CONFIRM_TOKEN_PATTERN = /^[0-9a-f-]{36}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;
export const newsletterConfirmSchema = z.object({
  token: z
    .string({ error: 'token is required: use the confirmation link from the email we sent you' })
    .regex(CONFIRM_TOKEN_PATTERN, 'token is not a valid confirmation token: use the confirmation link from the email we sent you'),
});

/** What forms is asked to subscribe: the address and where the visitor asked (the footer form by default). */
export const newsletterSubscribeRequestSchema = newsletterSubscribeSchema.extend({
  source: z.enum(NEWSLETTER_SOURCES, { error: `source must be one of ${NEWSLETTER_SOURCES.join(', ')}` }).default('footer'),
});

export interface NewsletterConfirmResult {
  email: string;
  confirmedAt: string;
}

export { NEWSLETTER_AUDIENCES, NEWSLETTER_AUDIENCE_LABELS, type NewsletterAudience } from '../vocabulary/forms';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const campaignText = (field: string, max: number, min = 1) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** What an admin writes; the featured block names a catalog item by id, or the latest podcast episode. */
export const campaignDraftSchema = z.object({
  subject: campaignText('subject', 150),
  preheader: z.string().trim().max(200, 'preheader must be at most 200 characters').default(''),
  bodyMarkdown: campaignText('bodyMarkdown', 50_000),
  audience: z.enum(NEWSLETTER_AUDIENCES, { error: `audience must be one of ${NEWSLETTER_AUDIENCES.join(', ')}` }).default('all'),
  featured: z
    .discriminatedUnion(
      'kind',
      [z.object({ kind: z.literal('product'), id: z.uuid('featured.id must be a product id') }), z.object({ kind: z.literal('episode') })],
      {
        error: 'featured.kind must be product or episode',
      },
    )
    .nullable()
    .default(null),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

export const campaignRefSchema = z.object({ id: z.uuid('id must be a campaign id') });
export const campaignUpdateSchema = campaignRefSchema.extend({ draft: campaignDraftSchema });
export const campaignTestSchema = campaignRefSchema.extend({ to: z.email('to must be an email address') });
/** POST /api/admin/newsletter/campaigns/:id/schedule: when, and the time zone the admin chose it in (shown back). */
export const campaignScheduleBodySchema = z.object({
  at: z.iso.datetime({ offset: true, error: 'at must be a date and time with its offset, e.g. 2026-12-01T09:00:00-05:00' }),
  timeZone: z
    .string({ error: 'timeZone is required (e.g. America/Chicago)' })
    .trim()
    .min(1, 'timeZone is required (e.g. America/Chicago)')
    .max(64, 'timeZone must be at most 64 characters'),
});
export const campaignScheduleSchema = campaignRefSchema.extend(campaignScheduleBodySchema.shape);
export const campaignListSchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(25) });

/** What a featured block shows, copied when the campaign is saved. */
export interface FeaturedBlock {
  kind: 'product' | 'episode';
  title: string;
  summary: string;
  /** A path on the site, e.g. /products/… or /podcast/12-… */
  path: string;
  label: string;
}

export interface CampaignCounts {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
  /** Recipients whose server refused the address for good (a 5xx): never sent to again (ADR 0072). */
  bounced: number;
}

export interface NewsletterCampaign {
  id: string;
  subject: string;
  preheader: string;
  bodyMarkdown: string;
  audience: NewsletterAudience;
  featured: FeaturedBlock | null;
  status: CampaignStatus;
  scheduledAt: string | null;
  timeZone: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  counts: CampaignCounts;
  /** The episode this campaign announces (sent by itself when the episode was published, ADR 0072), or null. */
  episodeId: string | null;
  /** The last reasons deliveries failed, for the report. */
  failures: { email: string; error: string }[];
}

export interface CampaignPreview {
  subject: string;
  html: string;
  text: string;
}
