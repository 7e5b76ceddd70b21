import type { BookSubmission, ContactMessage, FormsCounts, PrayerRequest, PublishingInquiry } from '@km/contracts';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatFileSize } from '@/lib/format-file-size';
import {
  CONTACT_SUBJECT_OPTIONS,
  GENRE_OPTIONS,
  HOW_HEARD_ABOUT_US_OPTIONS,
  INBOX_STATUS_OPTIONS,
  MANUSCRIPT_STATUS_OPTIONS,
  optionLabel,
  PRAYER_REQUEST_TYPE_OPTIONS,
  PREFERRED_CONTACT_OPTIONS,
  PUBLISHING_BUDGET_OPTIONS,
  PUBLISHING_HEAR_ABOUT_US_OPTIONS,
  PUBLISHING_SERVICE_OPTIONS,
  PUBLISHING_TIMELINE_OPTIONS,
} from '@km/contracts/vocabulary';

// The API's answers come from the shared contracts (types only: nothing of it reaches the bundle).
export type { BookSubmission, ContactMessage, FormsCounts, InboxCount, InboxStatus, PrayerRequest, PublishingInquiry } from '@km/contracts';

/** "under_review" → "Under review"; an unknown status is shown as sent, underscores as spaces. */
export function statusLabel(status: string): string {
  return INBOX_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status.replace(/_/g, ' ');
}

/** Spec §4: new, unread, submitted → alert; contacted, under_review → secondary; completed, accepted → positive. */
export function statusBadgeVariant(status: string | null | undefined): BadgeVariant {
  switch (status) {
    case 'new':
    case 'unread':
    case 'submitted':
      return 'alert';
    case 'contacted':
    case 'under_review':
      return 'secondary';
    case 'completed':
    case 'accepted':
      return 'positive';
    default:
      return 'plain';
  }
}

const timestampFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Spec §2: a short date with hour and minute ("Nov 21, 2026, 3:05 PM"), or N/A when missing or unreadable. */
export function formatTimestamp(value: string | null | undefined, format: Intl.DateTimeFormat = timestampFormat): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : format.format(date);
}

export interface InboxItems {
  'contact-messages': ContactMessage;
  'publishing-inquiries': PublishingInquiry;
  'book-submissions': BookSubmission;
  'prayer-requests': PrayerRequest;
}
export type InboxKind = keyof InboxItems;
export type AnyInboxItem = InboxItems[InboxKind];

export interface InboxDefinition {
  kind: InboxKind;
  /** Card and tab title. */
  title: string;
  countKey: keyof FormsCounts;
  empty: string;
  /** "contact message", for sentences. */
  noun: string;
}

/** The four inboxes in the order of spec §2. */
export const INBOXES: readonly InboxDefinition[] = [
  {
    kind: 'contact-messages',
    title: 'Contact Messages',
    countKey: 'contactMessages',
    empty: 'No contact messages yet.',
    noun: 'contact message',
  },
  {
    kind: 'publishing-inquiries',
    title: 'Publishing Inquiries',
    countKey: 'publishingInquiries',
    empty: 'No publishing inquiries yet.',
    noun: 'publishing inquiry',
  },
  {
    kind: 'book-submissions',
    title: 'Book Submissions',
    countKey: 'bookSubmissions',
    empty: 'No book submissions yet.',
    noun: 'book submission',
  },
  {
    kind: 'prayer-requests',
    title: 'Prayer Requests',
    countKey: 'prayerRequests',
    empty: 'No prayer requests yet.',
    noun: 'prayer request',
  },
];

export const inboxPath = (kind: InboxKind) => `/api/${kind}`;

/** What a list row shows of an item. */
export interface InboxSummary {
  heading: string;
  from: string;
  /** Category-like facts, e.g. the subject or genre. */
  tags: string[];
  preview: string;
  receivedAt: string | null;
  urgent: boolean;
}

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

export function summarizeItem<K extends InboxKind>(kind: K, item: InboxItems[K]): InboxSummary {
  switch (kind) {
    case 'contact-messages': {
      const m = item as ContactMessage;
      return {
        heading: optionLabel(CONTACT_SUBJECT_OPTIONS, m.subject),
        from: fullName(m.firstName, m.lastName),
        tags: [],
        preview: m.message,
        receivedAt: m.createdAt,
        urgent: false,
      };
    }
    case 'publishing-inquiries': {
      const p = item as PublishingInquiry;
      return {
        heading: p.bookTitle,
        from: fullName(p.firstName, p.lastName),
        tags: [optionLabel(GENRE_OPTIONS, p.genre), optionLabel(MANUSCRIPT_STATUS_OPTIONS, p.manuscriptStatus)],
        preview: p.bookDescription,
        receivedAt: p.createdAt,
        urgent: false,
      };
    }
    case 'book-submissions': {
      const b = item as BookSubmission;
      return {
        heading: b.bookTitle,
        from: b.authorName,
        tags: [optionLabel(GENRE_OPTIONS, b.genre), `${formatCount(b.wordCount)} words`],
        preview: b.synopsis,
        receivedAt: b.submittedAt,
        urgent: false,
      };
    }
    default: {
      const r = item as PrayerRequest;
      return {
        heading: `${optionLabel(PRAYER_REQUEST_TYPE_OPTIONS, r.requestType)} prayer request`,
        from: fullName(r.firstName, r.lastName),
        tags: [],
        preview: r.prayerRequest,
        receivedAt: r.submittedAt,
        urgent: r.isUrgent,
      };
    }
  }
}

