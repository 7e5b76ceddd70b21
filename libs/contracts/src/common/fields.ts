import { z } from 'zod';

/** Nothing typed: missing, null, or only spaces. */
export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An email address a person typed: required, trimmed, at most 254 characters, with messages naming the field. */
export const requiredEmail = (field = 'email') =>
  z
    .string({ error: (issue) => (isBlank(issue.input) ? `${field} is required` : `${field} must be a valid email address`) })
    .trim()
    .min(1, `${field} is required`)
    .max(254, `${field} must be at most 254 characters`)
    .pipe(z.email(`${field} must be a valid email address`));

/** Unsubscribe tokens are 32 random bytes, base64url. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of an email's unsubscribe link, with messages that send the reader back to that link. */
export const unsubscribeToken = () =>
  z
    .string({ error: 'token is required: use the unsubscribe link from one of our emails' })
    .regex(UNSUBSCRIBE_TOKEN_PATTERN, 'token is not a valid unsubscribe token: use the unsubscribe link from one of our emails');
