import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0026: a payment step belongs to the browser that started it. Each incomplete subscription records
 * the hash of that browser's signup cookie; only that browser is answered its secret, and only it is signed in, once.
 * The one pending subscription per email is gone: another browser's try gets its own subscription.
 */
export class SignupBrowsers1763700000510 implements MigrationInterface {
  name = 'SignupBrowsers1763700000510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE signup_attempts (
      subscription_id text PRIMARY KEY,
      email text NOT NULL,
      browser_key_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      session_issued_at timestamptz
    )`);
    await q.query(`CREATE INDEX signup_attempts_browser_idx ON signup_attempts (email, browser_key_hash, created_at DESC)`);
    await q.query(`ALTER TABLE signups DROP COLUMN pending_subscription_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE signups ADD COLUMN pending_subscription_id text`);
    await q.query(`DROP TABLE signup_attempts`);
  }
}
