import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a confirmation link's signature proves: this purpose, this subscription, this address, until then. */
const PURPOSE = 'newsletter-confirm:v1';

const signature = (subscriptionId: string, email: string, expiresAt: number, secret: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${subscriptionId}\n${email}\n${expiresAt}`).digest('base64url');

/** `<subscription id>.<expiry, Unix seconds>.<HMAC>` (ADR 0055): the shape CONFIRM_TOKEN_PATTERN accepts. */
export function confirmToken(subscriptionId: string, email: string, expiresAt: Date, secret: string): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${subscriptionId}.${seconds}.${signature(subscriptionId, email, seconds, secret)}`;
}

export interface ConfirmTokenParts {
  subscriptionId: string;
  expiresAt: Date;
  signature: string;
}

export function readConfirmToken(token: string): ConfirmTokenParts {
  const [subscriptionId, seconds, sig] = token.split('.');
  return { subscriptionId, expiresAt: new Date(Number(seconds) * 1000), signature: sig };
}

/** Whether the token was signed with this secret for this subscription and address, compared in constant time. */
export function isConfirmSignature(parts: ConfirmTokenParts, email: string, secret: string): boolean {
  const expected = Buffer.from(signature(parts.subscriptionId, email, Math.floor(parts.expiresAt.getTime() / 1000), secret));
  const given = Buffer.from(parts.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
