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
