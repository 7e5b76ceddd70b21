import {
  acceptStaffInvitationSchema,
  IdentitySubjects,
  staffInvitationSchema,
  staffRemovalSchema,
  staffRoleChangeSchema,
  type StaffAccount,
} from '@km/contracts/identity';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { assertNewPassword } from '../passwords/password-rule';
import { StaffService } from './staff.service';

/** NATS patterns of the Team screen (ADR 0052); the gateway let only admins through, and the service checks again. */
@Controller()
export class StaffHandlers {
  constructor(private readonly staff: StaffService) {}

  @MessagePattern(IdentitySubjects.listStaff)
  list(): Promise<{ items: StaffAccount[] }> {
    return this.staff.list();
  }

  @MessagePattern(IdentitySubjects.inviteStaff)
  invite(@Payload() payload: unknown): Promise<StaffAccount> {
    return this.staff.invite(parseOrThrow(staffInvitationSchema, payload));
  }

  @MessagePattern(IdentitySubjects.changeStaffRole)
  changeRole(@Payload() payload: unknown): Promise<StaffAccount> {
    const { userId, role, byUserId } = parseOrThrow(staffRoleChangeSchema, payload);
    return this.staff.changeRole(userId, role, byUserId);
  }

  @MessagePattern(IdentitySubjects.removeStaff)
  remove(@Payload() payload: unknown): Promise<StaffAccount> {
    const { userId, byUserId } = parseOrThrow(staffRemovalSchema, payload);
    return this.staff.remove(userId, byUserId);
  }

  @MessagePattern(IdentitySubjects.resendStaffInvitation)
  resendInvitation(@Payload() payload: unknown): Promise<StaffAccount> {
    const { userId, byUserId } = parseOrThrow(staffRemovalSchema, payload);
    return this.staff.resendInvitation(userId, byUserId);
  }

  @MessagePattern(IdentitySubjects.acceptStaffInvitation)
  acceptInvitation(@Payload() payload: unknown): Promise<{ username: string }> {
    const input = parseOrThrow(acceptStaffInvitationSchema, payload);
    assertNewPassword(input.password, 'password');
    return this.staff.acceptInvitation(input);
  }
}
