import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 22 §8: staff TOTP — the secret, whether it is confirmed, and the last accepted step (a code works once). */
export class UserTotp1764710000000 implements MigrationInterface {
  name = 'UserTotp1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "user_totp" ("user_id" text NOT NULL, "secret" text NOT NULL, "enabled" boolean NOT NULL, "last_step" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_user_totp" PRIMARY KEY ("user_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "user_totp"`);
  }
}