/** One line of an item's detail view; `long` values keep their line breaks and take the full width. */
export interface DetailField {
  label: string;
  value: string;
  long?: boolean;
  /** mailto: or tel: */
  href?: string;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '—');
const formatCount = (value: number) => new Intl.NumberFormat('en-US').format(value);

const contactFields = (name: string, email: string, phone: string | null): DetailField[] => [
  { label: 'Name', value: name },
  { label: 'Email', value: email, href: `mailto:${email}` },
  { label: 'Phone', value: orDash(phone), ...(phone ? { href: `tel:${phone.replace(/[^\d+]/g, '')}` } : {}) },
];

/** Every field of an item, labelled and formatted for the detail view. */
export function detailFields<K extends InboxKind>(kind: K, item: InboxItems[K]): DetailField[] {
  switch (kind) {
    case 'contact-messages': {
      const m = item as ContactMessage;
      return [
        ...contactFields(fullName(m.firstName, m.lastName), m.email, m.phone),
        { label: 'Subject', value: optionLabel(CONTACT_SUBJECT_OPTIONS, m.subject) },
        { label: 'Heard about us', value: orDash(optionLabel(HOW_HEARD_ABOUT_US_OPTIONS, m.howHeardAboutUs)) },
        { label: 'Newsletter opt-in', value: yesNo(m.wantsNewsletter) },
        { label: 'Received', value: formatTimestamp(m.createdAt) },
        { label: 'Message', value: m.message, long: true },
      ];
    }
    case 'publishing-inquiries': {
      const p = item as PublishingInquiry;
      return [
        ...contactFields(fullName(p.firstName, p.lastName), p.email, p.phone),
        { label: 'Book title', value: p.bookTitle },
        { label: 'Genre', value: optionLabel(GENRE_OPTIONS, p.genre) },
        { label: 'Manuscript status', value: optionLabel(MANUSCRIPT_STATUS_OPTIONS, p.manuscriptStatus) },
        { label: 'Word count', value: p.wordCount === null ? '—' : formatCount(p.wordCount) },
        { label: 'Previously published', value: yesNo(p.previouslyPublished) },
        {
          label: 'Services needed',
          value: p.servicesNeeded.length ? p.servicesNeeded.map((s) => optionLabel(PUBLISHING_SERVICE_OPTIONS, s)).join(', ') : '—',
        },
        { label: 'Timeline', value: orDash(optionLabel(PUBLISHING_TIMELINE_OPTIONS, p.timeline)) },
        { label: 'Budget', value: orDash(optionLabel(PUBLISHING_BUDGET_OPTIONS, p.budget)) },
        { label: 'Heard about us', value: orDash(optionLabel(PUBLISHING_HEAR_ABOUT_US_OPTIONS, p.hearAboutUs)) },
        { label: 'Received', value: formatTimestamp(p.createdAt) },
        { label: 'Book description', value: p.bookDescription, long: true },
        { label: 'Publishing goals', value: p.publishingGoals, long: true },
      ];
    }
    case 'book-submissions': {
      const b = item as BookSubmission;
      return [
        { label: 'Author', value: b.authorName },
        { label: 'Email', value: b.email, href: `mailto:${b.email}` },
        { label: 'Book title', value: b.bookTitle },
        { label: 'Genre', value: optionLabel(GENRE_OPTIONS, b.genre) },
        { label: 'Word count', value: formatCount(b.wordCount) },
        { label: 'Target audience', value: b.targetAudience },
        { label: 'Manuscript', value: `${b.manuscriptFilename} (${formatFileSize(b.manuscriptSize)})` },
        { label: 'Submitted', value: formatTimestamp(b.submittedAt) },
        { label: 'Synopsis', value: b.synopsis, long: true },
      ];
    }
    default: {
      const r = item as PrayerRequest;
      return [
        ...contactFields(fullName(r.firstName, r.lastName), r.email, r.phone),
        { label: 'Request type', value: optionLabel(PRAYER_REQUEST_TYPE_OPTIONS, r.requestType) },
        { label: 'Preferred contact', value: optionLabel(PREFERRED_CONTACT_OPTIONS, r.preferredContact) },
        { label: 'Urgent', value: yesNo(r.isUrgent) },
        { label: 'Share anonymously with the prayer team', value: yesNo(r.allowSharing) },
        { label: 'Submitted', value: formatTimestamp(r.submittedAt) },
        { label: 'Prayer request', value: r.prayerRequest, long: true },
      ];
    }
  }
}
