import type { PrayerNameDisplay, PreferredContact, PrayerRequestType } from '@km/contracts/vocabulary';

export interface PrayerFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  requestType: PrayerRequestType | '';
  prayerRequest: string;
  preferredContact: PreferredContact | '';
  isUrgent: boolean;
  allowSharing: boolean;
  /** Asked only once allowSharing is ticked (ADR 0042). */
  shareNameAs: PrayerNameDisplay;
  confidentialityAccepted: boolean;
}

export const EMPTY_PRAYER_FORM: PrayerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  requestType: '',
  prayerRequest: '',
  preferredContact: '',
  isUrgent: false,
  allowSharing: false,
  shareNameAs: 'anonymous',
  confidentialityAccepted: false,
};

/** The fields spec §5 requires, in the order they appear on the form. */
export const PRAYER_REQUIRED_FIELDS = ['firstName', 'email', 'requestType', 'prayerRequest'] as const;
/** phone joins them when the prayer team is asked to call or text back (the forms API refuses it otherwise). */
export type PrayerRequiredField = (typeof PRAYER_REQUIRED_FIELDS)[number] | 'phone';

export const phoneRequired = (values: Pick<PrayerFormValues, 'preferredContact'>): boolean =>
  values.preferredContact === 'phone' || values.preferredContact === 'text';

/** Spec §5, word for word. */
export const PRAYER_VALIDATION_MESSAGES = {
  missingFields: {
    title: 'Missing required fields',
    description: 'Please fill in all required fields before submitting.',
  },
  // Not in the spec, which checks presence only; worded like the newsletter's check of the same thing.
  invalidEmail: {
    title: 'Invalid email',
    description: 'Please enter a valid email address.',
  },
  confidentiality: {
    title: 'Privacy agreement required',
    description: 'Please accept the privacy policy to continue.',
  },
} as const;

export type PrayerValidation =
  | { ok: true }
  | { ok: false; reason: 'missingFields'; fields: PrayerRequiredField[] }
  | { ok: false; reason: 'invalidEmail' }
  | { ok: false; reason: 'confidentiality' };

// The form turns off the browser's checks (spec §5), so an address is only looked at this far: something,
// an at sign, something, a dot, something. The server has the last word.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The prayer form's own check (its native validation is off). Reports the first problem only, in the order
 * the spec gives them: missing fields, then the confidentiality box; a malformed email sits between the two.
 */
export function validatePrayerRequest(values: PrayerFormValues): PrayerValidation {
  const required: PrayerRequiredField[] = [...PRAYER_REQUIRED_FIELDS];
  if (phoneRequired(values)) required.splice(required.indexOf('email') + 1, 0, 'phone');
  const fields = required.filter((field) => values[field].trim() === '');
  if (fields.length > 0) return { ok: false, reason: 'missingFields', fields };
  if (!EMAIL_SHAPE.test(values.email.trim())) return { ok: false, reason: 'invalidEmail' };
  if (!values.confidentialityAccepted) return { ok: false, reason: 'confidentiality' };
  return { ok: true };
}

/** POST /api/prayer-requests. */
export interface PrayerRequestPayload {
  firstName: string;
  lastName?: string;
  email: string;
  phone?: string;
  requestType: PrayerRequestType;
  prayerRequest: string;
  preferredContact?: PreferredContact;
  isUrgent: boolean;
  allowSharing: boolean;
  shareNameAs?: PrayerNameDisplay;
  confidentialityAccepted: true;
}

/** The request body for values that passed validatePrayerRequest; empty optional fields are not sent. */
export function toPrayerRequestPayload(values: PrayerFormValues): PrayerRequestPayload {
  const lastName = values.lastName.trim();
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    ...(lastName ? { lastName } : {}),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    requestType: values.requestType as PrayerRequestType,
    prayerRequest: values.prayerRequest.trim(),
    ...(values.preferredContact ? { preferredContact: values.preferredContact } : {}),
    isUrgent: values.isUrgent,
    allowSharing: values.allowSharing,
    // The name choice goes only with the consent it belongs to.
    ...(values.allowSharing ? { shareNameAs: values.shareNameAs } : {}),
    confidentialityAccepted: true,
  };
}
