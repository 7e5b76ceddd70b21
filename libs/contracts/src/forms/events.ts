import type { PreferredContact } from '../vocabulary/forms';

/** Domain events of the forms service; published through its outbox after the submission commits. */
export const FormsEvents = {
  contactReceived: 'forms.contact.received',
  prayerReceived: 'forms.prayer.received',
  publishingReceived: 'forms.publishing.received',
  bookReceived: 'forms.book.received',
  newsletterSubscribed: 'forms.newsletter.subscribed',
  /** The owner of the address followed the confirmation link (ADR 0055). */
  newsletterConfirmed: 'forms.newsletter.confirmed',
} as const;

export interface ContactReceivedEvent {
  contactMessageId: string;
  email: string;
}

export interface PrayerReceivedEvent {
  prayerRequestId: string;
  email: string;
  isUrgent: boolean;
  preferredContact: PreferredContact;
}

export interface PublishingReceivedEvent {
  publishingInquiryId: string;
  email: string;
}

export interface BookReceivedEvent {
  bookSubmissionId: string;
  email: string;
}

/** Also published when an address that had unsubscribed subscribes again. */
export interface NewsletterSubscribedEvent {
  subscriptionId: string;
  email: string;
}

/** What each forms event carries; `recordEvent` and `EventConsumer` read their types from here. */
export interface FormsEventMap {
  [FormsEvents.contactReceived]: ContactReceivedEvent;
  [FormsEvents.prayerReceived]: PrayerReceivedEvent;
  [FormsEvents.publishingReceived]: PublishingReceivedEvent;
  [FormsEvents.bookReceived]: BookReceivedEvent;
  [FormsEvents.newsletterSubscribed]: NewsletterSubscribedEvent;
  [FormsEvents.newsletterConfirmed]: NewsletterSubscribedEvent;
}
