import { AppError, InvalidError, isPlaceholderSecret } from '@km/nest-kit';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { newPasswordProblem } from './passwords/password-rule';
import { Session } from './sessions/session.entity';
import { resetSecondFactor } from './totp/second-factor.store';
import { hashPassword } from './users/password-hasher';
import { User } from './users/user.entity';

/** Why a new admin password is refused (every new password's rule, then no shipped placeholder), or undefined. */
export function adminPasswordProblem(password: string): string | undefined {
  const problem = newPasswordProblem(password);
  if (problem) return problem;
  if (isPlaceholderSecret(password)) return 'the new password is a placeholder or development value shipped with the repository; choose a real one';
  return undefined;
}

/**
 * Sets an admin's password (argon2id, identity's parameters) and revokes every session the admin has open, in one
 * transaction, so whoever held the old password is signed out at once.
 */
export async function rotateAdminPassword(dataSource: DataSource, username: string, password: string): Promise<{ username: string; revokedSessions: number }> {
  const problem = adminPasswordProblem(password);
  if (problem) throw new InvalidError(problem);
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (manager) => {
    const admin = await lockAdmin(manager, username);
    await manager.getRepository(User).update({ id: admin.id }, { passwordHash });
    return { username: admin.username, revokedSessions: await revokeSessions(manager, admin.id) };
  });
}

/**
 * Removes an admin's second factor (a lost phone): the TOTP secret, the recovery codes and any pending sign-in go,
 * and every session the admin has open is revoked. The next sign-in with the password asks to enrol again
 * (production), so whoever held the old factor or a session holds nothing.
 */
export async function resetAdminTotp(dataSource: DataSource, username: string): Promise<{ username: string; revokedSessions: number }> {
  return dataSource.transaction(async (manager) => {
    const admin = await lockAdmin(manager, username);
    await resetSecondFactor(manager, admin.id);
    return { username: admin.username, revokedSessions: await revokeSessions(manager, admin.id) };
  });
}

async function lockAdmin(manager: EntityManager, username: string): Promise<User> {
  const admin = await manager
    .getRepository(User)
    .createQueryBuilder('u')
    .setLock('pessimistic_write')
    .where('lower(u.username) = lower(:username) AND u.is_admin', { username })
    .getOne();
  if (!admin) throw new AppError('not_found', `No admin named "${username}" exists: set ADMIN_USERNAME to the admin's username.`);
  return admin;
}

async function revokeSessions(manager: EntityManager, userId: string): Promise<number> {
  const revoked = await manager.getRepository(Session).update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  return revoked.affected ?? 0;
}
