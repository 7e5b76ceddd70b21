import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every service that publishes or consumes events includes this migration. */
export class CreateOutboxTables1763700000000 implements MigrationInterface {
  name = 'CreateOutboxTables1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      type text NOT NULL,
      data jsonb NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`);
    await q.query(`CREATE INDEX outbox_unpublished_idx ON outbox (occurred_at) WHERE published_at IS NULL`);
    await q.query(`CREATE TABLE handled_events (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE handled_events`);
    await q.query(`DROP TABLE outbox`);
  }
}
