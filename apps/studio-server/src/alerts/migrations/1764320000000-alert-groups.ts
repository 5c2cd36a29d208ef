import type { MigrationInterface, QueryRunner } from 'typeorm';

/** issue 20 defect 8: grouped alerts (count, last occurrence), self-resolution and escalation times. */
export class AlertGroups1764320000000 implements MigrationInterface {
  name = 'AlertGroups1764320000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "alert" ADD COLUMN IF NOT EXISTS "count" integer NOT NULL DEFAULT 1`);
    await q.query(`ALTER TABLE "alert" ADD COLUMN IF NOT EXISTS "last_at" bigint`);
    await q.query(`ALTER TABLE "alert" ADD COLUMN IF NOT EXISTS "resolved_at" bigint`);
    await q.query(`ALTER TABLE "alert" ADD COLUMN IF NOT EXISTS "escalated_at" bigint`);
    await q.query(`ALTER TABLE "alert" ADD COLUMN IF NOT EXISTS "subject" text`);
    await q.query(`CREATE INDEX IF NOT EXISTS "alert_open_idx" ON "alert" ("code", "table_id") WHERE "resolved_at" IS NULL`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "alert_open_idx"`);
    for (const c of ['subject', 'escalated_at', 'resolved_at', 'last_at', 'count']) await q.query(`ALTER TABLE "alert" DROP COLUMN IF EXISTS "${c}"`);
  }
}
