import type { ContactSubject, HowHeardAboutUs } from '@km/contracts/vocabulary';

/** The form as typed; selects hold '' until chosen. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: ContactSubject | '';
  message: string;
  howHeardAboutUs: HowHeardAboutUs | '';
  wantsNewsletter: boolean;
  privacyAccepted: boolean;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  howHeardAboutUs: '',
  wantsNewsletter: false,
  privacyAccepted: false,
};

/** POST /api/contact-messages. */
export interface ContactMessagePayload {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  subject: ContactSubject;
  message: string;
  howHeardAboutUs?: HowHeardAboutUs;
  wantsNewsletter: boolean;
  privacyAccepted: true;
}

/**
 * The request body for a form the browser has already validated (required fields, email type, the privacy
 * box). Text is trimmed; optional fields left empty are not sent.
 */
export function toContactMessagePayload(values: ContactFormValues): ContactMessagePayload {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    subject: values.subject as ContactSubject,
    message: values.message.trim(),
    ...(values.howHeardAboutUs ? { howHeardAboutUs: values.howHeardAboutUs } : {}),
    wantsNewsletter: values.wantsNewsletter,
    privacyAccepted: true,
  };
}
