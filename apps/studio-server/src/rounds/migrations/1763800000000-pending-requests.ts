import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Pending void and manual-entry requests survive a restart (issue 8 §5). */
export class PendingRequests1763800000000 implements MigrationInterface {
  name = 'PendingRequests1763800000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "pending_request" ("id" varchar(120) PRIMARY KEY, "table_id" varchar(120) NOT NULL, "data" jsonb NOT NULL, "created_at" bigint NOT NULL)`);
    await q.query(`CREATE INDEX IF NOT EXISTS "pending_request_table_idx" ON "pending_request" ("table_id")`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "pending_request"`);
  }
}
