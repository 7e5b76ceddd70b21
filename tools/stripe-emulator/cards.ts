// Stripe's test cards and test PaymentMethod ids (https://docs.stripe.com/testing), and what each one does.
import { createHash } from 'node:crypto';
import { ALPHABET } from './params';

export interface Decline {
  code: string;
  decline_code: string;
  message: string;
  param?: string;
}
export const DECLINED = 'Your card was declined.';
export const decline = (code: string, decline_code: string, message = DECLINED, param?: string): Decline => ({
  code,
  decline_code,
  message,
  ...(param && { param }),
});
/** How a test card's refunds end (https://docs.stripe.com/testing#refunds): `fail` starts `succeeded` and later turns
 *  `failed` (the money comes back to the charge); `pending` starts `pending` and later turns `succeeded`. */
export type RefundOutcome = 'fail' | 'pending';
export interface TestCard {
  funding: string;
  decline?: Decline;
  dispute?: true;
  refund?: RefundOutcome;
  /** Saved without a charge (a SetupIntent) it succeeds: only charges are declined (4000 0000 0000 0341). */
  setupSucceeds?: true;
}
export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { funding: 'credit' },
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': { funding: 'credit' },
  '2223003122003222': { funding: 'credit' },
  '5200828282828210': { funding: 'debit' },
  '378282246310005': { funding: 'credit' },
  '371449635398431': { funding: 'credit' },
  '6011111111111117': { funding: 'credit' },
  '5105105105105100': { funding: 'prepaid' },
  '3056930009020004': { funding: 'credit' },
  '3566002020360505': { funding: 'credit' },
  '6200000000000005': { funding: 'debit' },
  '4000000000000002': { funding: 'credit', decline: decline('card_declined', 'generic_decline') },
  '4000000000009995': { funding: 'credit', decline: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000009987': { funding: 'credit', decline: decline('card_declined', 'lost_card') },
  '4000000000009979': { funding: 'credit', decline: decline('card_declined', 'stolen_card') },
  '4100000000000019': { funding: 'credit', decline: decline('card_declined', 'fraudulent') },
  '4000000000000069': { funding: 'credit', decline: decline('expired_card', 'expired_card', 'Your card has expired.', 'exp_month') },
  '4000000000000127': { funding: 'credit', decline: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect.", 'cvc') },
  // The charge succeeds, then the cardholder disputes it as fraudulent (https://docs.stripe.com/testing#disputes).
  '4000000000000259': { funding: 'credit', dispute: true },
  // The charge succeeds; a refund answers `succeeded`, then fails (charge.refund.updated): https://docs.stripe.com/testing#refunds.
  '4000000000005126': { funding: 'credit', refund: 'fail' },
  // The charge succeeds; a refund answers `pending`, then succeeds (charge.refund.updated).
  '4000000000007726': { funding: 'credit', refund: 'pending' },
  // Attaches fine, every charge is declined: a renewal that fails (https://docs.stripe.com/testing#declined-payments).
  '4000000000000341': { funding: 'credit', decline: decline('card_declined', 'generic_decline'), setupSucceeds: true },
  '4000000000000119': {
    funding: 'credit',
    decline: decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
};
/** Stripe's test PaymentMethod ids, usable server-side without raw card numbers. */
export const PM_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_mastercard_prepaid: '5105105105105100',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_createDispute: '4000000000000259',
  pm_card_refundFail: '4000000000005126',
  pm_card_pendingRefund: '4000000000007726',
};
export const LIVE_CARD = decline(
  'card_declined',
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);
export function brandOf(n: string) {
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^35/.test(n)) return 'jcb';
  if (/^62/.test(n)) return 'unionpay';
  return 'unknown';
}
/**
 * Stripe's `card.fingerprint`: the same card number always gives the same value, different numbers differ (16 letters
 * and digits, as Stripe's). A test card token (pm_card_visa) used twice is one card, so one fingerprint.
 */
export function cardFingerprint(number: string) {
  return [...createHash('sha256').update(`km-emulator-card:${number}`).digest()]
    .slice(0, 16)
    .map((b) => ALPHABET[b % 62])
    .join('');
}
export function luhn(n: string) {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
