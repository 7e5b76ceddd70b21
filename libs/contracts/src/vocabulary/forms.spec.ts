import assert from 'node:assert/strict';
import {
  CONTACT_SUBJECT_OPTIONS,
  GENRE_OPTIONS,
  HOW_HEARD_ABOUT_US_OPTIONS,
  MANUSCRIPT_STATUS_OPTIONS,
  PRAYER_REQUEST_TYPE_OPTIONS,
  PREFERRED_CONTACT_OPTIONS,
  PUBLISHING_BUDGET_OPTIONS,
  PUBLISHING_HEAR_ABOUT_US_OPTIONS,
  PUBLISHING_SERVICE_OPTIONS,
  PUBLISHING_TIMELINE_OPTIONS,
} from './forms';
import { optionLabel, type Option } from './options';

const values = (options: readonly Option[]) => options.map((option) => option.value);

// The values the forms API accepts (spec §2, §3; ARCHITECTURE §10), in the spec's order.
describe('form options', () => {
  it('match the enumerations of the spec', () => {
    assert.deepEqual(values(CONTACT_SUBJECT_OPTIONS), ['general', 'prayer', 'counseling', 'products', 'podcast', 'partnership', 'other']);
    assert.deepEqual(values(HOW_HEARD_ABOUT_US_OPTIONS), ['search', 'social', 'friend', 'church', 'podcast', 'event', 'other']);
    assert.deepEqual(values(PRAYER_REQUEST_TYPE_OPTIONS), [
      'personal',
      'family',
      'health',
      'financial',
      'guidance',
      'relationship',
      'salvation',
      'thanksgiving',
      'other',
    ]);
    assert.deepEqual(values(PREFERRED_CONTACT_OPTIONS), ['email', 'phone', 'text', 'none']);
    assert.deepEqual(values(GENRE_OPTIONS), [
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
    ]);
    assert.deepEqual(values(MANUSCRIPT_STATUS_OPTIONS), ['completed', 'nearly-complete', 'halfway', 'outline', 'idea']);
    assert.deepEqual(values(PUBLISHING_TIMELINE_OPTIONS), ['asap', '3-months', '6-months', '1-year', 'flexible']);
    assert.deepEqual(values(PUBLISHING_BUDGET_OPTIONS), ['under-1000', '1000-3000', '3000-5000', '5000-10000', 'over-10000', 'discuss']);
    assert.deepEqual(values(PUBLISHING_HEAR_ABOUT_US_OPTIONS), ['website', 'podcast', 'social-media', 'referral', 'search-engine', 'conference', 'other']);
    assert.deepEqual(values(PUBLISHING_SERVICE_OPTIONS), [
      'editing',
      'proofreading',
      'cover-design',
      'formatting',
      'isbn',
      'marketing',
      'distribution',
      'consultation',
    ]);
  });

  it('label the manuscript statuses with their progress', () => {
    assert.equal(optionLabel(MANUSCRIPT_STATUS_OPTIONS, 'nearly-complete'), 'Nearly complete (90%)');
    assert.equal(optionLabel(MANUSCRIPT_STATUS_OPTIONS, 'halfway'), 'Halfway (50%)');
  });

  it('use the words the site has always shown where the emails once differed', () => {
    assert.equal(optionLabel(CONTACT_SUBJECT_OPTIONS, 'products'), 'Products & orders');
    assert.equal(optionLabel(MANUSCRIPT_STATUS_OPTIONS, 'outline'), 'Outline only');
    assert.equal(optionLabel(MANUSCRIPT_STATUS_OPTIONS, 'idea'), 'Just an idea');
  });
});

describe('optionLabel', () => {
  it('falls back to the value, and to nothing without one', () => {
    assert.equal(optionLabel(GENRE_OPTIONS, 'biblical-studies'), 'Biblical Studies');
    assert.equal(optionLabel(GENRE_OPTIONS, 'poetry'), 'poetry');
    assert.equal(optionLabel(GENRE_OPTIONS, null), '');
    assert.equal(optionLabel(GENRE_OPTIONS, undefined), '');
  });
});
