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
  /** Only on staff with a role short of admin (ADR 0043): `prayer_team` sees the prayer area and nothing else. */
  roles?: StaffRole[];
}

export const STAFF_ROLES = ['prayer_team'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an admin gives a staff account on the Team screen (ADR 0052): a full admin, or a role short of it. */
export const STAFF_ACCOUNT_ROLES = ['admin', ...STAFF_ROLES] as const;
export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];

/**
 * A staff account as the Team screen lists it (ADR 0052). `invited`: the invitation's link has not been used yet, so
 * the account has no password and cannot sign in; `disabled`: removed by an admin, its sessions ended.
 */
export interface StaffAccount {
  id: string;
  username: string;
  email: string | null;
  role: StaffAccountRole;
  status: 'active' | 'invited' | 'disabled';
  createdAt: string;
}

export interface CreatedSession {
  token: string;
  expiresAt: string;
}

export interface ResolvedSession {
  user: PublicUser | null;
}

/** A link identity made and mailed; its secret and code exist only in the email (never on the bus, never shown). */
export interface CreatedMemberLink {
  linkId: string;
  expiresAt: string;
}

/**
 * Whose account a membership is (ADR 0026). `member_user`: the member's own passwordless user (made now if the email
 * was free); `linked`: the signed-in, verified owner of the email joined, and the membership is now on that account;
 * `email_in_use`: another account holds the email, so nothing is linked until a mailed link proves its owner.
 */
export interface MemberAccount {
  status: 'member_user' | 'linked' | 'email_in_use';
  user: PublicUser | null;
}

/** What register did; a visitor is told none of it (one answer, ADR 0026), an admin is told the user. */
export interface RegisterOutcome {
  user: PublicUser | null;
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
