import type { BookSubmission, ContactMessage, PrayerRequest, PublishingInquiry } from '@km/contracts';
import assert from 'node:assert/strict';
import { bookMails, contactMails, newsletterWelcomeMail, prayerMails, publishingMails, type MailContext } from './forms-mails';

const ctx: MailContext = { publicOrigin: 'https://kingdom.example', staff: { admin: 'admin@kingdom.example', publishing: 'publishing@kingdom.example' } };
const at = '2026-03-02T15:04:00.000Z';

const contact: ContactMessage = {
  id: 'c1',
  firstName: 'Ruth',
  lastName: 'Moab',
  email: 'ruth@example.com',
  phone: null,
  subject: 'partnership',
  message: 'We would love to partner.',
  howHeardAboutUs: 'church',
  wantsNewsletter: true,
  status: 'new',
  createdAt: at,
  updatedAt: at,
};

const prayer: PrayerRequest = {
  id: 'p1',
  firstName: 'Hannah',
  lastName: null,
  email: 'hannah@example.com',
  phone: '555-0100',
  requestType: 'health',
  prayerRequest: 'For healing.',
  preferredContact: 'email',
  isUrgent: false,
  allowSharing: true,
  status: 'new',
  submittedAt: at,
  updatedAt: at,
};

const baseInquiry: PublishingInquiry = {
  id: 'i1',
  firstName: 'Luke',
  lastName: 'Physician',
  email: 'luke@example.com',
  phone: null,
  bookTitle: 'A Title',
  genre: 'fiction',
  manuscriptStatus: 'idea',
  wordCount: null,
  previouslyPublished: false,
  servicesNeeded: [],
  bookDescription: 'About it.',
  publishingGoals: 'Goals.',
  timeline: null,
  budget: null,
  hearAboutUs: null,
  status: 'new',
  createdAt: at,
  updatedAt: at,
};

const baseBook: BookSubmission = {
  id: 'b1',
  authorName: 'Priscilla',
  email: 'priscilla@example.com',
  status: 'new',
  submittedAt: at,
  bookTitle: 'Tentmakers',
  genre: 'ministry',
  wordCount: 55000,
  targetAudience: 'Church planters',
  manuscriptUrl: '/api/book-submissions/b1/manuscript',
  synopsis: 'Work and ministry.',
  manuscriptFilename: 'tentmakers.pdf',
  manuscriptSize: 1024,
  manuscriptContentType: 'application/pdf',
  updatedAt: at,
};

test('a contact message gets an acknowledgement promising a reply within 24 hours and a staff alert to the admin inbox', () => {
  const [ack, staff] = contactMails(contact, ctx);
  assert.equal(ack.key, 'contact-ack:c1');
  assert.equal(ack.mail.to, 'ruth@example.com');
  assert.equal(ack.mail.subject, 'We received your message | Kingdom Marketplace');
  assert.match(ack.mail.text, /^Hello,\n\nThank you for reaching out to Kingdom Marketplace\. .*reply within 24 hours on business days\./);
  assert.doesNotMatch(ack.mail.text, /Ruth|We would love to partner/);
  assert.equal(staff.key, 'contact-staff:c1');
  assert.deepEqual(
    [staff.mail.to, staff.mail.replyTo, staff.mail.subject],
    ['admin@kingdom.example', 'ruth@example.com', 'New contact message from Ruth Moab: Partnership'],
  );
  assert.match(staff.mail.text, /Heard about us: Church\nNewsletter: Subscribed\nReceived: Mar 2, 2026, 3:04 PM UTC/);
  assert.match(staff.mail.text, /Open the admin inbox: https:\/\/kingdom\.example\/admin/);
});

test('a prayer request with preferredContact none gets only the staff alert', () => {
  const mails = prayerMails({ ...prayer, preferredContact: 'none' }, ctx);
  assert.deepEqual(
    mails.map((m) => m.key),
    ['prayer-staff:p1'],
  );
  assert.match(mails[0].mail.text, /They asked for no follow-up, so they received no email from us\./);
});

test('an urgent prayer request is flagged in the staff subject and the acknowledgement offers a call', () => {
  const [ack, staff] = prayerMails({ ...prayer, isUrgent: true, preferredContact: 'phone' }, ctx);
  assert.equal(ack.key, 'prayer-ack:p1');
  assert.match(ack.mail.text, /If we follow up, we will do so by a phone call, as you asked\./);
  assert.match(ack.mail.text, /You marked your request as urgent\./);
  assert.equal(staff.mail.subject, '[URGENT] New prayer request from Hannah: Health & healing');
  assert.match(staff.mail.text, /Share anonymously with the prayer team: Yes/);
});

