import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Alert acknowledgements on the server (issue 7): one row per acknowledged alert, the first pit boss's. */
export class AlertAcks1763900000000 implements MigrationInterface {
  name = 'AlertAcks1763900000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "alert_ack" ("alert_id" text PRIMARY KEY, "acked_by" text NOT NULL, "acked_by_name" text NOT NULL, "acked_at" bigint NOT NULL, "note" text)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "alert_ack"`);
  }
}
