import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9 (trust): per-device MQTT credentials (finding 1) and user state for token checks (finding 9):
 * a disabled flag and a token version (bumping it revokes every token issued before).
 */
export class Trust1763800000000 implements MigrationInterface {
  name = 'Trust1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "device_credential" (
      "username" text NOT NULL, "table_id" text NOT NULL, "device_id" text NOT NULL, "secret_hash" text NOT NULL,
      "created_at" bigint NOT NULL, "rotated_at" bigint NOT NULL,
      CONSTRAINT "PK_device_credential_username" PRIMARY KEY ("username"))`);
    await q.query(`CREATE INDEX "device_credential_table_idx" ON "device_credential" ("table_id", "device_id")`);
    await q.query(`ALTER TABLE "app_user" ADD "disabled" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "app_user" ADD "token_version" integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "app_user" DROP COLUMN "token_version"`);
    await q.query(`ALTER TABLE "app_user" DROP COLUMN "disabled"`);
    await q.query(`DROP TABLE "device_credential"`);
  }
}