test('a publishing inquiry is acknowledged with the 24-48 hour promise and alerts the publishing inbox with every answer', () => {
  const inquiry: PublishingInquiry = {
    id: 'i1',
    firstName: 'Luke',
    lastName: 'Physician',
    email: 'luke@example.com',
    phone: null,
    bookTitle: 'An Orderly Account',
    genre: 'biblical-studies',
    manuscriptStatus: 'nearly-complete',
    wordCount: 42000,
    previouslyPublished: false,
    servicesNeeded: ['editing', 'isbn'],
    bookDescription: 'A careful history.',
    publishingGoals: 'Reach seekers.',
    timeline: '6-months',
    budget: '1000-3000',
    hearAboutUs: 'social-media',
    status: 'new',
    createdAt: at,
    updatedAt: at,
  };
  const [ack, staff] = publishingMails(inquiry, ctx);
  assert.equal(ack.key, 'publishing-ack:i1');
  assert.match(
    ack.mail.text,
    /^Hello,\n\nThank you for considering Kingdom Marketplace for your book\. Our publishing team has received your inquiry and will answer within 24-48 hours\./,
  );
  assert.equal(staff.mail.to, 'publishing@kingdom.example');
  assert.match(
    staff.mail.text,
    /Genre: Biblical Studies\nManuscript: Nearly complete \(90%\)\nWord count: 42,000\nPreviously published: No\nServices needed: Editing, ISBN registration\nTimeline: Within 6 months\nBudget: \$1,000 - \$3,000\nHeard about us: Social media/,
  );
});

test('a book submission alert links to the admin-only manuscript download', () => {
  const book: BookSubmission = {
    id: 'b1',
    authorName: 'Priscilla',
    email: 'priscilla@example.com',
    status: 'new',
    submittedAt: at,
    bookTitle: 'Tentmakers',
    genre: 'ministry',
    wordCount: 55000,
    targetAudience: 'Church planters',
    manuscriptUrl: '/api/book-submissions/b1/manuscript',
    synopsis: 'Work and ministry.',
    manuscriptFilename: 'tentmakers.docx',
    manuscriptSize: 3 * 1024 * 1024,
    manuscriptContentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    updatedAt: at,
  };
  const [ack, staff] = bookMails(book, ctx);
  assert.match(ack.mail.text, /^Hello,\n\nThank you for entrusting us with your manuscript\. It arrived safely\./);
  assert.match(staff.mail.text, /Manuscript: tentmakers\.docx \(3\.0 MB\)/);
  assert.match(bookMails({ ...book, manuscriptSize: 5000 }, ctx)[1].mail.text, /Manuscript: tentmakers\.docx \(5 KB\)/);
  assert.match(staff.mail.text, /Download the manuscript: https:\/\/kingdom\.example\/api\/book-submissions\/b1\/manuscript/);
});

test('acknowledgements to the unverified sender quote none of the submitted free text; staff alerts keep it', () => {
  const lure = 'Claim your prize at https://evil.example/phish';
  const mails = [
    ...contactMails({ ...contact, firstName: lure, lastName: lure, message: lure }, ctx),
    ...prayerMails({ ...prayer, firstName: lure, lastName: lure, prayerRequest: lure }, ctx),
    ...publishingMails({ ...baseInquiry, firstName: lure, lastName: lure, bookTitle: lure, bookDescription: lure, publishingGoals: lure }, ctx),
    ...bookMails({ ...baseBook, authorName: lure, bookTitle: lure, synopsis: lure, targetAudience: lure, manuscriptFilename: `${lure}.pdf` }, ctx),
  ];
  const acks = mails.filter((m) => m.key.includes('-ack:'));
  assert.deepEqual(
    acks.map((m) => m.key),
    ['contact-ack:c1', 'prayer-ack:p1', 'publishing-ack:i1', 'book-ack:b1'],
  );
  for (const { key, mail } of acks) {
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      assert.ok(!part.includes('evil.example') && !part.includes('Claim your prize'), `${key} quotes submitted text`);
    }
  }
  for (const { key, mail } of mails.filter((m) => m.key.includes('-staff:')))
    assert.ok(mail.text.includes('https://evil.example/phish'), `${key} lost the content`);
});

test('the newsletter welcome carries the unsubscribe link and is keyed by its event', () => {
  const welcome = newsletterWelcomeMail('e1', 'lydia@example.com', 'tok_en-1', ctx);
  assert.equal(welcome.key, 'newsletter-welcome:e1');
  assert.equal(welcome.mail.subject, 'Welcome to the Kingdom Marketplace newsletter');
  assert.match(welcome.mail.text, /Unsubscribe: https:\/\/kingdom\.example\/api\/newsletter-subscriptions\/unsubscribe\?token=tok_en-1\n/);
});

test('the staff alerts use the words the site shows for each choice (@km/contracts/vocabulary)', () => {
  assert.equal(contactMails({ ...contact, subject: 'products' }, ctx)[1].mail.subject, 'New contact message from Ruth Moab: Products & orders');
  assert.match(publishingMails({ ...baseInquiry, manuscriptStatus: 'outline' }, ctx)[1].mail.text, /Manuscript: Outline only\n/);
  assert.match(publishingMails(baseInquiry, ctx)[1].mail.text, /Genre: Christian Fiction\nManuscript: Just an idea\n/);
  assert.match(prayerMails({ ...prayer, preferredContact: 'text' }, ctx)[1].mail.text, /Request type: Health & healing\nPreferred contact: Text message\n/);
});
