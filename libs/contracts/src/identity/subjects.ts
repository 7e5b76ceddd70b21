import type { z } from 'zod';
import type {
  acceptStaffInvitationSchema,
  changePasswordSchema,
  completeLoginSchema,
  confirmTotpSchema,
  createSessionSchema,
  disableTotpSchema,
  ensureMemberUserSchema,
  loginSchema,
  memberCodeSchema,
  memberLinkRequestSchema,
  pendingLoginSchema,
  registerRequestSchema,
  sessionTokenSchema,
  staffInvitationSchema,
  staffRemovalSchema,
  staffRoleChangeSchema,
  userIdSchema,
} from './schemas';
import type {
  CompletedLogin,
  CreatedMemberLink,
  CreatedSession,
  LoginStep,
  MemberAccount,
  PublicUser,
  RegisterOutcome,
  ResolvedSession,
  StaffAccount,
  TotpEnrolment,
  TotpStatus,
} from './types';

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
  /** After a right password: a session at once, or a pending sign-in waiting for the second factor. */
  startLogin: 'identity.logins.start',
  /** Whose pending sign-in this is (unauthorized when unknown, used or expired); the gateway's limiter keys on it. */
  pendingLoginUser: 'identity.logins.pending-user',
  /** Starts TOTP enrolment for the admin of a pending sign-in that requires it. */
  setupPendingLoginTotp: 'identity.logins.totp-setup',
  /** Completes a pending sign-in with a TOTP or recovery code (and confirms an enrolment); used up on success. */
  completeLogin: 'identity.logins.complete',
  totpStatus: 'identity.totp.status',
  setupTotp: 'identity.totp.setup',
  confirmTotp: 'identity.totp.confirm',
  disableTotp: 'identity.totp.disable',
  /** Revokes every session of a user, the caller's own included. */
  revokeAllSessions: 'identity.sessions.revoke-all',
  /** Sets a new password after checking the current one, and revokes every other session. */
  changePassword: 'identity.passwords.change',
  /** ADR 0052: every staff account (admins and staff roles) with its role and status. */
  listStaff: 'identity.staff.list',
  /** Makes a staff account without a password and mails its owner a link to set one. */
  inviteStaff: 'identity.staff.invite',
  /** Admin ↔ prayer_team; never the caller's own account, never the last admin. */
  changeStaffRole: 'identity.staff.change-role',
  /** Disables a staff account and ends its sessions; never the caller's own account, never the last admin. */
  removeStaff: 'identity.staff.remove',
  /** Uses an invitation link up: sets the password and proves the email. */
  acceptStaffInvitation: 'identity.staff.accept-invitation',
  /** Mails an invited account a new link (72 hours); the link sent before stops working. */
  resendStaffInvitation: 'identity.staff.resend-invitation',
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
  [IdentitySubjects.startLogin]: { payload: z.input<typeof userIdSchema>; result: LoginStep };
  [IdentitySubjects.pendingLoginUser]: { payload: z.input<typeof pendingLoginSchema>; result: { userId: string } };
  [IdentitySubjects.setupPendingLoginTotp]: { payload: z.input<typeof pendingLoginSchema>; result: TotpEnrolment };
  [IdentitySubjects.completeLogin]: { payload: z.input<typeof completeLoginSchema>; result: CompletedLogin };
  [IdentitySubjects.totpStatus]: { payload: z.input<typeof userIdSchema>; result: TotpStatus };
  [IdentitySubjects.setupTotp]: { payload: z.input<typeof userIdSchema>; result: TotpEnrolment };
  [IdentitySubjects.confirmTotp]: { payload: z.input<typeof confirmTotpSchema>; result: { recoveryCodes: string[] } };
  [IdentitySubjects.disableTotp]: { payload: z.input<typeof disableTotpSchema>; result: { ok: true } };
  [IdentitySubjects.revokeAllSessions]: { payload: z.input<typeof userIdSchema>; result: { revokedSessions: number } };
  [IdentitySubjects.changePassword]: { payload: z.input<typeof changePasswordSchema>; result: { revokedSessions: number } };
  [IdentitySubjects.listStaff]: { payload: Record<string, never>; result: { items: StaffAccount[] } };
  [IdentitySubjects.inviteStaff]: { payload: z.input<typeof staffInvitationSchema>; result: StaffAccount };
  [IdentitySubjects.changeStaffRole]: { payload: z.input<typeof staffRoleChangeSchema>; result: StaffAccount };
  [IdentitySubjects.removeStaff]: { payload: z.input<typeof staffRemovalSchema>; result: StaffAccount };
  [IdentitySubjects.acceptStaffInvitation]: { payload: z.input<typeof acceptStaffInvitationSchema>; result: { username: string } };
  [IdentitySubjects.resendStaffInvitation]: { payload: z.input<typeof staffRemovalSchema>; result: StaffAccount };
}
