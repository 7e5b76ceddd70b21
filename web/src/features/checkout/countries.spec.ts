import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COUNTRIES, countryCode, countryName, DEFAULT_COUNTRY } from './countries';

describe('countryCode', () => {
  it('maps "United States" to "US", in any case and with stray spaces', () => {
    assert.equal(countryCode('United States'), 'US');
    assert.equal(countryCode(' united states '), 'US');
  });

  it('accepts a code as well', () => {
    assert.equal(countryCode('ca'), 'CA');
    assert.equal(countryCode('GB'), 'GB');
  });

  it('is undefined for a country not on the list', () => {
    assert.equal(countryCode('Atlantis'), undefined);
    assert.equal(countryCode(''), undefined);
  });
});

describe('countryName', () => {
  it('names a code, and leaves an unknown value as given', () => {
    assert.equal(countryName('US'), 'United States');
    assert.equal(countryName('Nigeria'), 'Nigeria');
    assert.equal(countryName(' Atlantis '), 'Atlantis');
  });
});

describe('COUNTRIES', () => {
  it('starts with the default, United States, and has unique two-letter codes', () => {
    assert.equal(DEFAULT_COUNTRY, 'US');
    assert.equal(COUNTRIES[0].name, 'United States');
    const codes = COUNTRIES.map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const code of codes) assert.match(code, /^[A-Z]{2}$/);
  });
});
