import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_INQUIRY_FORM, parseWordCount, toPublishingInquiryPayload, WORD_COUNT_PATTERN, type InquiryFormValues } from './publishing-inquiry';

const required: InquiryFormValues = {
  ...EMPTY_INQUIRY_FORM,
  firstName: 'Priscilla',
  lastName: 'Aquila',
  email: 'p@example.com',
  bookTitle: ' Tentmakers ',
  genre: 'ministry',
  manuscriptStatus: 'nearly-complete',
  bookDescription: 'Work and ministry.',
  publishingGoals: 'Equip bi-vocational leaders.',
};

describe('parseWordCount', () => {
  it('reads whole numbers as people write them', () => {
    assert.equal(parseWordCount('45000'), 45000);
    assert.equal(parseWordCount(' 45,000 '), 45000);
    assert.equal(parseWordCount('0'), 0);
  });

  it('is undefined for anything else', () => {
    assert.equal(parseWordCount(''), undefined);
    assert.equal(parseWordCount('about 40k'), undefined);
    assert.equal(parseWordCount('4.5'), undefined);
    assert.equal(parseWordCount('-3'), undefined);
  });
});

describe('WORD_COUNT_PATTERN', () => {
  // The browser anchors a pattern attribute at both ends.
  const matches = (text: string) => new RegExp(`^(?:${WORD_COUNT_PATTERN})$`).test(text);

  it('allows plain and comma-grouped numbers', () => {
    for (const text of ['0', '45000', '45,000', '1,250,000', ' 900 ']) assert.ok(matches(text), text);
  });

  it('refuses words, decimals and odd grouping', () => {
    for (const text of ['40k', '4.5', '4,50', '-1', '45 000']) assert.ok(!matches(text), text);
  });
});

describe('toPublishingInquiryPayload', () => {
  it('sends the required fields, the yes/no answer and an empty service list', () => {
    assert.deepEqual(toPublishingInquiryPayload(required), {
      firstName: 'Priscilla',
      lastName: 'Aquila',
      email: 'p@example.com',
      bookTitle: 'Tentmakers',
      genre: 'ministry',
      manuscriptStatus: 'nearly-complete',
      previouslyPublished: false,
      servicesNeeded: [],
      bookDescription: 'Work and ministry.',
      publishingGoals: 'Equip bi-vocational leaders.',
    });
  });

  it('adds the optional answers, the word count as a number and services in form order', () => {
    const payload = toPublishingInquiryPayload({
      ...required,
      phone: '555 0100',
      wordCount: '62,500',
      previouslyPublished: true,
      servicesNeeded: ['marketing', 'editing', 'isbn'],
      timeline: '6-months',
      budget: 'discuss',
      hearAboutUs: 'podcast',
    });
    assert.equal(payload.phone, '555 0100');
    assert.equal(payload.wordCount, 62500);
    assert.equal(payload.previouslyPublished, true);
    assert.deepEqual(payload.servicesNeeded, ['editing', 'isbn', 'marketing']);
    assert.equal(payload.timeline, '6-months');
    assert.equal(payload.budget, 'discuss');
    assert.equal(payload.hearAboutUs, 'podcast');
  });
});
