import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 22 §16: one-time game-launch codes (only their SHA-256), each good for one login within a minute. */
export class LaunchCodes1764720000000 implements MigrationInterface {
  name = 'LaunchCodes1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "launch_code" ("code_hash" text NOT NULL, "user_id" text NOT NULL, "table_id" text, "expires_at" bigint NOT NULL, CONSTRAINT "PK_launch_code" PRIMARY KEY ("code_hash"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "launch_code"`);
  }
}
