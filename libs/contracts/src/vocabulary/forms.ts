import { toOptions } from './options';

// Enumerations of spec §3 with the words the site shows for them; the emails use the same words.
// The contact form's howHeardAboutUs list is the current one (ARCHITECTURE §10).

export const CONTACT_SUBJECTS = ['general', 'prayer', 'counseling', 'products', 'podcast', 'partnership', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General inquiry',
  prayer: 'Prayer',
  counseling: 'Counseling',
  products: 'Products & orders',
  podcast: 'Podcast',
  partnership: 'Partnership',
  other: 'Other',
};
export const CONTACT_SUBJECT_OPTIONS = toOptions(CONTACT_SUBJECTS, CONTACT_SUBJECT_LABELS);

export const HOW_HEARD_ABOUT_US = ['search', 'social', 'friend', 'church', 'podcast', 'event', 'other'] as const;
export type HowHeardAboutUs = (typeof HOW_HEARD_ABOUT_US)[number];
export const HOW_HEARD_ABOUT_US_LABELS: Record<HowHeardAboutUs, string> = {
  search: 'Search engine',
  social: 'Social media',
  friend: 'Friend or family',
  church: 'Church',
  podcast: 'Podcast',
  event: 'Event',
  other: 'Other',
};
export const HOW_HEARD_ABOUT_US_OPTIONS = toOptions(HOW_HEARD_ABOUT_US, HOW_HEARD_ABOUT_US_LABELS);

export const PRAYER_REQUEST_TYPES = ['personal', 'family', 'health', 'financial', 'guidance', 'relationship', 'salvation', 'thanksgiving', 'other'] as const;
export type PrayerRequestType = (typeof PRAYER_REQUEST_TYPES)[number];
export const PRAYER_REQUEST_TYPE_LABELS: Record<PrayerRequestType, string> = {
  personal: 'Personal',
  family: 'Family',
  health: 'Health & healing',
  financial: 'Financial',
  guidance: 'Guidance & direction',
  relationship: 'Relationships',
  salvation: 'Salvation',
  thanksgiving: 'Thanksgiving & praise',
  other: 'Other',
};
export const PRAYER_REQUEST_TYPE_OPTIONS = toOptions(PRAYER_REQUEST_TYPES, PRAYER_REQUEST_TYPE_LABELS);

export const PREFERRED_CONTACTS = ['email', 'phone', 'text', 'none'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];
export const PREFERRED_CONTACT_LABELS: Record<PreferredContact, string> = {
  email: 'Email',
  phone: 'Phone call',
  text: 'Text message',
  none: 'No follow-up needed',
};
export const PREFERRED_CONTACT_OPTIONS = toOptions(PREFERRED_CONTACTS, PREFERRED_CONTACT_LABELS);

export const GENRES = [
  'christian-living',
  'theology',
  'devotional',
  'biography',
  'prophecy',
  'ministry',
  'biblical-studies',
  'prayer',
  'family',
  'youth',
  'fiction',
  'other',
] as const;
export type Genre = (typeof GENRES)[number];
export const GENRE_LABELS: Record<Genre, string> = {
  'christian-living': 'Christian Living',
  theology: 'Theology',
  devotional: 'Devotional',
  biography: 'Biography & Memoir',
  prophecy: 'Prophecy',
  ministry: 'Ministry & Leadership',
  'biblical-studies': 'Biblical Studies',
  prayer: 'Prayer',
  family: 'Family & Marriage',
  youth: 'Youth',
  fiction: 'Christian Fiction',
  other: 'Other',
};
export const GENRE_OPTIONS = toOptions(GENRES, GENRE_LABELS);

export const MANUSCRIPT_STATUSES = ['completed', 'nearly-complete', 'halfway', 'outline', 'idea'] as const;
export type ManuscriptStatus = (typeof MANUSCRIPT_STATUSES)[number];
export const MANUSCRIPT_STATUS_LABELS: Record<ManuscriptStatus, string> = {
  completed: 'Completed',
  'nearly-complete': 'Nearly complete (90%)',
  halfway: 'Halfway (50%)',
  outline: 'Outline only',
  idea: 'Just an idea',
};
export const MANUSCRIPT_STATUS_OPTIONS = toOptions(MANUSCRIPT_STATUSES, MANUSCRIPT_STATUS_LABELS);

export const PUBLISHING_TIMELINES = ['asap', '3-months', '6-months', '1-year', 'flexible'] as const;
export type PublishingTimeline = (typeof PUBLISHING_TIMELINES)[number];
export const PUBLISHING_TIMELINE_LABELS: Record<PublishingTimeline, string> = {
  asap: 'As soon as possible',
  '3-months': 'Within 3 months',
  '6-months': 'Within 6 months',
  '1-year': 'Within a year',
  flexible: 'Flexible',
};
export const PUBLISHING_TIMELINE_OPTIONS = toOptions(PUBLISHING_TIMELINES, PUBLISHING_TIMELINE_LABELS);

