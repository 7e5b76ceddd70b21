import { AppError, InvalidError, isPlaceholderSecret } from '@km/nest-kit';
import { DataSource, IsNull } from 'typeorm';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../config';
import { Session } from '../sessions/session.entity';
import { hashPassword } from './password-hasher';
import { User } from './user.entity';

/** Same ceiling as sign-in (contracts' loginSchema), so the new password can actually be used. */
const MAX_LENGTH = 256;

/** Why a new admin password is refused, or undefined when it is acceptable. */
export function adminPasswordProblem(password: string): string | undefined {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `the new password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;
  if (password.length > MAX_LENGTH) return `the new password must be at most ${MAX_LENGTH} characters`;
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
    const admin = await manager
      .getRepository(User)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('lower(u.username) = lower(:username) AND u.is_admin', { username })
      .getOne();
    if (!admin) throw new AppError('not_found', `No admin named "${username}" exists: set ADMIN_USERNAME to the admin's username.`);
    await manager.getRepository(User).update({ id: admin.id }, { passwordHash });
    const revoked = await manager.getRepository(Session).update({ userId: admin.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    return { username: admin.username, revokedSessions: revoked.affected ?? 0 };
  });
}
