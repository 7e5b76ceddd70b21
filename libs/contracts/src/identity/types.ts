/** A user as every other part of the system sees it: never a password or hash. */
export interface PublicUser {
  id: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
  /** Only on a Marketshare member's user (members have no password and sign in by emailed link). */
  role?: 'member';
  /** Only on a member's user: the member in the membership service. */
  memberId?: string;
}

export interface CreatedSession {
  token: string;
  expiresAt: string;
}

export interface ResolvedSession {
  user: PublicUser | null;
}

/** A sign-in link's secret, to be mailed (never shown to the requester). */
export interface CreatedMemberLink {
  linkId: string;
  token: string;
  expiresAt: string;
}

/**
 * What a right password leads to: a session at once, or a pending sign-in (its secret goes in a short-lived cookie)
 * that a TOTP code completes — or, for an admin without TOTP where it is required, that enrolment completes.
 */
export type LoginStep = { next: 'session' } | { next: 'totp' | 'totp-enrolment'; pendingToken: string; expiresAt: string };

/** An enrolment started: the secret for the authenticator app, as text and as a QR code (an SVG data URL). */
export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** A pending sign-in completed; recoveryCodes only when it also confirmed an enrolment (shown once). */
export interface CompletedLogin {
  user: PublicUser;
  recoveryCodes?: string[];
}