export const PUBLISHING_BUDGETS = ['under-1000', '1000-3000', '3000-5000', '5000-10000', 'over-10000', 'discuss'] as const;
export type PublishingBudget = (typeof PUBLISHING_BUDGETS)[number];
export const PUBLISHING_BUDGET_LABELS: Record<PublishingBudget, string> = {
  'under-1000': 'Under $1,000',
  '1000-3000': '$1,000 - $3,000',
  '3000-5000': '$3,000 - $5,000',
  '5000-10000': '$5,000 - $10,000',
  'over-10000': 'Over $10,000',
  discuss: "Let's discuss",
};
export const PUBLISHING_BUDGET_OPTIONS = toOptions(PUBLISHING_BUDGETS, PUBLISHING_BUDGET_LABELS);

export const PUBLISHING_HEAR_ABOUT_US = ['website', 'podcast', 'social-media', 'referral', 'search-engine', 'conference', 'other'] as const;
export type PublishingHearAboutUs = (typeof PUBLISHING_HEAR_ABOUT_US)[number];
export const PUBLISHING_HEAR_ABOUT_US_LABELS: Record<PublishingHearAboutUs, string> = {
  website: 'This website',
  podcast: 'Podcast',
  'social-media': 'Social media',
  referral: 'A friend or referral',
  'search-engine': 'Search engine',
  conference: 'Conference or event',
  other: 'Other',
};
export const PUBLISHING_HEAR_ABOUT_US_OPTIONS = toOptions(PUBLISHING_HEAR_ABOUT_US, PUBLISHING_HEAR_ABOUT_US_LABELS);

export const PUBLISHING_SERVICES = ['editing', 'proofreading', 'cover-design', 'formatting', 'isbn', 'marketing', 'distribution', 'consultation'] as const;
export type PublishingService = (typeof PUBLISHING_SERVICES)[number];
export const PUBLISHING_SERVICE_LABELS: Record<PublishingService, string> = {
  editing: 'Editing',
  proofreading: 'Proofreading',
  'cover-design': 'Cover design',
  formatting: 'Formatting',
  isbn: 'ISBN registration',
  marketing: 'Marketing',
  distribution: 'Distribution',
  consultation: 'Consultation',
};
export const PUBLISHING_SERVICE_OPTIONS = toOptions(PUBLISHING_SERVICES, PUBLISHING_SERVICE_LABELS);

/**
 * Inbox statuses. Items arrive as `new`; the first seven are the badge values of spec §4, `rejected` and
 * `archived` are ours so an admin can close an item that was not accepted or needs no answer.
 */
export const INBOX_STATUSES = ['new', 'unread', 'submitted', 'contacted', 'under_review', 'completed', 'accepted', 'rejected', 'archived'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  unread: 'Unread',
  submitted: 'Submitted',
  contacted: 'Contacted',
  under_review: 'Under review',
  completed: 'Completed',
  accepted: 'Accepted',
  rejected: 'Rejected',
  archived: 'Archived',
};
export const INBOX_STATUS_OPTIONS = toOptions(INBOX_STATUSES, INBOX_STATUS_LABELS);
/** Statuses the dashboard counts as still needing attention (spec §4's "alert" badges). */
export const ATTENTION_STATUSES = ['new', 'unread', 'submitted'] as const;

/*
 * The prayer ministry (ADR 0042): a request's life, who may see it, and how its author is named on the wall.
 */
/** new → praying (the team prayed) → answered or closed; an expired request is closed by the digest run unless renewed. */
export const PRAYER_STATES = ['new', 'praying', 'answered', 'closed'] as const;
export type PrayerState = (typeof PRAYER_STATES)[number];
export const PRAYER_STATE_LABELS: Record<PrayerState, string> = { new: 'New', praying: 'Praying', answered: 'Answered', closed: 'Closed' };

/** A shared request waits for a moderator; only `approved` ones reach the wall. */
export const PRAYER_MODERATIONS = ['pending', 'approved', 'rejected'] as const;
export type PrayerModeration = (typeof PRAYER_MODERATIONS)[number];

/** How the author of a shared request is named on the wall: never more than the first name's initial. */
export const PRAYER_NAME_DISPLAYS = ['initial', 'anonymous'] as const;
export type PrayerNameDisplay = (typeof PRAYER_NAME_DISPLAYS)[number];
export const PRAYER_NAME_DISPLAY_LABELS: Record<PrayerNameDisplay, string> = {
  initial: 'Show my first initial',
  anonymous: 'Show as "Anonymous"',
};
export const PRAYER_NAME_DISPLAY_OPTIONS = toOptions(PRAYER_NAME_DISPLAYS, PRAYER_NAME_DISPLAY_LABELS);

/** The words a visitor agrees to by ticking "allow sharing" (stored with the request as its consent, ADR 0042). */
export const PRAYER_SHARING_CONSENT =
  'Share my request anonymously with the prayer team, and on the public prayer wall after a moderator approves it, named as I chose (my first initial or "Anonymous"). Never my last name, email or phone.';

/** Who a campaign goes to (ADR 0057): always confirmed newsletter addresses, one copy each. */
export const NEWSLETTER_AUDIENCES = ['all', 'members', 'podcast'] as const;
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number];
export const NEWSLETTER_AUDIENCE_LABELS: Record<NewsletterAudience, string> = {
  all: 'All confirmed subscribers',
  members: 'Marketshare members only',
  podcast: 'Podcast subscribers only',
};
