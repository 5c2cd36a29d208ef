import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9 finding 9 (refresh-token reuse detection): one row per login ("family"); every refresh
 * rotates `current_jti`. A refresh token whose jti is not the family's current one was already rotated:
 * presenting it again means it was copied, so the family is revoked (`revoked_at`).
 */
export class RefreshFamilies1764150000000 implements MigrationInterface {
  name = 'RefreshFamilies1764150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "refresh_family" (
      "family_id" text NOT NULL, "user_id" text NOT NULL, "current_jti" text NOT NULL,
      "created_at" bigint NOT NULL, "rotated_at" bigint NOT NULL, "revoked_at" bigint,
      CONSTRAINT "PK_refresh_family_id" PRIMARY KEY ("family_id"))`);
    await q.query(`CREATE INDEX "refresh_family_user_idx" ON "refresh_family" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "refresh_family"`);
  }
}
