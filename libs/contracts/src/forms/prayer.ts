import { z } from 'zod';
import {
  PRAYER_REQUEST_TYPES,
  PRAYER_STATES,
  type PrayerModeration,
  type PrayerNameDisplay,
  type PrayerRequestType,
  type PrayerState,
} from '../vocabulary/forms';

/*
 * The prayer ministry (ADR 0042): the public wall, the prayer team's session and moderation, and the requester's own
 * page reached from the digest's link.
 */

const UUID_MESSAGE = 'id must be the id of a prayer request';
const requestId = z.string({ error: UUID_MESSAGE }).max(200, UUID_MESSAGE);

/** The wall's largest page: 20 cards of at most 1,000 characters each. */
export const PRAYER_WALL_PAGE_SIZE = 20;
/** Text shown on the wall is cut here (the stored request may be up to 5,000 characters). */
export const PRAYER_WALL_TEXT_MAX = 1000;
const PAGE_MESSAGE = 'page must be a whole number from 1 to 1000';

/** GET /api/prayer-wall and /api/prayer-wall/praise. */
export const prayerWallQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1000, PAGE_MESSAGE).optional().default(1),
  type: z
    .union([z.enum(PRAYER_REQUEST_TYPES), z.literal('')], { error: `type must be one of ${PRAYER_REQUEST_TYPES.join(', ')}` })
    .optional()
    .transform((value) => value || undefined),
});
export type PrayerWallQuery = z.infer<typeof prayerWallQuerySchema>;
export const prayerWallListSchema = prayerWallQuerySchema.extend({ section: z.enum(['requests', 'praise']) });

/** A visitor's "I prayed" or flag: the gateway's hash of address and user agent, never the address itself. */
export const prayerWallActSchema = z.object({ id: requestId, visitor: z.string().regex(/^[0-9a-f]{64}$/) });

/** One card of the wall: nothing that names or reaches the author beyond the initial they chose to show. */
export interface PrayerWallCard {
  id: string;
  /** "R." or "Anonymous". */
  name: string;
  requestType: PrayerRequestType;
  text: string;
  prayedCount: number;
  submittedAt: string;
  /** Praise section only: what the author wrote when they marked it answered. */
  answer?: string;
  answeredAt?: string;
}

export interface PrayerWallPage {
  items: PrayerWallCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PrayedResult {
  id: string;
  prayedCount: number;
  /** False when this visitor's prayer was already counted in the last 24 hours. */
  counted: boolean;
}

export interface FlagResult {
  id: string;
  flagged: true;
}

/* ── The prayer team ─────────────────────────────────────────────────────────────────────────────────────────── */

/** Who on the team did it: the signed-in user, filled in by the gateway. */
const teamMember = z.object({ userId: z.uuid(), username: z.string().min(1).max(64) });

/** POST /api/prayer-team/session/next: the next request to pray for, skipping the ones skipped this session. */
export const prayerSessionNextBodySchema = z.object({
  skip: z.array(z.string().max(200), { error: 'skip must be a list of request ids' }).max(200, 'skip may name at most 200 requests').optional().default([]),
});
export const prayerSessionNextSchema = prayerSessionNextBodySchema;

/** POST /api/prayer-team/requests/:id/prayed */
export const teamPrayedBodySchema = z.object({
  note: z
    .union([z.string().trim().max(2000, 'note must be at most 2000 characters'), z.null()], { error: 'note must be text' })
    .optional()
    .transform((value) => value || null),
});
export const teamPrayedSchema = teamPrayedBodySchema.extend({ id: requestId, by: teamMember });

/** POST /api/prayer-team/requests/:id/moderation */
export const moderateBodySchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
});
export const moderateSchema = moderateBodySchema.extend({ id: requestId, by: teamMember });

/** PATCH /api/prayer-team/requests/:id/state */
export const setPrayerStateBodySchema = z.object({ state: z.enum(PRAYER_STATES, { error: `state must be one of ${PRAYER_STATES.join(', ')}` }) });
export const setPrayerStateSchema = setPrayerStateBodySchema.extend({ id: requestId });

export const prayerQueueSchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1000, PAGE_MESSAGE).optional().default(1),
});

/** What the team sees of a request: everything the author sent, its state, and how it has been prayed for. */
export interface TeamPrayerRequest {
  id: string;
  firstName: string;
  requestType: PrayerRequestType;
  prayerRequest: string;
  isUrgent: boolean;
  allowSharing: boolean;
  state: PrayerState;
  moderation: PrayerModeration;
  flagged: boolean;
  prayedCount: number;
  submittedAt: string;
  expiresAt: string;
  /** The team's prayers and notes, newest first (at most 20). */
  prayers: { by: string | null; at: string; note: string | null; fromWall: boolean }[];
}

export interface PrayerQueuePage {
  items: TeamPrayerRequest[];
  total: number;
}

/* ── The requester's page (the digest's link; the token is the only key) ───────────────────────────────────── */

export const PRAYER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const token = z
  .string({ error: 'token is required: use the link from your prayer email' })
  .regex(PRAYER_TOKEN_PATTERN, 'token is not valid: use the link from your prayer email');
export const prayerTokenSchema = z.object({ token });

/** POST /api/prayer-requests/mine/:id: what the author may do with their own request. */
export const ownerActionBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('update'),
      prayerRequest: z.string().trim().min(1, 'prayerRequest is required').max(5000, 'prayerRequest must be at most 5000 characters'),
    }),
    z.object({
      action: z.literal('answer'),
      answer: z.string().trim().min(1, 'answer is required: tell us what happened').max(2000, 'answer must be at most 2000 characters'),
      sharePraise: z.boolean({ error: 'sharePraise must be true or false' }).optional().default(false),
    }),
    z.object({ action: z.literal('renew') }),
    z.object({ action: z.literal('withdraw-sharing') }),
    z.object({ action: z.literal('take-down') }),
  ],
  { error: 'action must be one of update, answer, renew, withdraw-sharing, take-down' },
);
export type OwnerActionBody = z.infer<typeof ownerActionBodySchema>;
export const ownerActionSchema = z.object({ token, id: requestId, change: ownerActionBodySchema });

/** The author's own view: their words, never anyone else's. */
export interface OwnPrayerRequest {
  id: string;
  requestType: PrayerRequestType;
  prayerRequest: string;
  state: PrayerState;
  allowSharing: boolean;
  shareNameAs: PrayerNameDisplay;
  onWall: boolean;
  prayedCount: number;
  submittedAt: string;
  expiresAt: string;
  answer: string | null;
  takenDown: boolean;
}

export interface OwnPrayerRequests {
  email: string;
  digest: boolean;
  items: OwnPrayerRequest[];
}
