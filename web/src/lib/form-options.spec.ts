import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BUDGETS,
  CONTACT_SUBJECTS,
  GENRES,
  HEAR_ABOUT_OPTIONS,
  HOW_HEARD_OPTIONS,
  MANUSCRIPT_STATUSES,
  optionLabel,
  PRAYER_REQUEST_TYPES,
  PREFERRED_CONTACT_OPTIONS,
  PUBLISHING_SERVICES,
  TIMELINES,
  type Option,
} from './form-options';

const values = (options: readonly Option[]) => options.map((option) => option.value);

// The values the forms API accepts (spec §2, §3; ARCHITECTURE §10), in the spec's order.
describe('form options', () => {
  it('match the enumerations of the spec', () => {
    assert.deepEqual(values(CONTACT_SUBJECTS), ['general', 'prayer', 'counseling', 'products', 'podcast', 'partnership', 'other']);
    assert.deepEqual(values(HOW_HEARD_OPTIONS), ['search', 'social', 'friend', 'church', 'podcast', 'event', 'other']);
    assert.deepEqual(values(PRAYER_REQUEST_TYPES), [
      'personal', 'family', 'health', 'financial', 'guidance', 'relationship', 'salvation', 'thanksgiving', 'other',
    ]);
    assert.deepEqual(values(PREFERRED_CONTACT_OPTIONS), ['email', 'phone', 'text', 'none']);
    assert.deepEqual(values(GENRES), [
      'christian-living', 'theology', 'devotional', 'biography', 'prophecy', 'ministry',
      'biblical-studies', 'prayer', 'family', 'youth', 'fiction', 'other',
    ]);
    assert.deepEqual(values(MANUSCRIPT_STATUSES), ['completed', 'nearly-complete', 'halfway', 'outline', 'idea']);
    assert.deepEqual(values(TIMELINES), ['asap', '3-months', '6-months', '1-year', 'flexible']);
    assert.deepEqual(values(BUDGETS), ['under-1000', '1000-3000', '3000-5000', '5000-10000', 'over-10000', 'discuss']);
    assert.deepEqual(values(HEAR_ABOUT_OPTIONS), ['website', 'podcast', 'social-media', 'referral', 'search-engine', 'conference', 'other']);
    assert.deepEqual(values(PUBLISHING_SERVICES), [
      'editing', 'proofreading', 'cover-design', 'formatting', 'isbn', 'marketing', 'distribution', 'consultation',
    ]);
  });

  it('label the manuscript statuses with their progress', () => {
    assert.equal(optionLabel(MANUSCRIPT_STATUSES, 'nearly-complete'), 'Nearly complete (90%)');
    assert.equal(optionLabel(MANUSCRIPT_STATUSES, 'halfway'), 'Halfway (50%)');
  });
});

describe('optionLabel', () => {
  it('falls back to the value, and to nothing without one', () => {
    assert.equal(optionLabel(GENRES, 'biblical-studies'), 'Biblical Studies');
    assert.equal(optionLabel(GENRES, 'poetry'), 'poetry');
    assert.equal(optionLabel(GENRES, null), '');
    assert.equal(optionLabel(GENRES, undefined), '');
  });
});
