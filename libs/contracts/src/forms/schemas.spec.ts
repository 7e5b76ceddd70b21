import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  bookSubmissionFieldsSchema,
  contactMessageSchema,
  newsletterSubscribeSchema,
  newsletterUnsubscribeSchema,
  prayerRequestSchema,
  publishingInquirySchema,
  setStatusSchema,
} from './schemas';

/** Every issue as "path: message", the way the gateway reports them. */
const problems = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const contact = { firstName: 'Ruth', lastName: 'Moab', email: 'ruth@example.com', subject: 'general', message: 'Hello', privacyAccepted: true };

test('a contact message is trimmed, optional blanks become null and flags default to false', () => {
  assert.deepEqual(contactMessageSchema.parse({ ...contact, firstName: '  Ruth ', phone: '', howHeardAboutUs: '' }), {
    firstName: 'Ruth',
    lastName: 'Moab',
    email: 'ruth@example.com',
    phone: null,
    subject: 'general',
    message: 'Hello',
    howHeardAboutUs: null,
    wantsNewsletter: false,
    privacyAccepted: true,
  });
});

test('the parsed form parses again to itself, so the service can validate what the gateway sends', () => {
  const once = publishingInquirySchema.parse({
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.example',
    bookTitle: 'T',
    genre: 'theology',
    manuscriptStatus: 'idea',
    wordCount: '42,000',
    servicesNeeded: ['editing', 'isbn', 'editing'],
    bookDescription: 'D',
    publishingGoals: 'G',
  });
  assert.deepEqual(once.wordCount, 42000);
  assert.deepEqual(once.servicesNeeded, ['editing', 'isbn']);
  assert.deepEqual(publishingInquirySchema.parse(once), once);
  const prayer = prayerRequestSchema.parse({ firstName: 'A', email: 'a@b.example', requestType: 'health', prayerRequest: 'P', confidentialityAccepted: true });
  assert.deepEqual(prayerRequestSchema.parse(prayer), prayer);
});

test('missing, blank and wrongly typed required fields are each named', () => {
  assert.deepEqual(problems(contactMessageSchema, {}), [
    'firstName: firstName is required',
    'lastName: lastName is required',
    'email: email is required',
    'subject: subject is required',
    'message: message is required',
    'privacyAccepted: privacyAccepted must be true: please accept the privacy policy to continue',
  ]);
  assert.deepEqual(problems(contactMessageSchema, { ...contact, firstName: '   ', subject: '', message: 7 }), [
    'firstName: firstName is required',
    'subject: subject is required',
    'message: message must be text',
  ]);
});

test('an enumeration violation lists the allowed values', () => {
  assert.deepEqual(problems(contactMessageSchema, { ...contact, subject: 'sales', howHeardAboutUs: 'youtube' }), [
    'subject: subject must be one of general, prayer, counseling, products, podcast, partnership, other',
    'howHeardAboutUs: howHeardAboutUs must be one of search, social, friend, church, podcast, event, other',
  ]);
});

test('email must be an email address; privacy must be exactly true', () => {
  assert.deepEqual(problems(contactMessageSchema, { ...contact, email: 'ruth(at)example.com', privacyAccepted: 'true' }), [
    'email: email must be a valid email address',
    'privacyAccepted: privacyAccepted must be true: please accept the privacy policy to continue',
  ]);
});

test('wordCount accepts whole numbers and numeric text, and refuses anything else by name', () => {
  const fields = { authorName: 'A', email: 'a@b.example', bookTitle: 'T', genre: 'fiction', targetAudience: 'Adults', synopsis: 'S' };
  assert.equal(bookSubmissionFieldsSchema.parse({ ...fields, wordCount: ' 80000 ' }).wordCount, 80000);
  assert.equal(bookSubmissionFieldsSchema.parse({ ...fields, wordCount: 0 }).wordCount, 0);
  for (const wordCount of ['-1', '12.5', 'many', 1.5, -3, '1,00']) {
    assert.deepEqual(
      problems(bookSubmissionFieldsSchema, { ...fields, wordCount }),
      ['wordCount: wordCount must be a whole number of 0 or more'],
      String(wordCount),
    );
  }
  assert.deepEqual(problems(bookSubmissionFieldsSchema, { ...fields, wordCount: '' }), ['wordCount: wordCount is required']);
  assert.deepEqual(problems(bookSubmissionFieldsSchema, { ...fields, wordCount: 20_000_000 }), ['wordCount: wordCount must be at most 10000000']);
});

test('servicesNeeded must be a list of known services', () => {
  const inquiry = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.example',
    bookTitle: 'T',
    genre: 'theology',
    manuscriptStatus: 'idea',
    bookDescription: 'D',
    publishingGoals: 'G',
  };
  const message =
    'servicesNeeded: servicesNeeded must be a list of these services: editing, proofreading, cover-design, formatting, isbn, marketing, distribution, consultation';
  assert.deepEqual(problems(publishingInquirySchema, { ...inquiry, servicesNeeded: ['editing', 'ghostwriting'] }), [message]);
  assert.deepEqual(problems(publishingInquirySchema, { ...inquiry, servicesNeeded: 'editing' }), [message]);
  assert.deepEqual(publishingInquirySchema.parse(inquiry).servicesNeeded, []);
});

test('a prayer request defaults preferredContact to email and needs a phone number to be called or texted', () => {
  const prayer = { firstName: 'Hannah', email: 'h@example.com', requestType: 'family', prayerRequest: 'For my son', confidentialityAccepted: true };
  assert.equal(prayerRequestSchema.parse(prayer).preferredContact, 'email');
  assert.equal(prayerRequestSchema.parse({ ...prayer, preferredContact: 'none' }).preferredContact, 'none');
  assert.deepEqual(problems(prayerRequestSchema, { ...prayer, preferredContact: 'text' }), ['phone: phone is required when preferredContact is text']);
  assert.equal(prayerRequestSchema.parse({ ...prayer, preferredContact: 'phone', phone: '555-0100' }).phone, '555-0100');
});

test('newsletter addresses are kept in lower case', () => {
  assert.deepEqual(newsletterSubscribeSchema.parse({ email: ' Lydia@Example.COM ' }), { email: 'lydia@example.com' });
});

test('an unsubscribe token must have the shape we issue', () => {
  assert.equal(newsletterUnsubscribeSchema.safeParse({ token: 'a'.repeat(43) }).success, true);
  assert.deepEqual(problems(newsletterUnsubscribeSchema, { token: 'short' }), [
    'token: token is not a valid unsubscribe token: use the unsubscribe link from one of our emails',
  ]);
  assert.deepEqual(problems(newsletterUnsubscribeSchema, {}), ['token: token is required: use the unsubscribe link from one of our emails']);
});

test('a status outside the inbox statuses is refused naming the allowed ones', () => {
  assert.deepEqual(problems(setStatusSchema, { status: 'done' }), [
    'status: status must be one of new, unread, submitted, contacted, under_review, completed, accepted, rejected, archived',
  ]);
  assert.deepEqual(problems(setStatusSchema, {}), ['status: status is required']);
});
