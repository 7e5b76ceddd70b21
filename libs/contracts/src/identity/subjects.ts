import type { z } from 'zod';
import type { createSessionSchema, loginSchema, registerSchema, sessionTokenSchema } from './schemas';
import type { CreatedSession, PublicUser, ResolvedSession } from './types';

export const IdentitySubjects = {
  verifyCredentials: 'identity.credentials.verify',
  register: 'identity.users.register',
  createSession: 'identity.sessions.create',
  resolveSession: 'identity.sessions.resolve',
  revokeSession: 'identity.sessions.revoke',
} as const;

/** What each identity subject takes and answers; `RpcClient.send` reads its types from here. */
export interface IdentitySubjectMap {
  [IdentitySubjects.verifyCredentials]: { payload: z.input<typeof loginSchema>; result: PublicUser };
  [IdentitySubjects.register]: { payload: z.input<typeof registerSchema>; result: PublicUser };
  [IdentitySubjects.createSession]: { payload: z.input<typeof createSessionSchema>; result: CreatedSession };
  [IdentitySubjects.resolveSession]: { payload: z.input<typeof sessionTokenSchema>; result: ResolvedSession };
  [IdentitySubjects.revokeSession]: { payload: z.input<typeof sessionTokenSchema>; result: { ok: true } };
}
