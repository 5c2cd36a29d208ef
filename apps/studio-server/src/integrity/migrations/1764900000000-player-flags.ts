import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 23, "flag a player": the pit's flags on player accounts (one standing flag per player; lifted ones kept). */
export class PlayerFlags1764900000000 implements MigrationInterface {
  name = 'PlayerFlags1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "player_flag" ("flag_id" text NOT NULL, "player_id" text NOT NULL, "reason" text NOT NULL, "flagged_by" text NOT NULL, "flagged_by_name" text NOT NULL, "at" bigint NOT NULL,
        "lifted_at" bigint, "lifted_by" text, "lifted_by_name" text, "lift_reason" text, CONSTRAINT "PK_player_flag" PRIMARY KEY ("flag_id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "player_flag_standing_idx" ON "player_flag" ("player_id") WHERE "lifted_at" IS NULL`);
    await q.query(`CREATE INDEX "player_flag_at_idx" ON "player_flag" ("at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "player_flag"`);
  }
}
