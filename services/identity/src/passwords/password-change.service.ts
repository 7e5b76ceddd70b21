import { InvalidError, invalidFields } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionsService } from '../sessions/sessions.service';
import { hashPassword, verifyPassword } from '../users/password-hasher';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { assertNewPassword } from './password-rule';

/** A signed-in user's password change (ASVS 5.0 V6.2.2–V6.2.3, V7.4.3). */
@Injectable()
export class PasswordChangeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Checks the current password, sets the new one and revokes every other session of the user (whoever knew the old
   * password is signed out); `keepToken`'s session, the caller's, stays signed in.
   */
  async change(input: { userId: string; currentPassword: string; newPassword: string; keepToken: string }): Promise<{ revokedSessions: number }> {
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: input.userId });
    const hash = user.passwordHash;
    if (!hash) throw new InvalidError('Your account signs in with an emailed link and has no password to change.');
    // The rule first: a refused new password costs no argon2 work.
    assertNewPassword(input.newPassword, 'newPassword');
    if (!(await this.users.argon2.run(() => verifyPassword(hash, input.currentPassword))))
      throw invalidFields([{ field: 'currentPassword', message: 'The current password is not right.' }]);
    if (input.newPassword === input.currentPassword)
      throw invalidFields([{ field: 'newPassword', message: 'The new password must differ from the current one.' }]);
    const passwordHash = await this.users.argon2.run(() => hashPassword(input.newPassword));
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(User).update({ id: user.id }, { passwordHash });
      return { revokedSessions: await this.sessions.revokeAll(user.id, input.keepToken, manager) };
    });
  }
}
