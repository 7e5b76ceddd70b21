import type { z } from 'zod';
import type { createSessionSchema, ensureMemberUserSchema, loginSchema, memberLinkRequestSchema, registerSchema, sessionTokenSchema } from './schemas';
import type { CreatedMemberLink, CreatedSession, PublicUser, ResolvedSession } from './types';

export const IdentitySubjects = {
  verifyCredentials: 'identity.credentials.verify',
  register: 'identity.users.register',
  createSession: 'identity.sessions.create',
  resolveSession: 'identity.sessions.resolve',
  revokeSession: 'identity.sessions.revoke',
  /** The user a Marketshare member signs in as (role member, no password); made once per member. */
  ensureMemberUser: 'identity.members.ensure-user',
  /** A one-time sign-in link for a member's user (24 hours, single use). */
  createMemberLink: 'identity.member-links.create',
  /** Uses a sign-in link up: its member user, or unauthorized when it is unknown, used or expired. */
  redeemMemberLink: 'identity.member-links.redeem',
} as const;

/** What each identity subject takes and answers; `RpcClient.send` reads its types from here. */
export interface IdentitySubjectMap {
  [IdentitySubjects.verifyCredentials]: { payload: z.input<typeof loginSchema>; result: PublicUser };
  [IdentitySubjects.register]: { payload: z.input<typeof registerSchema>; result: PublicUser };
  [IdentitySubjects.createSession]: { payload: z.input<typeof createSessionSchema>; result: CreatedSession };
  [IdentitySubjects.resolveSession]: { payload: z.input<typeof sessionTokenSchema>; result: ResolvedSession };
  [IdentitySubjects.revokeSession]: { payload: z.input<typeof sessionTokenSchema>; result: { ok: true } };
  [IdentitySubjects.ensureMemberUser]: { payload: z.input<typeof ensureMemberUserSchema>; result: PublicUser };
  [IdentitySubjects.createMemberLink]: { payload: z.input<typeof memberLinkRequestSchema>; result: CreatedMemberLink };
  [IdentitySubjects.redeemMemberLink]: { payload: z.input<typeof sessionTokenSchema>; result: PublicUser };
}
