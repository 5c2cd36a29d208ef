import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 12 point 2: each player's responsible-gambling settings (limits, pending raises, reality check, self-exclusion). */
export class PlayerLimits1764000000000 implements MigrationInterface {
  name = 'PlayerLimits1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "player_limits" ("player_id" text NOT NULL, "settings" jsonb NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_player_limits" PRIMARY KEY ("player_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "player_limits"`);
  }
}
