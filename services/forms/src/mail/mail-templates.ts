import type { BookSubmission, ContactMessage, PrayerRequest, PublishingInquiry } from '@km/contracts';
import { HOSTILE_TEXT, type MailTemplates } from '@km/nest-kit/mail';
import { bookMails, contactMails, newsletterConfirmationMail, newsletterWelcomeMail, prayerMails, publishingMails, type MailContext } from './forms-mails';
import { answeredThanksMail, digestMail } from '../prayer/prayer-mails';

const ctx: MailContext = { publicOrigin: 'https://kingdom.example', staff: { admin: 'admin@kingdom.example', publishing: 'publishing@kingdom.example' } };
const at = '2026-03-02T15:04:00.000Z';
/** What every sample shares: free text for the names, a new row received at `at`. */
const person = { firstName: HOSTILE_TEXT, lastName: HOSTILE_TEXT, email: 'ruth@example.com', phone: '555-0100' };
const received = { status: 'new', updatedAt: at } as const;

const contact: ContactMessage = {
  ...person,
  ...received,
  id: 'c1',
  createdAt: at,
  subject: 'partnership',
  message: `${HOSTILE_TEXT}\nSecond line`,
  howHeardAboutUs: 'church',
  wantsNewsletter: true,
};

const prayer: PrayerRequest = {
  id: 'p1',
  ...person,
  requestType: 'health',
  prayerRequest: HOSTILE_TEXT,
  preferredContact: 'email',
  isUrgent: true,
  allowSharing: true,
  ...received,
  submittedAt: at,
};

const inquiry: PublishingInquiry = {
  id: 'i1',
  ...person,
  bookTitle: HOSTILE_TEXT,
  genre: 'fiction',
  manuscriptStatus: 'nearly-complete',
  wordCount: 42000,
  previouslyPublished: false,
  servicesNeeded: ['editing', 'isbn'],
  bookDescription: HOSTILE_TEXT,
  publishingGoals: HOSTILE_TEXT,
  timeline: '6-months',
  budget: '1000-3000',
  hearAboutUs: 'podcast',
  ...received,
  createdAt: at,
};

const book: BookSubmission = {
  id: 'b1',
  authorName: HOSTILE_TEXT,
  email: 'priscilla@example.com',
  ...received,
  submittedAt: at,
  bookTitle: HOSTILE_TEXT,
  genre: 'ministry',
  wordCount: 55000,
  targetAudience: HOSTILE_TEXT,
  manuscriptUrl: '/api/book-submissions/b1/manuscript',
  synopsis: HOSTILE_TEXT,
  manuscriptFilename: 'tentmakers.pdf',
  manuscriptSize: 3 * 1024 * 1024,
  manuscriptContentType: 'application/pdf',
};

const adminInbox = 'Open the admin inbox: https://kingdom.example/admin';

/** Every email forms sends, with sample data (ADR 0030): a new one joins here, or `mail-templates.spec.ts` fails. */
export const MAIL_TEMPLATES: MailTemplates = {
  'contactMails.ack': { render: () => contactMails(contact, ctx)[0].mail, facts: ['within 24 hours on business days', 'Subject: Partnership'] },
  'contactMails.staff': {
    render: () => contactMails(contact, ctx)[1].mail,
    facts: ['Email: ruth@example.com', 'Phone: 555-0100', 'Received: Mar 2, 2026, 3:04 PM UTC', `> ${HOSTILE_TEXT}\n> Second line`, adminInbox],
  },
  'prayerMails.ack': { render: () => prayerMails(prayer, ctx)[0].mail, facts: ['You marked your request as urgent.', 'by email, as you asked'] },
  'prayerMails.staff': {
    render: () => prayerMails(prayer, ctx)[1].mail,
    facts: ['Request type: Health & healing', 'Urgent: Yes', `Prayer request:\n> ${HOSTILE_TEXT}`, adminInbox],
  },
  'publishingMails.ack': { render: () => publishingMails(inquiry, ctx)[0].mail, facts: ['will answer within 24-48 hours'] },
  'publishingMails.staff': {
    render: () => publishingMails(inquiry, ctx)[1].mail,
    facts: [
      `Book title: ${HOSTILE_TEXT}`,
      'Word count: 42,000',
      'Services needed: Editing, ISBN registration',
      `About the book:\n> ${HOSTILE_TEXT}`,
      adminInbox,
    ],
  },
  'bookMails.ack': { render: () => bookMails(book, ctx)[0].mail, facts: ['It arrived safely.'] },
  'bookMails.staff': {
    render: () => bookMails(book, ctx)[1].mail,
    facts: [
      'Manuscript: tentmakers.pdf (3.0 MB)',
      `Synopsis:\n> ${HOSTILE_TEXT}`,
      'Download the manuscript: https://kingdom.example/api/book-submissions/b1/manuscript',
    ],
  },
  newsletterConfirmationMail: {
    render: () => newsletterConfirmationMail('e1', 'lydia@example.com', '0b6f1c52-5d0e-4c1a-9d33-111111111111.1764300000.sig', 7 * 24 * 3600_000, ctx).mail,
    facts: [
      'Confirm my subscription: https://kingdom.example/api/newsletter-subscriptions/confirm?token=0b6f1c52-5d0e-4c1a-9d33-111111111111.1764300000.sig',
      'The link works for 7 days.',
    ],
  },
  newsletterWelcomeMail: {
    render: () => newsletterWelcomeMail('e1', 'lydia@example.com', 'tok_en-1', ctx).mail,
    facts: [
      'Thank you for subscribing to the Kingdom Marketplace newsletter.',
      'Unsubscribe: https://kingdom.example/api/newsletter-subscriptions/unsubscribe?token=tok_en-1',
    ],
  },
  digestMail: {
    render: () => digestMail('ruth@example.com', 'tok-123', [{ requestType: 'health', submittedAt: new Date(at), prayedThisWeek: 3 }], 3, ctx.publicOrigin),
    facts: ['3 people prayed for your request this week', 'https://kingdom.example/prayer/mine?token=tok-123', 'unsubscribe?token=tok-123'],
  },
  answeredThanksMail: {
    render: () => answeredThanksMail('admin@kingdom.example', HOSTILE_TEXT, ctx.publicOrigin),
    facts: ['A prayer was answered', 'Thank you for praying'],
  },
};
