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
  counts: 'forms.inbox.counts',
} as const;
