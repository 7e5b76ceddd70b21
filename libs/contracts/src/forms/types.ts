import type {
  CONTACT_SUBJECTS,
  GENRES,
  HOW_HEARD_ABOUT_US,
  INBOX_STATUSES,
  MANUSCRIPT_CONTENT_TYPES,
  MANUSCRIPT_STATUSES,
  PRAYER_REQUEST_TYPES,
  PREFERRED_CONTACTS,
  PUBLISHING_BUDGETS,
  PUBLISHING_HEAR_ABOUT_US,
  PUBLISHING_SERVICES,
  PUBLISHING_TIMELINES,
} from './schemas';

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export type HowHeardAboutUs = (typeof HOW_HEARD_ABOUT_US)[number];
export type PrayerRequestType = (typeof PRAYER_REQUEST_TYPES)[number];
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];
export type Genre = (typeof GENRES)[number];
export type ManuscriptStatus = (typeof MANUSCRIPT_STATUSES)[number];
export type PublishingTimeline = (typeof PUBLISHING_TIMELINES)[number];
export type PublishingBudget = (typeof PUBLISHING_BUDGETS)[number];
export type PublishingHearAboutUs = (typeof PUBLISHING_HEAR_ABOUT_US)[number];
export type PublishingService = (typeof PUBLISHING_SERVICES)[number];
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export type ManuscriptContentType = (typeof MANUSCRIPT_CONTENT_TYPES)[number];

/*
 * ── What the web sends ──────────────────────────────────────────────────────────────────────────────────────
 * JSON bodies unless noted. Text is trimmed; an optional field may be left out, sent as '' or as null (all mean
 * "not given" and come back as null). Booleans left out are false. A bad body is a 400
 * {statusCode: 400, code: 'invalid', message, details: {fields: [{field, message}]}} whose message names every
 * bad field, e.g. "email must be a valid email address; genre must be one of christian-living, theology, …".
 */

/** POST /api/contact-messages */
export interface ContactMessageRequest {
  firstName: string; // required, ≤ 100
  lastName: string; // required, ≤ 100
  email: string; // required, an email address
  phone?: string | null; // ≤ 40
  subject: ContactSubject; // required
  message: string; // required, ≤ 5000
  howHeardAboutUs?: HowHeardAboutUs | '' | null;
  /** The newsletter opt-in: true also subscribes the address to the newsletter (welcome email included). */
  wantsNewsletter?: boolean;
  /** The privacy-agreement checkbox; anything but true is a 400. */
  privacyAccepted: true;
}

/** POST /api/prayer-requests */
export interface PrayerRequestRequest {
  firstName: string; // required, ≤ 100
  lastName?: string | null; // ≤ 100
  email: string; // required
  /** Required when preferredContact is phone or text. */
  phone?: string | null;
  requestType: PrayerRequestType; // required
  prayerRequest: string; // required, ≤ 5000
  /** Defaults to email. With none, no acknowledgement email is sent. */
  preferredContact?: PreferredContact | '' | null;
  isUrgent?: boolean;
  /** Anonymous sharing with the prayer team. */
  allowSharing?: boolean;
  /** The confidentiality checkbox; anything but true is a 400. */
  confidentialityAccepted: true;
}

/** POST /api/publishing-inquiries */
export interface PublishingInquiryRequest {
  firstName: string; // required
  lastName: string; // required
  email: string; // required
  phone?: string | null;
  bookTitle: string; // required, ≤ 200
  genre: Genre; // required
  manuscriptStatus: ManuscriptStatus; // required
  /** A whole number ≥ 0, as a number or a numeric string ("42000", "42,000"). */
  wordCount?: number | string | null;
  previouslyPublished?: boolean;
  /** Duplicates are dropped; left out means none. */
  servicesNeeded?: PublishingService[];
  bookDescription: string; // required, ≤ 5000
  publishingGoals: string; // required, ≤ 5000
  timeline?: PublishingTimeline | '' | null;
  budget?: PublishingBudget | '' | null;
  hearAboutUs?: PublishingHearAboutUs | '' | null;
}

