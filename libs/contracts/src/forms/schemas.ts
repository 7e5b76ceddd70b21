import { z } from 'zod';
import {
  CONTACT_SUBJECTS,
  GENRES,
  HOW_HEARD_ABOUT_US,
  INBOX_STATUSES,
  MANUSCRIPT_STATUSES,
  PRAYER_NAME_DISPLAYS,
  PRAYER_REQUEST_TYPES,
  PREFERRED_CONTACTS,
  PUBLISHING_BUDGETS,
  PUBLISHING_HEAR_ABOUT_US,
  PUBLISHING_SERVICES,
  PUBLISHING_TIMELINES,
  type PublishingService,
} from '../vocabulary/forms';
import { isBlank, requiredEmail, unsubscribeToken } from '../common/fields';

/** Manuscripts (ARCHITECTURE §10): PDF or DOCX up to 50 MB, kept private under this prefix. */
export const MANUSCRIPT_PREFIX = 'media/manuscripts';
export const MANUSCRIPT_MAX_BYTES = 50 * 1024 * 1024;
export const MANUSCRIPT_CONTENT_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as const;

const MAX_WORD_COUNT = 10_000_000;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** What an empty input sends ('' or nothing) is stored as null. */
const optionalText = (field: string, max: number) =>
  z
    .union([z.string().trim().max(max, `${field} must be at most ${max} characters`), z.null()], { error: `${field} must be text` })
    .optional()
    .transform((value) => value || null);

const requiredChoice = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: (issue) => (isBlank(issue.input) ? `${field} is required` : `${field} must be one of ${values.join(', ')}`) });

/** An unselected select sends '' or nothing: stored as null. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()], { error: `${field} must be one of ${values.join(', ')}` })
    .optional()
    .transform((value): T[number] | null => value || null);

const flag = (field: string) =>
  z
    .boolean({ error: `${field} must be true or false` })
    .optional()
    .default(false);

const mustAccept = (field: string, what: string) => z.literal(true, { error: `${field} must be true: please accept the ${what} to continue` });

const WORD_COUNT_MESSAGE = 'wordCount must be a whole number of 0 or more';
/** A number, or the text a number input or a person types ("42000", "42,000"). */
const wordCountValue = z.union(
  [
    z.number().int(WORD_COUNT_MESSAGE).min(0, WORD_COUNT_MESSAGE).max(MAX_WORD_COUNT, `wordCount must be at most ${MAX_WORD_COUNT}`),
    z
      .string()
      .trim()
      .regex(/^(\d+|\d{1,3}(,\d{3})+)$/, WORD_COUNT_MESSAGE)
      .transform((text) => Number(text.replace(/,/g, '')))
      .pipe(z.number().max(MAX_WORD_COUNT, `wordCount must be at most ${MAX_WORD_COUNT}`)),
  ],
  { error: (issue) => (isBlank(issue.input) ? 'wordCount is required' : WORD_COUNT_MESSAGE) },
);
const optionalWordCount = z
  .union([wordCountValue, z.literal(''), z.null()], { error: WORD_COUNT_MESSAGE })
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

const SERVICES_MESSAGE = `servicesNeeded must be a list of these services: ${PUBLISHING_SERVICES.join(', ')}`;
const servicesNeeded = z
  .array(z.unknown(), { error: SERVICES_MESSAGE })
  .refine((items) => items.every((item) => (PUBLISHING_SERVICES as readonly unknown[]).includes(item)), SERVICES_MESSAGE)
  .transform((items) => [...new Set(items as PublishingService[])])
  .optional()
  .transform((items) => items ?? []);

/** POST /api/contact-messages (spec §2 Contact form, §5). */
export const contactMessageSchema = z.object({
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  email: requiredEmail(),
  phone: optionalText('phone', 40),
  subject: requiredChoice('subject', CONTACT_SUBJECTS),
  message: requiredText('message', 5000),
  howHeardAboutUs: optionalChoice('howHeardAboutUs', HOW_HEARD_ABOUT_US),
  wantsNewsletter: flag('wantsNewsletter'),
  privacyAccepted: mustAccept('privacyAccepted', 'privacy policy'),
});
export type ContactMessageData = z.infer<typeof contactMessageSchema>;

/** POST /api/prayer-requests (spec §2 Prayer form, §5; the full field list of §3). */
export const prayerRequestSchema = z
  .object({
    firstName: requiredText('firstName', 100),
    lastName: optionalText('lastName', 100),
    email: requiredEmail(),
    phone: optionalText('phone', 40),
    requestType: requiredChoice('requestType', PRAYER_REQUEST_TYPES),
    prayerRequest: requiredText('prayerRequest', 5000),
    preferredContact: optionalChoice('preferredContact', PREFERRED_CONTACTS).transform((value) => value ?? 'email'),
    isUrgent: flag('isUrgent'),
    allowSharing: flag('allowSharing'),
    /** Asked only when allowSharing is ticked (ADR 0042); "Anonymous" unless the author chose their initial. */
    shareNameAs: optionalChoice('shareNameAs', PRAYER_NAME_DISPLAYS).transform((value) => value ?? 'anonymous'),
    confidentialityAccepted: mustAccept('confidentialityAccepted', 'confidentiality agreement'),
  })
  .superRefine((request, ctx) => {
    // The prayer team cannot call or text back without a number.
    if ((request.preferredContact === 'phone' || request.preferredContact === 'text') && !request.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: `phone is required when preferredContact is ${request.preferredContact}` });
    }
  });
