import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  detailFields,
  formatTimestamp,
  INBOXES,
  statusBadgeVariant,
  statusLabel,
  summarizeItem,
  type BookSubmission,
  type ContactMessage,
  type PrayerRequest,
  type PublishingInquiry,
} from './inbox';

describe('statusBadgeVariant', () => {
  it('follows spec §4', () => {
    for (const status of ['new', 'unread', 'submitted']) assert.equal(statusBadgeVariant(status), 'alert', status);
    for (const status of ['contacted', 'under_review']) assert.equal(statusBadgeVariant(status), 'secondary', status);
    for (const status of ['completed', 'accepted']) assert.equal(statusBadgeVariant(status), 'positive', status);
  });

  it('is plain for anything else', () => {
    for (const status of ['rejected', 'archived', 'spam', '', null, undefined]) {
      assert.equal(statusBadgeVariant(status), 'plain', String(status));
    }
  });
});

describe('statusLabel', () => {
  it('reads as words', () => {
    assert.equal(statusLabel('under_review'), 'Under review');
    assert.equal(statusLabel('new'), 'New');
    assert.equal(statusLabel('on_hold'), 'on hold');
  });
});

describe('formatTimestamp', () => {
  const utc = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });

  it('shows a short date with hour and minute', () => {
    // Intl may put a narrow no-break space before AM/PM; compare on plain spaces.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    assert.equal(plain(formatTimestamp('2026-11-21T15:05:00.000Z', utc)), 'Nov 21, 2026, 3:05 PM');
    assert.equal(plain(formatTimestamp('2026-01-02T00:00:00Z', utc)), 'Jan 2, 2026, 12:00 AM');
  });

  it('uses the local time zone by default', () => {
    assert.match(formatTimestamp('2026-11-21T15:05:00.000Z'), /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('is N/A when missing or unreadable', () => {
    assert.equal(formatTimestamp(null), 'N/A');
    assert.equal(formatTimestamp(undefined), 'N/A');
    assert.equal(formatTimestamp(''), 'N/A');
    assert.equal(formatTimestamp('not a date'), 'N/A');
  });
});

const base = { id: 'a1', email: 'x@example.com', status: 'new' as const, updatedAt: '2026-11-21T15:05:00Z' };

const contact: ContactMessage = {
  ...base,
  firstName: 'Lydia',
  lastName: 'Purple',
  phone: null,
  subject: 'partnership',
  message: 'Hello\nthere',
  howHeardAboutUs: 'podcast',
  wantsNewsletter: true,
  createdAt: '2026-11-21T15:05:00Z',
};

const inquiry: PublishingInquiry = {
  ...base,
  firstName: 'Priscilla',
  lastName: 'Aquila',
  phone: '555-0100',
  bookTitle: 'Tentmakers',
  genre: 'ministry',
  manuscriptStatus: 'nearly-complete',
  wordCount: 62500,
  previouslyPublished: false,
  servicesNeeded: ['editing', 'cover-design'],
  bookDescription: 'About work.',
  publishingGoals: 'Equip.',
  timeline: null,
  budget: '1000-3000',
  hearAboutUs: null,
  createdAt: '2026-11-21T15:05:00Z',
};

const book: BookSubmission = {
  ...base,
  authorName: 'Phoebe',
  submittedAt: '2026-11-21T15:05:00Z',
  bookTitle: 'Servant Leaders',
  genre: 'biblical-studies',
  wordCount: 48000,
  targetAudience: 'Deacons',
  manuscriptUrl: '/api/book-submissions/a1/manuscript',
  synopsis: 'A study.',
  manuscriptFilename: 'servant.pdf',
  manuscriptSize: 2048,
  manuscriptContentType: 'application/pdf',
};

const prayer: PrayerRequest = {
  ...base,
  firstName: 'Ruth',
  lastName: null,
  phone: null,
  requestType: 'health',
  prayerRequest: 'Healing.',
  preferredContact: 'email',
  isUrgent: true,
  allowSharing: false,
  submittedAt: '',
};

const field = (fields: { label: string; value: string }[], label: string) => fields.find((f) => f.label === label)?.value;

describe('INBOXES', () => {
  it('lists the four inboxes of spec §2 with their empty states', () => {
    assert.deepEqual(
      INBOXES.map((inbox) => [inbox.title, inbox.empty]),
      [
        ['Contact Messages', 'No contact messages yet.'],
        ['Publishing Inquiries', 'No publishing inquiries yet.'],
        ['Book Submissions', 'No book submissions yet.'],
        ['Prayer Requests', 'No prayer requests yet.'],
      ],
    );
  });
});

describe('summarizeItem', () => {
  it('heads each kind with what tells items apart', () => {
    assert.equal(summarizeItem('contact-messages', contact).heading, 'Partnership');
    assert.equal(summarizeItem('contact-messages', contact).from, 'Lydia Purple');
    assert.deepEqual(summarizeItem('publishing-inquiries', inquiry).tags, ['Ministry & Leadership', 'Nearly complete (90%)']);
    assert.deepEqual(summarizeItem('book-submissions', book).tags, ['Biblical Studies', '48,000 words']);
    const summary = summarizeItem('prayer-requests', prayer);
    assert.equal(summary.heading, 'Health & healing prayer request');
    assert.equal(summary.from, 'Ruth');
    assert.equal(summary.urgent, true);
    assert.equal(summary.receivedAt, '');
  });
});

describe('detailFields', () => {
  it('labels every field of a contact message', () => {
    const fields = detailFields('contact-messages', contact);
    assert.equal(field(fields, 'Phone'), '—');
    assert.equal(field(fields, 'Heard about us'), 'Podcast');
    assert.equal(field(fields, 'Newsletter opt-in'), 'Yes');
    assert.equal(field(fields, 'Message'), 'Hello\nthere');
    assert.equal(fields.find((f) => f.label === 'Email')?.href, 'mailto:x@example.com');
  });

  it('spells out a publishing inquiry', () => {
    const fields = detailFields('publishing-inquiries', inquiry);
    assert.equal(field(fields, 'Services needed'), 'Editing, Cover design');
    assert.equal(field(fields, 'Word count'), '62,500');
    assert.equal(field(fields, 'Timeline'), '—');
    assert.equal(field(fields, 'Budget'), '$1,000 - $3,000');
    assert.equal(fields.find((f) => f.label === 'Phone')?.href, 'tel:5550100');
  });

  it('names the manuscript of a book submission', () => {
    assert.equal(field(detailFields('book-submissions', book), 'Manuscript'), 'servant.pdf (2 KB)');
  });

  it('shows N/A for a missing time', () => {
    const fields = detailFields('prayer-requests', prayer);
    assert.equal(field(fields, 'Submitted'), 'N/A');
    assert.equal(field(fields, 'Urgent'), 'Yes');
    assert.equal(field(fields, 'Preferred contact'), 'Email');
  });
});