/**
 * POST /api/book-submissions — multipart/form-data, every field required:
 * authorName (≤ 200), email, bookTitle (≤ 200), genre (a Genre), wordCount (whole number ≥ 0),
 * targetAudience (≤ 500), synopsis (≤ 10000), and the file field `manuscript`: PDF or DOCX (checked from the
 * file's content, not its name), at most 50 MB. Too large → 413 "Manuscript is too large: the limit is 50 MB.";
 * another type → 415 "Unsupported manuscript type: use PDF or DOCX."
 */
export type BookSubmissionFormFields = 'authorName' | 'email' | 'bookTitle' | 'genre' | 'wordCount' | 'targetAudience' | 'synopsis' | 'manuscript';

/** POST /api/newsletter-subscriptions */
export interface NewsletterSubscribeBody {
  email: string;
}

/** PATCH /api/contact-messages/:id, /api/prayer-requests/:id, /api/publishing-inquiries/:id, /api/book-submissions/:id (admin) */
export interface SetStatusRequestBody {
  status: InboxStatus;
}

/*
 * ── What the web gets back ──────────────────────────────────────────────────────────────────────────────────
 * Times are ISO strings. Optional text that was not given is null.
 */

/** 201 answer to every form POST (contact, prayer, publishing, book). */
export interface FormReceipt {
  id: string;
  status: 'new';
  receivedAt: string;
  /** A sentence fit for the success toast, e.g. "We will reply within 24 hours on business days." */
  message: string;
}

/** 201 when this request subscribed the address (new, or again after unsubscribing); 200 when it already was. */
export interface NewsletterSubscriptionResult {
  email: string;
  subscribedAt: string;
  alreadySubscribed: boolean;
  message: string;
}

export interface NewsletterUnsubscribeResult {
  email: string;
  unsubscribedAt: string;
}

/** GET /api/contact-messages (admin): ContactMessage[], newest first. Admin view of spec §3 plus the rest of what was sent. */
export interface ContactMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
  howHeardAboutUs: HowHeardAboutUs | null;
  wantsNewsletter: boolean;
  status: InboxStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/prayer-requests (admin): PrayerRequest[], newest first. */
export interface PrayerRequest {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string | null;
  requestType: PrayerRequestType;
  prayerRequest: string;
  preferredContact: PreferredContact;
  isUrgent: boolean;
  allowSharing: boolean;
  status: InboxStatus;
  submittedAt: string;
  updatedAt: string;
}

/** GET /api/publishing-inquiries (admin): PublishingInquiry[], newest first. */
export interface PublishingInquiry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  bookTitle: string;
  genre: Genre;
  manuscriptStatus: ManuscriptStatus;
  wordCount: number | null;
  previouslyPublished: boolean;
  servicesNeeded: PublishingService[];
  bookDescription: string;
  publishingGoals: string;
  timeline: PublishingTimeline | null;
  budget: PublishingBudget | null;
  hearAboutUs: PublishingHearAboutUs | null;
  status: InboxStatus;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/book-submissions (admin): BookSubmission[], newest first. */
export interface BookSubmission {
  id: string;
  authorName: string;
  email: string;
  status: InboxStatus;
  submittedAt: string;
  bookTitle: string;
  genre: Genre;
  wordCount: number;
  targetAudience: string;
  /** `/api/book-submissions/<id>/manuscript`: an admin-only download, never a public /media address. */
  manuscriptUrl: string;
  synopsis: string;
  /** The name the author's file had (made safe), used for the download. */
  manuscriptFilename: string;
  manuscriptSize: number;
  manuscriptContentType: ManuscriptContentType;
  updatedAt: string;
}

/** One page of an admin list, as the forms service answers it; the gateway answers `items` (see X-Total-Count). */
export interface InboxPage<T> {
  items: T[];
  total: number;
}

export interface InboxCount {
  total: number;
  /** Items whose status is new, unread or submitted (the "alert" badges of spec §4). */
  needsAttention: number;
}

/** GET /api/forms/counts (admin): the four dashboard cards. */
export interface FormsCounts {
  contactMessages: InboxCount;
  publishingInquiries: InboxCount;
  bookSubmissions: InboxCount;
  prayerRequests: InboxCount;
}
