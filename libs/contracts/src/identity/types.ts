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
