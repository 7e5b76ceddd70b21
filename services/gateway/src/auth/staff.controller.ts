import {
  acceptStaffInvitationSchema,
  IdentitySubjects,
  staffAccountIdSchema,
  staffInvitationBodySchema,
  staffRoleBodySchema,
  type AcceptStaffInvitationInput,
  type StaffAccount,
  type StaffInvitationInput,
  type StaffRoleInput,
} from '@km/contracts/identity';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimits } from '../http/rate-limits';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { RequireAdmin, type AuthedRequest } from './guards';

const staffId = (id: string) => parseOrThrow(staffAccountIdSchema, { id }).id;

/**
 * The Team screen (ADR 0052): full admins list the staff, invite a member by email, change a role and remove an
 * account. Identity decides every change under one lock and checks again that the caller is an admin.
 */
@ApiTags('staff')
@Controller('api/staff')
export class StaffController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @RequireAdmin()
  @ApiOperation({ summary: 'Every staff account (admins and the prayer team) with its role and status (active, invited, disabled).' })
  list(): Promise<{ items: StaffAccount[] }> {
    return this.rpc.send(IdentitySubjects.listStaff, {});
  }

  @Post('invitations')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Invites a staff member: an account with this username and role, without a password, and an email to the address with a link (72 hours, once) to set one. 409 when the username or email is taken.',
  })
  @ApiZodBody(staffInvitationBodySchema)
  invite(@Req() req: AuthedRequest, @ZodBody(staffInvitationBodySchema) body: StaffInvitationInput): Promise<StaffAccount> {
    return this.rpc.send(IdentitySubjects.inviteStaff, { ...body, byUserId: req.user!.id });
  }

  @Put(':id/role')
  @RequireAdmin()
  @ApiOperation({
    summary: "Changes a staff account's role (admin or prayer_team); its sessions end when admin access changes. Never the caller's own account.",
  })
  @ApiZodBody(staffRoleBodySchema)
  changeRole(@Req() req: AuthedRequest, @Param('id') id: string, @ZodBody(staffRoleBodySchema) body: StaffRoleInput): Promise<StaffAccount> {
    return this.rpc.send(IdentitySubjects.changeStaffRole, { userId: staffId(id), role: body.role, byUserId: req.user!.id });
  }

  @Post(':id/invitation')
  @RequireAdmin()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Mails an invited account a new link to set its password (72 hours, once); the link sent before stops working. 409 once the password is set or the account was removed.',
  })
  resendInvitation(@Req() req: AuthedRequest, @Param('id') id: string): Promise<StaffAccount> {
    return this.rpc.send(IdentitySubjects.resendStaffInvitation, { userId: staffId(id), byUserId: req.user!.id });
  }

  @Delete(':id')
  @RequireAdmin()
  @ApiOperation({ summary: "Removes a staff account: disabled at once, its sessions ended, its invitation retired. Never the caller's own account." })
  remove(@Req() req: AuthedRequest, @Param('id') id: string): Promise<StaffAccount> {
    return this.rpc.send(IdentitySubjects.removeStaff, { userId: staffId(id), byUserId: req.user!.id });
  }
}

/** The invitee's side: the link's token and a first password. Signs nobody in; the invitee signs in on /admin. */
@ApiTags('staff')
@Controller('api/staff-invitations')
export class StaffInvitationController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimits,
  ) {}

  @Post('accept')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets the first password of an invited staff account with the token of the mailed link; answers the username to sign in with.' })
  @ApiZodBody(acceptStaffInvitationSchema)
  async accept(@Req() req: AuthedRequest, @ZodBody(acceptStaffInvitationSchema) body: AcceptStaffInvitationInput): Promise<{ username: string }> {
    // Each try costs identity an argon2 hash: counted against the address's registration budget (ADR 0012).
    await this.limits.consumeRegistration(req.ip ?? 'unknown');
    return this.rpc.send(IdentitySubjects.acceptStaffInvitation, body);
  }
}
