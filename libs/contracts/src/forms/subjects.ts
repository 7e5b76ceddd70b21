import type { z } from 'zod';
import type {
  contactMessageSchema,
  createBookSubmissionSchema,
  inboxListQuerySchema,
  inboxRefSchema,
  ManuscriptFile,
  newsletterUnsubscribeSchema,
  prayerRequestSchema,
  publishingInquirySchema,
  setInboxStatusSchema,
} from './schemas';
import type {
  BookSubmission,
  ContactMessage,
  FormReceipt,
  FormsCounts,
  InboxPage,
  NewsletterSubscriptionResult,
  NewsletterUnsubscribeResult,
  PrayerRequest,
  PublishingInquiry,
} from './types';
import type {
  FlagResult,
  moderateSchema,
  OwnPrayerRequests,
  ownerActionSchema,
  PrayedResult,
  prayerQueueSchema,
  PrayerQueuePage,
  prayerSessionNextSchema,
  prayerTokenSchema,
  prayerWallActSchema,
  prayerWallListSchema,
  PrayerWallPage,
  setPrayerStateSchema,
  TeamPrayerRequest,
  teamPrayedSchema,
} from './prayer';
import type {
  campaignDraftSchema,
  campaignListSchema,
  CampaignPreview,
  campaignRefSchema,
  campaignScheduleSchema,
  campaignTestSchema,
  campaignUpdateSchema,
  NewsletterCampaign,
  NewsletterConfirmResult,
  newsletterConfirmSchema,
  newsletterSubscribeRequestSchema,
} from './newsletter';

