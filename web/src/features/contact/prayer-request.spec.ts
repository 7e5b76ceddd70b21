import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_PRAYER_FORM, toPrayerRequestPayload, validatePrayerRequest, type PrayerFormValues } from './prayer-request';

const filled = (overrides: Partial<PrayerFormValues> = {}): PrayerFormValues => ({
  ...EMPTY_PRAYER_FORM,
  firstName: 'Ruth',
  email: 'ruth@example.com',
  requestType: 'health',
  prayerRequest: 'Healing for my mother.',
  confidentialityAccepted: true,
  ...overrides,
});

describe('validatePrayerRequest', () => {
  it('accepts a complete request', () => {
    assert.deepEqual(validatePrayerRequest(filled()), { ok: true });
  });

  it('names every missing required field, in form order', () => {
    assert.deepEqual(validatePrayerRequest(EMPTY_PRAYER_FORM), {
      ok: false,
      reason: 'missingFields',
      fields: ['firstName', 'email', 'requestType', 'prayerRequest'],
    });
  });

  it('treats whitespace as missing', () => {
    assert.deepEqual(validatePrayerRequest(filled({ firstName: '   ', prayerRequest: '\n' })), {
      ok: false,
      reason: 'missingFields',
      fields: ['firstName', 'prayerRequest'],
    });
  });

  it('reports missing fields before the confidentiality box', () => {
    const check = validatePrayerRequest(filled({ email: '', confidentialityAccepted: false }));
    assert.equal(check.ok, false);
    assert.equal(!check.ok && check.reason, 'missingFields');
  });

  it('requires the confidentiality box once the fields are there', () => {
    assert.deepEqual(validatePrayerRequest(filled({ confidentialityAccepted: false })), {
      ok: false,
      reason: 'confidentiality',
    });
  });

  it('refuses an address that is not one', () => {
    assert.deepEqual(validatePrayerRequest(filled({ email: 'ruth@' })), { ok: false, reason: 'invalidEmail' });
    assert.deepEqual(validatePrayerRequest(filled({ email: 'ruth example.com' })), { ok: false, reason: 'invalidEmail' });
  });

  it('needs a phone number only when asked to call or text back', () => {
    assert.deepEqual(validatePrayerRequest(filled({ preferredContact: 'email' })), { ok: true });
    assert.deepEqual(validatePrayerRequest(filled({ preferredContact: 'text' })), {
      ok: false,
      reason: 'missingFields',
      fields: ['phone'],
    });
    assert.deepEqual(validatePrayerRequest(filled({ preferredContact: 'phone', phone: '555 0100' })), { ok: true });
  });
});

describe('toPrayerRequestPayload', () => {
  it('trims text and leaves out empty optional fields', () => {
    assert.deepEqual(toPrayerRequestPayload(filled({ firstName: ' Ruth ', lastName: ' ', phone: '' })), {
      firstName: 'Ruth',
      email: 'ruth@example.com',
      requestType: 'health',
      prayerRequest: 'Healing for my mother.',
      isUrgent: false,
      allowSharing: false,
      confidentialityAccepted: true,
    });
  });

  it('sends every field the person filled in', () => {
    const payload = toPrayerRequestPayload(filled({ lastName: 'Naomi', phone: '555 0100', preferredContact: 'phone', isUrgent: true, allowSharing: true }));
    assert.deepEqual(payload, {
      firstName: 'Ruth',
      lastName: 'Naomi',
      email: 'ruth@example.com',
      phone: '555 0100',
      requestType: 'health',
      prayerRequest: 'Healing for my mother.',
      preferredContact: 'phone',
      isUrgent: true,
      allowSharing: true,
      shareNameAs: 'anonymous',
      confidentialityAccepted: true,
    });
  });

  it('sends the name choice only with the sharing consent it belongs to', () => {
    assert.equal(toPrayerRequestPayload(filled({ allowSharing: true, shareNameAs: 'initial' })).shareNameAs, 'initial');
    assert.equal('shareNameAs' in toPrayerRequestPayload(filled({ allowSharing: false, shareNameAs: 'initial' })), false);
  });
});
