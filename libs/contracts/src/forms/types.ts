import type {
  ContactSubject,
  Genre,
  HowHeardAboutUs,
  InboxStatus,
  ManuscriptStatus,
  PrayerRequestType,
  PreferredContact,
  PublishingBudget,
  PublishingHearAboutUs,
  PublishingService,
  PublishingTimeline,
} from '../vocabulary/forms';
import type { MANUSCRIPT_CONTENT_TYPES } from './schemas';

// The enumerations' types live in ../vocabulary/forms (browser-safe); what the web sends is described by ./schemas.
export type ManuscriptContentType = (typeof MANUSCRIPT_CONTENT_TYPES)[number];

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