/** The four admin inboxes (spec §2 Admin dashboard). */
export const INBOX_KINDS = ['contact', 'prayer', 'publishing', 'book'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

const inboxSubjects = <K extends InboxKind>(kind: K) =>
  ({
    create: `forms.${kind}.create`,
    list: `forms.${kind}.list`,
    get: `forms.${kind}.get`,
    setStatus: `forms.${kind}.set-status`,
  }) as const;

/**
 * Request/reply subjects of the forms service.
 * - <kind>.create: the validated form (CreateBookSubmissionRequest for books) → FormReceipt
 * - <kind>.list: InboxListRequest → InboxPage of the kind's admin view, newest first
 * - <kind>.get: InboxRef → the admin view (not_found for an unknown or malformed id)
 * - <kind>.setStatus: SetInboxStatusRequest → the admin view after the change
 * - bookManuscript: InboxRef → ManuscriptFile (where the manuscript is stored; never sent to browsers)
 * - newsletterSubscribe: {email} → NewsletterSubscriptionResult
 * - newsletterUnsubscribe: {token} → NewsletterUnsubscribeResult (not_found for an unknown token)
 * - newsletterConfirm: {token} → NewsletterConfirmResult (invalid for a forged or expired link, ADR 0055)
 * - counts: {} → FormsCounts
 */
export const FormsSubjects = {
  contact: inboxSubjects('contact'),
  prayer: inboxSubjects('prayer'),
  publishing: inboxSubjects('publishing'),
  book: inboxSubjects('book'),
  bookManuscript: 'forms.book.manuscript',
  newsletterSubscribe: 'forms.newsletter.subscribe',
  newsletterUnsubscribe: 'forms.newsletter.unsubscribe',
  newsletterConfirm: 'forms.newsletter.confirm',
  /** Newsletter campaigns (ADR 0057), for admins. */
  campaigns: {
    preview: 'forms.newsletter-campaigns.preview',
    create: 'forms.newsletter-campaigns.create',
    update: 'forms.newsletter-campaigns.update',
    get: 'forms.newsletter-campaigns.get',
    list: 'forms.newsletter-campaigns.list',
    test: 'forms.newsletter-campaigns.test',
    schedule: 'forms.newsletter-campaigns.schedule',
    send: 'forms.newsletter-campaigns.send',
    cancel: 'forms.newsletter-campaigns.cancel',
  },
  counts: 'forms.inbox.counts',
  /** The prayer ministry (ADR 0042): the public wall, the team, and the requester's own page. */
  prayerWall: {
    list: 'forms.prayer-wall.list',
    prayed: 'forms.prayer-wall.prayed',
    flag: 'forms.prayer-wall.flag',
  },
  prayerTeam: {
    next: 'forms.prayer-team.next',
    prayed: 'forms.prayer-team.prayed',
    queue: 'forms.prayer-team.queue',
    moderate: 'forms.prayer-team.moderate',
    setState: 'forms.prayer-team.set-state',
  },
  prayerOwner: {
    get: 'forms.prayer-owner.get',
    act: 'forms.prayer-owner.act',
    unsubscribe: 'forms.prayer-owner.unsubscribe',
  },
} as const;

/** The admin view each inbox answers with. */
export interface InboxViews {
  contact: ContactMessage;
  prayer: PrayerRequest;
  publishing: PublishingInquiry;
  book: BookSubmission;
}

/** What each inbox's create takes (the form as validated). */
interface InboxForms {
  contact: z.input<typeof contactMessageSchema>;
  prayer: z.input<typeof prayerRequestSchema>;
  publishing: z.input<typeof publishingInquirySchema>;
  book: z.input<typeof createBookSubmissionSchema>;
}

type InboxSubjectMap = {
  [K in InboxKind as `forms.${K}.create`]: { payload: InboxForms[K]; result: FormReceipt };
} & { [K in InboxKind as `forms.${K}.list`]: { payload: z.input<typeof inboxListQuerySchema>; result: InboxPage<InboxViews[K]> } } & {
  [K in InboxKind as `forms.${K}.get`]: { payload: z.input<typeof inboxRefSchema>; result: InboxViews[K] };
} & { [K in InboxKind as `forms.${K}.set-status`]: { payload: z.input<typeof setInboxStatusSchema>; result: InboxViews[K] } };

/** What each forms subject takes and answers; `RpcClient.send` reads its types from here. */
export type FormsSubjectMap = InboxSubjectMap & {
  [FormsSubjects.bookManuscript]: { payload: z.input<typeof inboxRefSchema>; result: ManuscriptFile };
  [FormsSubjects.newsletterSubscribe]: { payload: z.input<typeof newsletterSubscribeRequestSchema>; result: NewsletterSubscriptionResult };
  [FormsSubjects.newsletterConfirm]: { payload: z.input<typeof newsletterConfirmSchema>; result: NewsletterConfirmResult };
  [FormsSubjects.campaigns.preview]: { payload: z.input<typeof campaignDraftSchema>; result: CampaignPreview };
  [FormsSubjects.campaigns.create]: { payload: z.input<typeof campaignDraftSchema>; result: NewsletterCampaign };
  [FormsSubjects.campaigns.update]: { payload: z.input<typeof campaignUpdateSchema>; result: NewsletterCampaign };
  [FormsSubjects.campaigns.get]: { payload: z.input<typeof campaignRefSchema>; result: NewsletterCampaign };
  [FormsSubjects.campaigns.list]: { payload: z.input<typeof campaignListSchema>; result: NewsletterCampaign[] };
  [FormsSubjects.campaigns.test]: { payload: z.input<typeof campaignTestSchema>; result: { to: string } };
  [FormsSubjects.campaigns.schedule]: { payload: z.input<typeof campaignScheduleSchema>; result: NewsletterCampaign };
  [FormsSubjects.campaigns.send]: { payload: z.input<typeof campaignRefSchema>; result: NewsletterCampaign };
  [FormsSubjects.campaigns.cancel]: { payload: z.input<typeof campaignRefSchema>; result: NewsletterCampaign };
  [FormsSubjects.newsletterUnsubscribe]: { payload: z.input<typeof newsletterUnsubscribeSchema>; result: NewsletterUnsubscribeResult };
  [FormsSubjects.counts]: { payload: Record<string, never>; result: FormsCounts };
  [FormsSubjects.prayerWall.list]: { payload: z.input<typeof prayerWallListSchema>; result: PrayerWallPage };
  [FormsSubjects.prayerWall.prayed]: { payload: z.input<typeof prayerWallActSchema>; result: PrayedResult };
  [FormsSubjects.prayerWall.flag]: { payload: z.input<typeof prayerWallActSchema>; result: FlagResult };
  [FormsSubjects.prayerTeam.next]: { payload: z.input<typeof prayerSessionNextSchema>; result: { request: TeamPrayerRequest | null } };
  [FormsSubjects.prayerTeam.prayed]: { payload: z.input<typeof teamPrayedSchema>; result: TeamPrayerRequest };
  [FormsSubjects.prayerTeam.queue]: { payload: z.input<typeof prayerQueueSchema>; result: PrayerQueuePage };
  [FormsSubjects.prayerTeam.moderate]: { payload: z.input<typeof moderateSchema>; result: TeamPrayerRequest };
  [FormsSubjects.prayerTeam.setState]: { payload: z.input<typeof setPrayerStateSchema>; result: TeamPrayerRequest };
  [FormsSubjects.prayerOwner.get]: { payload: z.input<typeof prayerTokenSchema>; result: OwnPrayerRequests };
  [FormsSubjects.prayerOwner.act]: { payload: z.input<typeof ownerActionSchema>; result: OwnPrayerRequests };
  [FormsSubjects.prayerOwner.unsubscribe]: { payload: z.input<typeof prayerTokenSchema>; result: OwnPrayerRequests };
};
