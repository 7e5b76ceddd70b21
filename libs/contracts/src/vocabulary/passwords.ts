/**
 * The rule for a new password (ADR 0029, ASVS 5.0 V6.2): one length and one set of messages for the API (contracts'
 * schemas, identity) and the web form. Identity adds the check against a shipped list of common and leaked passwords,
 * which is too large for the browser bundle; the form shows that message from the API's answer.
 */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  tooShort: `Passwords must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Passwords must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  common: 'This password appears in lists of common or leaked passwords. Please choose another one.',
} as const;

/** The length part of the rule, for a form to check before it sends; identity checks the same and the common list. */
export function newPasswordLengthProblem(password: string): string | undefined {
  if (password.length < NEW_PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return undefined;
}

/** A TOTP code from an authenticator app: six digits (spaces typed between groups are ignored). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
