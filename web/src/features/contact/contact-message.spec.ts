import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_CONTACT_FORM, toContactMessagePayload } from './contact-message';

describe('toContactMessagePayload', () => {
  const values = {
    ...EMPTY_CONTACT_FORM,
    firstName: ' Lydia ',
    lastName: 'Purple',
    email: ' lydia@example.com ',
    subject: 'partnership' as const,
    message: ' Let us work together. ',
    privacyAccepted: true,
  };

  it('trims text, sends the newsletter choice and the privacy acceptance', () => {
    assert.deepEqual(toContactMessagePayload(values), {
      firstName: 'Lydia',
      lastName: 'Purple',
      email: 'lydia@example.com',
      subject: 'partnership',
      message: 'Let us work together.',
      wantsNewsletter: false,
      privacyAccepted: true,
    });
  });

  it('includes phone and howHeardAboutUs only when given', () => {
    const payload = toContactMessagePayload({
      ...values,
      phone: ' 555 0100 ',
      howHeardAboutUs: 'podcast',
      wantsNewsletter: true,
    });
    assert.equal(payload.phone, '555 0100');
    assert.equal(payload.howHeardAboutUs, 'podcast');
    assert.equal(payload.wantsNewsletter, true);
  });
});
