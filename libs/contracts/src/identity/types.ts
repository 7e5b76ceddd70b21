/** A user as every other part of the system sees it: never a password or hash. */
export interface PublicUser {
  id: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
}

export interface CreatedSession {
  token: string;
  expiresAt: string;
}

export interface ResolvedSession {
  user: PublicUser | null;
}
