import type { EntityManager } from 'typeorm';

/** Removes a user's second factor: its TOTP secret (confirmed or being enrolled), its recovery codes, its pending sign-ins. */
export async function resetSecondFactor(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM admin_totp WHERE user_id = $1`, [userId]);
  await manager.query(`DELETE FROM totp_recovery_codes WHERE user_id = $1`, [userId]);
  await manager.query(`UPDATE pending_logins SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}
