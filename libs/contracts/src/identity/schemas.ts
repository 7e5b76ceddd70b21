import { z } from 'zod';
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES } from '../vocabulary/passwords';
import { STAFF_ACCOUNT_ROLES, STAFF_ROLES } from './types';

const username = z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username must be at most 64 characters');

const password = z.string({ error: 'password is required' }).min(1, 'password is required').max(256, 'password must be at most 256 characters');

export const loginSchema = z.object({ username, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: username
    .min(3, 'username must be at least 3 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'username may contain only letters, digits, dot, dash and underscore'),
  password: password.min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort),
  email: z.email('email must be a valid email address').max(254).optional(),
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional().default(false),
  /** Staff roles short of admin (ADR 0043); only an admin may give them. */
  roles: z
    .array(z.enum(STAFF_ROLES, { error: `roles may contain only ${STAFF_ROLES.join(', ')}` }), { error: 'roles must be a list' })
    .max(STAFF_ROLES.length)
    .optional()
    .default([])
    .transform((roles) => [...new Set(roles)]),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const sessionTokenSchema = z.object({ token: z.string().min(1).max(200) });
export const createSessionSchema = z.object({ userId: z.uuid() });

/** The account a paid membership belongs to; `signedInUserId` is the caller's session, if any (ADR 0026). */
export const ensureMemberUserSchema = z.object({ memberId: z.uuid(), email: z.email().max(254), signedInUserId: z.uuid().optional() });
/** A one-time link (and code) for the member's account, or for the account that holds the membership's email. */
export const memberLinkRequestSchema = z.object({ memberId: z.uuid(), email: z.email().max(254) });
/** The six-digit code mailed with a link, for a device where the link opens in another browser. */
export const memberCodeSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254)
    .pipe(z.email({ error: 'email must be a valid email address' })),
  code: z
    .string({ error: 'code is required' })
    .trim()
    .regex(/^\d{6}$/, 'code must be the six digits from the email'),
});
export type MemberCodeInput = z.infer<typeof memberCodeSchema>;
/** Register over the bus: `byAdmin` keeps an admin's precise answers; anyone else gets one answer (ADR 0026). */
export const registerRequestSchema = registerSchema.extend({ byAdmin: z.boolean().default(false) });

// ADR 0029: second factor for admins, sessions and password change.

/** A second-factor code as typed: six digits from the app, or a recovery code. */
const secondFactorCode = z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64, 'code must be at most 64 characters');
export const secondFactorCodeSchema = z.object({ code: secondFactorCode });
export type SecondFactorCodeInput = z.infer<typeof secondFactorCodeSchema>;

export const userIdSchema = z.object({ userId: z.uuid() });
export const pendingLoginSchema = z.object({ pendingToken: z.string().min(1).max(200) });
export const completeLoginSchema = z.object({ pendingToken: z.string().min(1).max(200), code: secondFactorCode });
export const confirmTotpSchema = z.object({ userId: z.uuid(), code: secondFactorCode });

export const disableTotpBodySchema = z.object({ currentPassword: password, code: secondFactorCode });
export type DisableTotpInput = z.infer<typeof disableTotpBodySchema>;
export const disableTotpSchema = disableTotpBodySchema.extend({ userId: z.uuid() });

export const changePasswordBodySchema = z.object({
  currentPassword: password,
  newPassword: password.min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort),
});
export type ChangePasswordInput = z.infer<typeof changePasswordBodySchema>;
/** keepToken: the caller's own session, which stays signed in. */
export const changePasswordSchema = changePasswordBodySchema.extend({ userId: z.uuid(), keepToken: z.string().min(1).max(200) });

// ADR 0052: the Team screen. Every change names the admin who asks (`byUserId`, from the gateway's session).

const staffRole = z.enum(STAFF_ACCOUNT_ROLES, { error: `role must be one of ${STAFF_ACCOUNT_ROLES.join(', ')}` });

/** An admin invites a staff member: the account works once its owner sets a password from the mailed link. */
export const staffInvitationBodySchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'email must be a valid email address' })),
  username: registerSchema.shape.username,
  role: staffRole,
});
export type StaffInvitationInput = z.infer<typeof staffInvitationBodySchema>;
export const staffInvitationSchema = staffInvitationBodySchema.extend({ byUserId: z.uuid() });

export const staffRoleBodySchema = z.object({ role: staffRole });
export type StaffRoleInput = z.infer<typeof staffRoleBodySchema>;
export const staffRoleChangeSchema = staffRoleBodySchema.extend({ userId: z.uuid(), byUserId: z.uuid() });
export const staffRemovalSchema = z.object({ userId: z.uuid(), byUserId: z.uuid() });

/** The invitee sets a password with the token of the mailed link (once, before it expires). */
export const acceptStaffInvitationSchema = z.object({
  token: z.string({ error: 'token is required: open the link from your invitation email' }).min(1, 'token is required').max(200, 'token is not valid'),
  password: password.min(NEW_PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort),
});
export type AcceptStaffInvitationInput = z.infer<typeof acceptStaffInvitationSchema>;
/** The `:id` of a staff route. */
export const staffAccountIdSchema = z.object({ id: z.uuid({ error: 'id must be the id of a staff account' }) });
