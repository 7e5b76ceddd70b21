import type { z } from 'zod';
import type {
  createSessionSchema,
  ensureMemberUserSchema,
  loginSchema,
  memberCodeSchema,
  memberLinkRequestSchema,
  registerRequestSchema,
  sessionTokenSchema,
} from './schemas';
import type { CreatedMemberLink, CreatedSession, MemberAccount, PublicUser, RegisterOutcome, ResolvedSession } from './types';

export const IdentitySubjects = {
  verifyCredentials: 'identity.credentials.verify',
  register: 'identity.users.register',
  createSession: 'identity.sessions.create',
  resolveSession: 'identity.sessions.resolve',
  revokeSession: 'identity.sessions.revoke',
  /** The account a Marketshare member signs in as; never an existing account found by email (ADR 0026). */
  ensureMemberUser: 'identity.members.ensure-user',
  /** A one-time sign-in link with a six-digit code (15 minutes, single use; a new one retires the older ones). */
  createMemberLink: 'identity.member-links.create',
  /** Uses a sign-in link up: its user, or unauthorized when it is unknown, used or expired. */
  redeemMemberLink: 'identity.member-links.redeem',
  /** Uses a link up by its six-digit code and the email it was sent to (five tries per link). */
  redeemMemberCode: 'identity.member-links.redeem-code',
  /** Uses an email verification link up: the user, now verified. */
  verifyEmail: 'identity.users.verify-email',
} as const;

/** What each identity subject takes and answers; `RpcClient.send` reads its types from here. */
export interface IdentitySubjectMap {
  [IdentitySubjects.verifyCredentials]: { payload: z.input<typeof loginSchema>; result: PublicUser };
  [IdentitySubjects.register]: { payload: z.input<typeof registerRequestSchema>; result: RegisterOutcome };
  [IdentitySubjects.createSession]: { payload: z.input<typeof createSessionSchema>; result: CreatedSession };
  [IdentitySubjects.resolveSession]: { payload: z.input<typeof sessionTokenSchema>; result: ResolvedSession };
  [IdentitySubjects.revokeSession]: { payload: z.input<typeof sessionTokenSchema>; result: { ok: true } };
  [IdentitySubjects.ensureMemberUser]: { payload: z.input<typeof ensureMemberUserSchema>; result: MemberAccount };
  [IdentitySubjects.createMemberLink]: { payload: z.input<typeof memberLinkRequestSchema>; result: CreatedMemberLink };
  [IdentitySubjects.redeemMemberLink]: { payload: z.input<typeof sessionTokenSchema>; result: PublicUser };
  [IdentitySubjects.redeemMemberCode]: { payload: z.input<typeof memberCodeSchema>; result: PublicUser };
  [IdentitySubjects.verifyEmail]: { payload: z.input<typeof sessionTokenSchema>; result: PublicUser };
}