export type PrayerRequestData = z.infer<typeof prayerRequestSchema>;

/** POST /api/publishing-inquiries (spec §3 Publishing inquiry, §5). */
export const publishingInquirySchema = z.object({
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  email: requiredEmail(),
  phone: optionalText('phone', 40),
  bookTitle: requiredText('bookTitle', 200),
  genre: requiredChoice('genre', GENRES),
  manuscriptStatus: requiredChoice('manuscriptStatus', MANUSCRIPT_STATUSES),
  wordCount: optionalWordCount,
  previouslyPublished: flag('previouslyPublished'),
  servicesNeeded,
  bookDescription: requiredText('bookDescription', 5000),
  publishingGoals: requiredText('publishingGoals', 5000),
  timeline: optionalChoice('timeline', PUBLISHING_TIMELINES),
  budget: optionalChoice('budget', PUBLISHING_BUDGETS),
  hearAboutUs: optionalChoice('hearAboutUs', PUBLISHING_HEAR_ABOUT_US),
});
export type PublishingInquiryData = z.infer<typeof publishingInquirySchema>;

/**
 * The text fields of POST /api/book-submissions (multipart; the manuscript travels as the file field `manuscript`:
 * PDF or DOCX, checked from its content, at most 50 MB; too large is a 413, another type a 415).
 */
export const bookSubmissionFieldsSchema = z.object({
  authorName: requiredText('authorName', 200),
  email: requiredEmail(),
  bookTitle: requiredText('bookTitle', 200),
  genre: requiredChoice('genre', GENRES),
  wordCount: wordCountValue,
  targetAudience: requiredText('targetAudience', 500),
  synopsis: requiredText('synopsis', 10_000),
});
export type BookSubmissionFields = z.infer<typeof bookSubmissionFieldsSchema>;

/** A manuscript the gateway has stored; its type was checked from its content. */
export const manuscriptFileSchema = z.object({
  key: z.string().regex(/^media\/manuscripts\/[0-9a-f-]{36}\.(pdf|docx)$/, 'manuscript.key must be a media/manuscripts/<uuid>.<pdf|docx> key'),
  filename: z
    .string()
    .min(1, 'manuscript.filename is required')
    .max(255, 'manuscript.filename must be at most 255 characters')
    .regex(/^[^/\\\u0000-\u001f\u007f]+$/, 'manuscript.filename must be a plain file name'),
  size: z.number().int().min(1, 'manuscript.size must be at least 1 byte').max(MANUSCRIPT_MAX_BYTES, 'manuscript.size must be at most 50 MB'),
  contentType: z.enum(MANUSCRIPT_CONTENT_TYPES, { error: `manuscript.contentType must be one of ${MANUSCRIPT_CONTENT_TYPES.join(', ')}` }),
});
export type ManuscriptFile = z.infer<typeof manuscriptFileSchema>;

export const createBookSubmissionSchema = bookSubmissionFieldsSchema.extend({ manuscript: manuscriptFileSchema });
export type CreateBookSubmissionRequest = z.infer<typeof createBookSubmissionSchema>;

/** POST /api/newsletter-subscriptions. Addresses are kept in lower case, so one address is one subscription. */
export const newsletterSubscribeSchema = z.object({ email: requiredEmail().transform((email) => email.toLowerCase()) });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeSchema>;

export const newsletterUnsubscribeSchema = z.object({ token: unsubscribeToken() });

/** PATCH /api/<inbox>/:id */
export const setStatusSchema = z.object({ status: requiredChoice('status', INBOX_STATUSES) });
export type SetStatusBody = z.infer<typeof setStatusSchema>;

/**
 * The largest admin page. The longest submission (a publishing inquiry: about 11,000 characters of text) is about
 * 34 KB of JSON in 3-byte characters, so 25 of them stay under NATS's 1 MB message limit with room to spare.
 */
export const INBOX_MAX_PAGE_SIZE = 25;
/** A page of an admin list when the query names no pageSize (or no page at all). */
export const INBOX_DEFAULT_PAGE_SIZE = 25;
const PAGE_MESSAGE = 'page must be a whole number from 1';
const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`;
/** Query of the admin lists: one page, newest first; page 1 of INBOX_DEFAULT_PAGE_SIZE when not given. */
export const inboxListQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, 'page must be at most 1000000').optional(),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(INBOX_MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .optional(),
});
export type InboxListRequest = z.infer<typeof inboxListQuerySchema>;

/** Any string: an id that is not a uuid is simply not found. */
export const inboxRefSchema = z.object({ id: z.string().max(200) });
export type InboxRef = z.infer<typeof inboxRefSchema>;

export const setInboxStatusSchema = inboxRefSchema.extend(setStatusSchema.shape);
export type SetInboxStatusRequest = z.infer<typeof setInboxStatusSchema>;
